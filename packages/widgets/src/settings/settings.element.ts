import { defineElement } from "../element/define-element";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";
import { Settings } from "./settings";
import css from "./settings.css?inline";

/**
 * `<agency-settings>`: the logged-in visitor's account and subscription.
 * Events: agency-subscription-cancel and agency-subscription-resume (detail: { subscription }, as fetched
 * afterwards), agency-navigate.
 */
export const AgencySettings = defineElement<object>({
  tag: "agency-settings",
  component: Settings,
  catalog: { nl, en },
  css,
});
