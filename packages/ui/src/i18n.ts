import type { Catalog } from "@agency/core";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

/**
 * Messages of the shared primitives: merged into every element's and the host's Lingui instance. The contract's
 * error texts are not among them: the API client adds them when it has an error to translate (apiErrorMessage).
 */
export const uiCatalog: Catalog = { nl, en };
