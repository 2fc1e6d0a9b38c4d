import "@agency/widgets/settings/settings.element";
import { useLingui } from "@lingui/react/macro";
import { loadCatalog } from "../../lib/i18n";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

/** Spec §2 settings: account information and subscription management, all inside the settings element. */
export default function DashboardSettingsPage() {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <>
      <PageMeta
        title={t`Settings`}
        description={t`Your account information and subscription.`}
        locale={locale}
        path="/dashboard/settings"
        noindex
      />
      <agency-settings locale={locale} />
    </>
  );
}
