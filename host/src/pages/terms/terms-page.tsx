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

export default function TermsPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const content = locale === "nl" ? contentNl : contentEn;
  const date = content.lastUpdated;

  return (
    <div className="c-page">
      <PageMeta
        title={t`Terms and Conditions`}
        description={t`Our terms for quotes, payment, delivery, hosting, maintenance and liability.`}
        locale={locale}
        path="/terms"
        bilingual
      />
      <LegalDocument
        title={<Trans>Terms and Conditions</Trans>}
        updatedLabel={<Trans>Last updated: {date}</Trans>}
        content={content}
      />
    </div>
  );
}
