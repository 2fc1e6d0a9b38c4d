import { contractCatalog } from "@agency/contract/catalog";
import type { Catalog } from "@agency/core";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

/**
 * Messages of the shared primitives, with the contract's error texts: merged into every element's and the host's
 * Lingui instance, so each of them translates the error codes of the API.
 */
export const uiCatalog: Catalog = { nl: { ...contractCatalog.nl, ...nl }, en: { ...contractCatalog.en, ...en } };
