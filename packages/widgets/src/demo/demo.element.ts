import { defineElement } from "../element/define-element";
import { Demo, type DemoProps } from "./demo";
import css from "./demo.css?inline";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

export const AgencyDemo = defineElement<DemoProps>({
  tag: "agency-demo",
  component: Demo,
  props: { name: "string" },
  catalog: { nl, en },
  css,
});
