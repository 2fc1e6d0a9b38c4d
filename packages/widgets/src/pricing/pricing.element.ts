import { packageFeaturesCatalog } from "@agency/contract/package-features";
import { defineElement } from "../element/define-element";
import { Pricing, type PricingProps } from "./pricing";
import css from "./pricing.css?inline";
import { messages as nl } from "./locales/nl.po";
import { pricingMeta } from "./pricing.meta";

export const AgencyPricing = defineElement<PricingProps>({
  meta: pricingMeta,
  component: Pricing,
  catalog: [packageFeaturesCatalog, { nl, en: () => import("./locales/en.po") }],
  css,
});
