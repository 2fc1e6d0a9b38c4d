import { defineElement } from "../element/define-element";
import { installGlobal } from "../element/global";
import { getConsent, listenForSettingsTriggers, openCookieSettings } from "./consent";
import { CookieBanner, type CookieBannerProps } from "./cookie-banner";
import css from "./cookie-banner.css?inline";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

/**
 * `<agency-cookie-banner locale="nl|en" policy-href="/cookie-policy" policy-version="1">`
 * Event: `agency-consent-change` (detail: the stored record).
 * Page API: `AgencyWidgets.openCookieSettings()` (or any `[data-agency-cookie-settings]` control) reopens the
 * choices; `AgencyWidgets.getConsent()` returns the decision that counts, or null.
 */
export const AgencyCookieBanner = defineElement<CookieBannerProps>({
  tag: "agency-cookie-banner",
  component: CookieBanner,
  props: { policyHref: "string", policyVersion: "number" },
  catalog: { nl, en },
  css,
});

// Defining twice is harmless for the element, but the page-wide listener must be added only once.
if (!window.AgencyWidgets?.openCookieSettings) listenForSettingsTriggers();
installGlobal({ openCookieSettings, getConsent });
