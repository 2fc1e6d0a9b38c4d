import { defineElement } from "../element/define-element";
import { installGlobal } from "../element/global";
import { getConsent, listenForSettingsTriggers, openCookieSettings } from "./consent";
import { setConsentModeDefault } from "./consent-mode";
import { CookieBanner, type CookieBannerProps } from "./cookie-banner";
import css from "./cookie-banner.css?inline";
import { messages as nl } from "./locales/nl.po";
import { cookieBannerMeta } from "./cookie-banner.meta";

export const AgencyCookieBanner = defineElement<CookieBannerProps>({
  meta: cookieBannerMeta,
  component: CookieBanner,
  catalog: { nl, en: () => import("./locales/en.po") },
  css,
});

// Google tags on the page start with everything denied, before the tags the page starts after this bundle run.
setConsentModeDefault();

// Defining twice is harmless for the element, but the page-wide listener must be added only once.
if (!window.AgencyWidgets?.openCookieSettings) listenForSettingsTriggers();
installGlobal({ openCookieSettings, getConsent });
