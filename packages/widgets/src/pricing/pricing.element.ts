import { defineElement } from "../element/define-element";
import { Pricing, type PricingProps } from "./pricing";
import css from "./pricing.css?inline";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

/**
 * `<agency-pricing locale="nl|en" contact-href="/contact" show-included>`
 * Events: `agency-package-select` (detail: id, name, startupFee, monthlyFee, currency; cancel it to keep the page
 * where it is), then `agency-navigate` to the contact page.
 */
export const AgencyPricing = defineElement<PricingProps>({
  tag: "agency-pricing",
  component: Pricing,
  props: { contactHref: "string", showIncluded: "boolean" },
  catalog: { nl, en },
  css,
});
