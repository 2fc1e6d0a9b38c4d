import "@agency/widgets/agency-pricing.js";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { Compare, CardGrid, Hero, Section } from "../../components/content/blocks";
import { FaqAccordion } from "../../components/content/faq-accordion";
import { Island } from "../../site-islands";
import { ProcessSteps } from "../../components/content/process-steps";
import { Showcases } from "../../components/content/showcases";
import "../../components/content/content.css";
import { loadCatalog } from "../../lib/i18n";
import { localizedPath } from "@agency/contract";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

export default function HomePage() {
  const { t } = useLingui();
  const locale = useLocale();
  const contact = localizedPath("/contact", locale);

  return (
    <div className="c-page">
      <PageMeta
        title={t`Websites that turn visitors into customers`}
        description={t`We design, build, host and maintain custom websites for businesses in the Netherlands. Free quote, reply within 24 hours.`}
        locale={locale}
        path="/"
        bilingual
      />

      <Hero
        eyebrow={<Trans>Web design & development from the Netherlands</Trans>}
        title={<Trans>Websites that turn visitors into customers</Trans>}
        lead={
          <Trans>
            We design, build, host and maintain your custom website on our own AI-based platform. One startup fee, one
            fixed monthly fee, and a website that works for your business.
          </Trans>
        }
      >
        <div className="c-actions">
          <Link to={contact} className="c-button c-button--light">
            <Trans>Get Free Quote</Trans>
          </Link>
          <Link to={localizedPath("/portfolio", locale)}>
            <Trans>View our work</Trans>
          </Link>
        </div>
      </Hero>

      <Section title={<Trans>Our work</Trans>} intro={<Trans>Two recent projects, live and in use.</Trans>}>
        <Showcases />
      </Section>

      <Section alt title={<Trans>Why many websites don't deliver</Trans>}>
        <Compare
          before={{
            title: <Trans>The problem</Trans>,
            items: [
              <Trans key="p1">Your website looks outdated and loads slowly</Trans>,
              <Trans key="p2">Visitors leave without contacting you</Trans>,
              <Trans key="p3">Updates, security and backups take up your time</Trans>,
              <Trans key="p4">Unclear costs and unexpected invoices</Trans>,
            ],
          }}
          after={{
            title: <Trans>Our solution</Trans>,
            items: [
              <Trans key="s1">A modern, fast website, built 2-3x faster on our AI-based platform</Trans>,
              <Trans key="s2">Conversion-focused design that guides visitors to get in touch</Trans>,
              <Trans key="s3">We take care of hosting, automatic updates and daily backups</Trans>,
              <Trans key="s4">One startup fee plus a fixed monthly fee, no surprises</Trans>,
            ],
          }}
        />
      </Section>

      <Section title={<Trans>What we do</Trans>}>
        <CardGrid
          items={[
            {
              title: <Trans>Conversion-focused design</Trans>,
              text: <Trans>Designs built around one goal: turning visitors into enquiries and customers.</Trans>,
            },
            {
              title: <Trans>User flow optimisation</Trans>,
              text: (
                <Trans>
                  We map how visitors move through your website and remove every obstacle on the way to contact or
                  purchase.
                </Trans>
              ),
            },
            {
              title: <Trans>Website rescue and redesign</Trans>,
              text: <Trans>An outdated or broken website? We keep what works and redesign the rest.</Trans>,
            },
            {
              title: <Trans>Landing pages</Trans>,
              text: <Trans>Focused pages for campaigns and ads that turn traffic into leads.</Trans>,
            },
            {
              title: <Trans>Ongoing maintenance</Trans>,
              text: (
                <Trans>
                  Hosting, security updates, daily backups and up to 2 hours per month of content updates.
                </Trans>
              ),
            },
            {
              title: <Trans>Speed optimisation</Trans>,
              text: <Trans>Fast loading on every device, because every second of waiting costs you visitors.</Trans>,
            },
          ]}
        />
      </Section>

      <Section alt title={<Trans>How it works</Trans>}>
        <ProcessSteps />
      </Section>

      <Section
        title={<Trans>Pricing packages</Trans>}
        intro={<Trans>A one-time startup fee plus a fixed monthly fee. No hidden costs.</Trans>}
      >
        {/* In a page the server sent, the element is defined when its box nears the viewport (runtime/elements.ts). */}
        <agency-pricing locale={locale} contact-href={contact} />
      </Section>

      <Section alt narrow title={<Trans>Frequently asked questions</Trans>}>
        <Island
          name="faq"
          component={FaqAccordion}
          props={{
            id: "home-faq",
            mode: "single",
            items: [
              {
                question: t`How long does it take to build my website?`,
                answer: t`Usually 2-4 weeks, depending on the size of your website and how quickly we receive your content and feedback.`,
              },
              {
                question: t`What is included in the monthly fee?`,
                answer: t`Hosting with 99.9% uptime, free SSL, daily backups, automatic updates and up to 2 hours per month of content updates.`,
              },
              {
                question: t`Can I cancel my subscription?`,
                answer: t`Yes, you can cancel any time with 30 days notice.`,
              },
              {
                question: t`Who owns the website?`,
                answer: t`You do. The website is yours.`,
              },
              {
                question: t`How many revisions can I ask for?`,
                answer: t`Unlimited revisions during development. After launch you also get a 30-day satisfaction guarantee.`,
              },
              {
                question: t`Can I upgrade to a bigger package later?`,
                answer: t`Yes. When you upgrade, you only pay the cost difference.`,
              },
              {
                question: t`What support do I get?`,
                answer: t`You can always reach us by e-mail and we reply within 24 hours. Professional and Enterprise get priority support.`,
              },
              {
                question: t`Why do you build faster than a traditional agency?`,
                answer: t`Our AI-based site builder lets us build 2-3x faster without cutting corners: 99.9% uptime, free SSL, daily backups and automatic updates come standard.`,
              },
            ],
          }}
        />
      </Section>

      <Section narrow className="c-cta" title={<Trans>Ready for a website that works?</Trans>}>
        <p>
          <Trans>Tell us about your project and get a free quote. We reply within 24 hours.</Trans>
        </p>
        <div className="c-actions">
          <Link to={contact} className="c-button">
            <Trans>Get Free Quote</Trans>
          </Link>
        </div>
      </Section>
    </div>
  );
}
