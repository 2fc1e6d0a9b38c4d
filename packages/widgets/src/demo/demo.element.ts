import { defineElement } from "../element/define-element";
import { Demo, type DemoProps } from "./demo";
import css from "./demo.css?inline";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";
import { demoMeta } from "./demo.meta";

export const AgencyDemo = defineElement<DemoProps>({
  meta: demoMeta,
  component: Demo,
  catalog: { nl, en },
  css,
});
