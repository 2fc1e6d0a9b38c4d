import { useEffect } from "react";
import { localizedPath } from "@agency/contract";
import { useLocale } from "../lib/use-locale";

/**
 * The consent banner element, on public pages only. Its definition is loaded after the page has
 * rendered: the banner waits a second before it shows anyway, and the first paint should not pay for it.
 */
export function CookieBanner() {
  const locale = useLocale();
  useEffect(() => {
    void import("@agency/widgets/agency-cookie-banner.js");
  }, []);
  return <agency-cookie-banner locale={locale} policy-href={localizedPath("/cookie-policy", locale)} />;
}
