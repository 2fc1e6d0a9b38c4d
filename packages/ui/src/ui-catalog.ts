import type { Catalog } from "@agency/core";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

/** The messages of the shared primitives with both languages at hand: the site's Lingui instance and the toaster's. */
export const uiCatalog: Catalog = { nl, en };
