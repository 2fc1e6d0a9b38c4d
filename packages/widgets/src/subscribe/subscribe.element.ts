import { defineElement } from "../element/define-element";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";
import { Subscribe, type SubscribeProps } from "./subscribe";
import css from "./subscribe.css?inline";

/**
 * `<agency-subscribe success-url cancel-url pricing-href contact-href>`.
 * Events: agency-subscription-success (embedded checkout completed; detail: { planId, billingPeriod }),
 * agency-navigate.
 */
export const AgencySubscribe = defineElement<SubscribeProps>({
  tag: "agency-subscribe",
  component: Subscribe,
  props: { successUrl: "string", cancelUrl: "string", pricingHref: "string", contactHref: "string" },
  catalog: { nl, en },
  css,
});
