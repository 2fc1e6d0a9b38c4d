import type { Messages } from "@lingui/core";
import { messages as nl } from "./locales/nl.po";

/**
 * The primitives' texts (uiCatalog) for an element, whose page is Dutch by default: Dutch at hand, English as a
 * module of its own, loaded with the element's own English texts.
 */
export const uiElementCatalog: { nl: Messages; en: () => Promise<{ messages: Messages }> } = {
  nl,
  en: () => import("./locales/en.po"),
};
