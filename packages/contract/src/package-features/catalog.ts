import type { Messages } from "@lingui/core";
import { messages as nl } from "./locales/nl.po";

/**
 * The packages' features compiled for the browser, merged into the pricing element's catalog: Dutch at hand, English
 * as a module of its own. The server reads the same .po files at start.
 */
export const packageFeaturesCatalog: { nl: Messages; en: () => Promise<{ messages: Messages }> } = {
  nl,
  en: () => import("./locales/en.po"),
};
