import { Trans, useLingui } from "@lingui/react/macro";
import { LegalDocument } from "../../components/content/legal-document";
import "../../components/content/content.css";
import { loadCatalog } from "../../lib/i18n";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { content as contentEn } from "./content.en";
import { content as contentNl } from "./content.nl";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

export default function CookiePolicyPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const content = locale === "nl" ? contentNl : contentEn;
  const date = content.lastUpdated;

  return (
    <div className="c-page">
      <PageMeta
        title={t`Cookie Policy`}
        description={t`Which cookies we use, why, how long they are kept and how you manage them.`}
        locale={locale}
        path="/cookie-policy"
        bilingual
      />
      <LegalDocument title={<Trans>Cookie Policy</Trans>} updatedLabel={<Trans>Last updated: {date}</Trans>} content={content} />
    </div>
  );
}
