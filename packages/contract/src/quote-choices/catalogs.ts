import type { Messages } from "@lingui/core";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

/**
 * The quote form's choices compiled for the browser in both languages at once, for a page that names them in either
 * and loads them with its own code (the agency's desk). The quote form itself loads English only when it needs it
 * (./catalog.ts).
 */
export const quoteChoicesCatalogs: { nl: Messages; en: Messages } = { nl, en };
