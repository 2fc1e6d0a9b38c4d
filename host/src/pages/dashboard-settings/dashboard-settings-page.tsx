import "@agency/widgets/agency-settings.js";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { loadCatalog } from "../../lib/i18n";
import { markLanguageToggle } from "../../lib/language";
import { localizedPath } from "@agency/contract";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { PackagePanel } from "./package-panel";
import "./package-panel.css";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

/**
 * Settings: account information and subscription management, all inside the settings element. After the
 * visitor deletes their account there is nothing left to show here: the site's home page in their language follows.
 */
export default function DashboardSettingsPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const settings = useRef<HTMLElementTagNameMap["agency-settings"]>(null);

  useEffect(() => {
    const element = settings.current;
    if (!element) return;
    // flushSync: the guard must see the navigation under way before it sees the session end (the element signs
    // out right after this event), or it would send the visitor to the login page instead.
    const onDeleted = () => {
      // A move within the English site, not an outside arrival the language guard would send to Dutch.
      if (locale === "en") markLanguageToggle();
      void navigate(localizedPath("/", locale), { replace: true, flushSync: true });
    };
    element.addEventListener("agency-account-delete", onDeleted);
    return () => element.removeEventListener("agency-account-delete", onDeleted);
  }, [navigate, locale]);

  return (
    <>
      <PageMeta
        title={t`Settings`}
        description={t`Your account information and subscription.`}
        locale={locale}
        path="/dashboard/settings"
        noindex
      />
      <agency-settings ref={settings} locale={locale} />
      <PackagePanel />
    </>
  );
}
