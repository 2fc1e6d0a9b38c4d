import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { CardGrid, Compare, Hero, Section } from "../../components/content/blocks";
import "../../components/content/content.css";
import { loadCatalog } from "../../lib/i18n";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

/** Marketing copy for the Pro plan's platform: text only, no behaviour. */
export default function FeaturesPage() {
  const { t } = useLingui();
  const locale = useLocale();

  return (
    <div className="c-page">
      <PageMeta
        title={t`Features`}
        description={t`One platform that scales with your team: 99.9% uptime, AES-256 encryption, 500+ integrations, 50+ report templates and automation.`}
        locale={locale}
        path="/features"
        bilingual={false}
      />

      <Hero
        title={<Trans>Everything your team needs to grow</Trans>}
        lead={<Trans>One platform to build, run and scale your business online.</Trans>}
      >
        <ul className="c-stats">
          <li>
            <Trans>
              <strong>10K+</strong> teams
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>99.9%</strong> uptime
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>500+</strong> integrations
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>&lt;50ms</strong> response time
            </Trans>
          </li>
        </ul>
      </Hero>

      <Section
        title={<Trans>Scales with you</Trans>}
        intro={
          <Trans>
            From your first customer to your ten thousandth: the platform grows with your team and keeps responding in
            under 50ms.
          </Trans>
        }
      >
        <CardGrid
          items={[
            {
              title: <Trans>Automatic scaling</Trans>,
              text: <Trans>Extra capacity is added automatically when traffic peaks.</Trans>,
            },
            {
              title: <Trans>99.9% uptime</Trans>,
              text: <Trans>Your business stays online, day and night.</Trans>,
            },
            {
              title: <Trans>Unlimited team members</Trans>,
              text: <Trans>Invite your whole team without paying per seat.</Trans>,
            },
          ]}
        />
      </Section>

      <Section
        alt
        title={<Trans>Enterprise-grade security</Trans>}
        intro={<Trans>Your data is encrypted with AES-256 and every connection is secured with SSL.</Trans>}
      >
        <CardGrid
          items={[
            {
              title: <Trans>AES-256 encryption</Trans>,
              text: <Trans>All stored data is encrypted with the AES-256 standard.</Trans>,
            },
            {
              title: <Trans>Daily backups</Trans>,
              text: <Trans>Every day a backup, so nothing gets lost.</Trans>,
            },
            {
              title: <Trans>Access control</Trans>,
              text: <Trans>Decide who in your team can see and change what.</Trans>,
            },
          ]}
        />
      </Section>

      <Section
        title={<Trans>500+ integrations</Trans>}
        intro={
          <Trans>
            Connect the tools you already use, from payments and e-mail to CRM and accounting, and keep your data in one
            place.
          </Trans>
        }
      />

      <Section
        alt
        title={<Trans>Analytics that answer questions</Trans>}
        intro={<Trans>Track what matters with 50+ report templates, or build your own reports.</Trans>}
      />

      <Section
        title={<Trans>Automation without code</Trans>}
        intro={<Trans>Automate repetitive work in three steps.</Trans>}
      >
        <ol className="c-flow">
          <li>
            <Trans>
              <strong>Trigger</strong> Something happens, such as a new order or form submission.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Condition</strong> The platform checks whether it matches your rules.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Action</strong> The work gets done: an e-mail is sent, a record updated or your team notified.
            </Trans>
          </li>
        </ol>
      </Section>

      <Section alt title={<Trans>Before and after</Trans>}>
        <Compare
          before={{
            title: <Trans>Before</Trans>,
            items: [
              <Trans key="b1">Manual work in spreadsheets</Trans>,
              <Trans key="b2">Tools that don't talk to each other</Trans>,
              <Trans key="b3">Reports that take days</Trans>,
            ],
          }}
          after={{
            title: <Trans>After</Trans>,
            items: [
              <Trans key="a1">Automated workflows</Trans>,
              <Trans key="a2">500+ integrations in one place</Trans>,
              <Trans key="a3">Real-time insights from 50+ report templates</Trans>,
            ],
          }}
        />
      </Section>

      <Section narrow className="c-cta" title={<Trans>Start today</Trans>}>
        <div className="c-actions">
          <Link to="/register" className="c-button">
            <Trans>Subscribe</Trans>
          </Link>
        </div>
        <p className="c-note">
          <Trans>Cancel anytime</Trans>
        </p>
      </Section>
    </div>
  );
}
