import type { Catalog } from "@agency/core";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

/**
 * Messages of the shared primitives: merged into the host's Lingui instance and the toaster's. The contract's
 * error texts are not among them: the API client adds them when it has an error to translate (apiErrorMessage).
 */
export const uiCatalog: Catalog = { nl, en };
