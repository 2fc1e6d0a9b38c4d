import { defineElement } from "../element/define-element";
import { messages as nl } from "./locales/nl.po";
import { Subscribe, type SubscribeProps } from "./subscribe";
import css from "./subscribe.css?inline";
import { subscribeMeta } from "./subscribe.meta";

export const AgencySubscribe = defineElement<SubscribeProps>({
  meta: subscribeMeta,
  component: Subscribe,
  catalog: { nl, en: () => import("./locales/en.po") },
  css,
});
