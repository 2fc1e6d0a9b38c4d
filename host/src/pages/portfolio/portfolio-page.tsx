import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { Hero, Section } from "../../components/content/blocks";
import { Showcases } from "../../components/content/showcases";
import "../../components/content/content.css";
import { loadCatalog } from "../../lib/i18n";
import { localizedPath } from "@agency/contract";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

export default function PortfolioPage() {
  const { t } = useLingui();
  const locale = useLocale();

  return (
    <div className="c-page">
      <PageMeta
        title={t`Our portfolio`}
        description={t`Projects we designed and built: an AI software builder and a trading analytics dashboard.`}
        locale={locale}
        path="/portfolio"
        bilingual
      />

      <Hero
        title={<Trans>Our portfolio</Trans>}
        lead={
          <Trans>A selection of projects we designed and built. Choose a project to open the live site in a new tab.</Trans>
        }
      />

      <Section title={<Trans>Featured projects</Trans>}>
        <Showcases />
      </Section>

      <Section alt narrow className="c-cta" title={<Trans>Want a website like this?</Trans>}>
        <p>
          <Trans>Tell us about your project and get a free quote. We reply within 24 hours.</Trans>
        </p>
        <div className="c-actions">
          <Link to={localizedPath("/contact", locale)} className="c-button">
            <Trans>Get Free Quote</Trans>
          </Link>
        </div>
      </Section>
    </div>
  );
}
