import { formatMoney, localizedPath, PACKAGES, SITE_CURRENCY } from "@agency/contract";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { Callout, CardGrid, Hero, Section } from "../../components/content/blocks";
import { ExternalLink } from "../../components/content/external-link";
import { ProcessSteps } from "../../components/content/process-steps";
import "../../components/content/content.css";
import { loadCatalog } from "../../lib/i18n";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { SITE } from "../../lib/site";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

export default function ServicesPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const contact = localizedPath("/contact", locale);
  // The Starter package's fees, as the pricing element shows them: euro on the Dutch site, dollars on the English one.
  const currency = SITE_CURRENCY[locale];
  const starter = PACKAGES.find((pack) => pack.id === "starter")!.fees[currency];
  const startupFee = formatMoney(starter.startupFee, currency, locale);
  const monthlyFee = formatMoney(starter.monthlyFee, currency, locale);
  const name = SITE.name;

  return (
    <div className="c-page">
      <PageMeta
        title={t`Our services`}
        description={t`Website development, hosting & security, SEO, a blog system, contact forms and maintenance: everything for a website that brings in customers.`}
        locale={locale}
        path="/services"
        bilingual
      />

      <Hero
        title={<Trans>Our services</Trans>}
        lead={
          <Trans>
            Everything you need for a website that brings in customers: design, development, hosting, SEO and
            maintenance, from one team.
          </Trans>
        }
      />

      <Section title={<Trans>What we offer</Trans>}>
        <CardGrid
          items={[
            {
              title: <Trans>Website development</Trans>,
              text: (
                <Trans>
                  Custom websites built on our AI-based platform, designed around your goals and ready for every device.
                </Trans>
              ),
            },
            {
              title: <Trans>Hosting & security</Trans>,
              text: <Trans>Fast hosting with 99.9% uptime, free SSL, daily backups and automatic updates.</Trans>,
            },
            {
              title: <Trans>SEO</Trans>,
              text: (
                <Trans>A solid technical foundation and optimised content, so customers find you in search engines.</Trans>
              ),
            },
            {
              title: <Trans>Blog system</Trans>,
              badge: t`Included`,
              text: (
                <Trans>Publish news and articles yourself, to keep your website fresh and easier to find.</Trans>
              ),
            },
            {
              title: <Trans>Contact system</Trans>,
              text: <Trans>Contact and quote forms that deliver every enquiry straight to your inbox.</Trans>,
            },
            {
              title: <Trans>Maintenance & support</Trans>,
              text: (
                <Trans>
                  We keep your website up to date, with up to 2 hours per month of content updates and replies within
                  24 hours.
                </Trans>
              ),
            },
          ]}
        />
      </Section>

      <Section alt title={<Trans>How does it work?</Trans>}>
        <ProcessSteps />
        <div className="c-section__note">
          <Callout title={<Trans>Transparent pricing</Trans>}>
            <p>
              <Trans>
                A one-time startup fee plus a fixed monthly fee, starting at {startupFee} plus {monthlyFee} per month,
                excluding VAT. No hidden costs.
              </Trans>{" "}
              <Link to={localizedPath("/pricing", locale)}>
                <Trans>View all packages</Trans>
              </Link>
            </p>
          </Callout>
        </div>
        <div className="c-actions">
          <Link to={contact} className="c-button">
            <Trans>Get Free Quote</Trans>
          </Link>
        </div>
      </Section>

      <Section title={<Trans>Why {name}?</Trans>}>
        <CardGrid
          columns={4}
          items={[
            {
              title: <Trans>2-3x faster builds</Trans>,
              text: <Trans>Thanks to our AI-based platform, your website is usually done in 2-4 weeks.</Trans>,
            },
            {
              title: <Trans>You own your website</Trans>,
              text: <Trans>The website we build for you is yours.</Trans>,
            },
            {
              title: <Trans>No surprises</Trans>,
              text: <Trans>One startup fee and one fixed monthly fee, agreed in advance.</Trans>,
            },
            {
              title: <Trans>Personal support</Trans>,
              text: (
                <Trans>A fixed team that replies within 24 hours, with priority support for Professional and Enterprise.</Trans>
              ),
            },
          ]}
        />
      </Section>

      <Section alt narrow title={<Trans>Built on our own platform</Trans>}>
        <p>
          <Trans>
            We build every website on our own AI-based site-builder platform. That is how we combine speed with quality:
            99.9% uptime, free SSL, daily backups and automatic updates.
          </Trans>
        </p>
        <ExternalLink href={SITE.platformUrl} newTabHint={t`(opens in a new tab)`} className="c-button c-button--outline">
          <Trans>Discover our platform</Trans>
        </ExternalLink>
      </Section>
    </div>
  );
}
