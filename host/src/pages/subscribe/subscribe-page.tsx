import "@agency/widgets/agency-subscribe.js";
import { useLingui } from "@lingui/react/macro";
import { loadCatalog } from "../../lib/i18n";
import { localizedPath } from "@agency/contract";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

/** The subscribe page: the subscribe element; it sends the visitor to /dashboard after checkout. */
export default function SubscribePage() {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <div className="page">
      <PageMeta title={t`Subscribe`} description={t`Choose your billing period and start your plan.`} locale={locale} path="/subscribe" noindex />
      <h1 className="ag-visually-hidden">{t`Subscribe`}</h1>
      <agency-subscribe
        locale={locale}
        pricing-href={localizedPath("/pricing", locale)}
        contact-href={localizedPath("/contact", locale)}
      />
    </div>
  );
}
