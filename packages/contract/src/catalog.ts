import type { Messages } from "@lingui/core";
import type { Locale } from "./rules";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

/**
 * The error texts compiled for the browser (Lingui's Vite plugin compiles the .po files on import). The API client
 * loads them with axios and adds them to an element's or the host's Lingui instance when it translates an error
 * code (apiErrorMessage in @agency/core). The server reads the same .po files at start.
 */
export const contractCatalog: Record<Locale, Messages> = { nl, en };
