import "@agency/widgets/agency-pricing.js";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { CardGrid, Hero, Section } from "../../components/content/blocks";
import { FaqAccordion } from "../../components/content/faq-accordion";
import { Island } from "../../site-islands";
import "../../components/content/content.css";
import { loadCatalog } from "../../lib/i18n";
import { localizedPath } from "@agency/contract";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

export default function PricingPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const contact = localizedPath("/contact", locale);

  return (
    <div className="c-page">
      <PageMeta
        title={t`Pricing`}
        description={t`Three website packages: a one-time startup fee plus a fixed monthly fee. You own your website, cancel anytime, ready within 30 days.`}
        locale={locale}
        path="/pricing"
        bilingual
      />

      <Hero
        title={<Trans>Transparent pricing</Trans>}
        lead={<Trans>A one-time startup fee plus a fixed monthly fee. No hidden costs.</Trans>}
      >
        <ul className="c-claims">
          <li>
            <Trans>You own your website</Trans>
          </li>
          <li>
            <Trans>Cancel anytime</Trans>
          </li>
          <li>
            <Trans>Ready within 30 days</Trans>
          </li>
        </ul>
      </Hero>

      <Section title={<Trans>Choose your package</Trans>}>
        <agency-pricing locale={locale} contact-href={contact} />
      </Section>

      <Section alt title={<Trans>What's Included</Trans>}>
        <CardGrid
          items={[
            {
              title: <Trans>Hosting & security</Trans>,
              text: <Trans>Hosting with 99.9% uptime, free SSL and daily backups.</Trans>,
            },
            {
              title: <Trans>Maintenance & updates</Trans>,
              text: <Trans>Automatic updates and up to 2 hours per month of content updates.</Trans>,
            },
            {
              title: <Trans>Support</Trans>,
              text: <Trans>Replies within 24 hours, with priority support for Professional and Enterprise.</Trans>,
            },
          ]}
        />
      </Section>

      <Section narrow title={<Trans>Frequently asked questions</Trans>}>
        <Island
          name="faq"
          component={FaqAccordion}
          props={{
            id: "pricing-faq",
            mode: "multiple",
            items: [
              {
                question: t`Can I cancel anytime?`,
                answer: t`Yes, you can cancel any time with 30 days notice.`,
              },
              {
                question: t`Are content updates included?`,
                answer: t`Yes, the monthly fee includes up to 2 hours per month of content updates.`,
              },
              {
                question: t`How long does it take before my website is ready?`,
                answer: t`It is usually done in 2-4 weeks.`,
              },
              {
                question: t`Can I upgrade my package later?`,
                answer: t`Yes. When you upgrade, you only pay the cost difference.`,
              },
              {
                question: t`How many revisions are included?`,
                answer: t`Unlimited revisions during development.`,
              },
              {
                question: t`What if I'm not satisfied?`,
                answer: t`You get a 30-day satisfaction guarantee after launch.`,
              },
            ],
          }}
        />
      </Section>

      <Section alt narrow className="c-cta" title={<Trans>Still have questions?</Trans>}>
        <p>
          <Trans>We're happy to help. Get in touch and we reply within 24 hours.</Trans>
        </p>
        <div className="c-actions">
          <Link to={contact} className="c-button">
            <Trans>Contact us</Trans>
          </Link>
        </div>
      </Section>
    </div>
  );
}
