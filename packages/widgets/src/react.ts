/**
 * Side-effect-free exports for React code (the host): the element machinery's types and hooks.
 * Elements themselves are defined by importing their `<name>.element.ts` (or register.ts).
 */
export { ElementContext, ElementLink, useElement, type ElementApi, type NavigateDetail } from "./element/element-context";
export type { AgencyWidgetsGlobal } from "./element/global";
