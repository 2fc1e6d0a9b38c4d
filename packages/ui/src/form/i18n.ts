import type { Catalog } from "@agency/core";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

/** The kit's own texts, kept apart from uiCatalog so an element without a form does not carry them. */
export const formCatalog: Catalog = { nl, en };
