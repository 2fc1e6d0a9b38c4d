/**
 * The elements' TypeScript API for partners, for any framework or none: the widgets build bundles this module's
 * declarations, with the contract's types they use, into dist/agency-widgets.d.ts. Each element's interface is
 * derived from its meta, each event's detail from src/events.ts.
 */
import type { cookieBannerMeta } from "./cookie-banner/cookie-banner.meta";
import type { ElementJsxProps, ElementProperties } from "./element/element-meta";
import type { AgencyWidgetsGlobal } from "./element/global";
import type { AgencyEventDetails } from "./events";
import type { loginMeta } from "./login/login.meta";
import type { pricingMeta } from "./pricing/pricing.meta";
import type { quoteFormMeta } from "./quote-form/quote-form.meta";
import type { settingsMeta } from "./settings/settings.meta";
import type { subscribeMeta } from "./subscribe/subscribe.meta";

export type * from "./events";
export type { AgencyWidgetsGlobal, AgencyWidgetsSettings } from "./element/global";

/** `<agency-quote-form>`: the quote-request form. */
export interface AgencyQuoteFormElement extends HTMLElement, ElementProperties<typeof quoteFormMeta> {}
/** `<agency-pricing>`: the three website packages. */
export interface AgencyPricingElement extends HTMLElement, ElementProperties<typeof pricingMeta> {}
/** `<agency-login>`: log in, register and reset a password. */
export interface AgencyLoginElement extends HTMLElement, ElementProperties<typeof loginMeta> {}
/** `<agency-subscribe>`: the Pro plan and the way to pay. */
export interface AgencySubscribeElement extends HTMLElement, ElementProperties<typeof subscribeMeta> {}
/** `<agency-settings>`: the visitor's account, subscription and data. */
export interface AgencySettingsElement extends HTMLElement, ElementProperties<typeof settingsMeta> {}
/** `<agency-cookie-banner>`: cookie consent. */
export interface AgencyCookieBannerElement extends HTMLElement, ElementProperties<typeof cookieBannerMeta> {}

/** The elements by tag. */
export interface AgencyElements {
  "agency-quote-form": AgencyQuoteFormElement;
  "agency-pricing": AgencyPricingElement;
  "agency-login": AgencyLoginElement;
  "agency-subscribe": AgencySubscribeElement;
  "agency-settings": AgencySettingsElement;
  "agency-cookie-banner": AgencyCookieBannerElement;
}

/** JSX props of `<agency-quote-form>` (attributes, and `on` + event name listeners as React 19 binds them). */
export type AgencyQuoteFormAttributes = ElementJsxProps<typeof quoteFormMeta, AgencyEventDetails>;
/** JSX props of `<agency-pricing>`. */
export type AgencyPricingAttributes = ElementJsxProps<typeof pricingMeta, AgencyEventDetails>;
/** JSX props of `<agency-login>`. */
export type AgencyLoginAttributes = ElementJsxProps<typeof loginMeta, AgencyEventDetails>;
/** JSX props of `<agency-subscribe>`. */
export type AgencySubscribeAttributes = ElementJsxProps<typeof subscribeMeta, AgencyEventDetails>;
/** JSX props of `<agency-settings>`. */
export type AgencySettingsAttributes = ElementJsxProps<typeof settingsMeta, AgencyEventDetails>;
/** JSX props of `<agency-cookie-banner>`. */
export type AgencyCookieBannerAttributes = ElementJsxProps<typeof cookieBannerMeta, AgencyEventDetails>;

/** Every agency-* event, by name. */
export type AgencyEvents = { [Name in keyof AgencyEventDetails]: CustomEvent<AgencyEventDetails[Name]> };

declare global {
  interface HTMLElementTagNameMap extends AgencyElements {}
  // The events bubble and are composed, so any element, the document and the window hear them.
  interface GlobalEventHandlersEventMap extends AgencyEvents {}
  /** Installed by every entry of the bundle. */
  var AgencyWidgets: AgencyWidgetsGlobal | undefined;
}
