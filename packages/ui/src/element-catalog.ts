import { messages as nl } from "./locales/nl.po";

/**
 * The shared primitives' messages as every element merges them: English comes as a module of its own with the
 * element's first English render (the way the element's own English does), so a Dutch page does not download it.
 */
export const uiElementCatalog = { nl, en: () => import("./locales/en.po") };
