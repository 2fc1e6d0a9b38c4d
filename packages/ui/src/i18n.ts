import { messages as nl } from "./locales/nl.po";

/**
 * Messages of the shared primitives, merged into every element's Lingui instance: Dutch at hand, English as a module
 * of its own, which comes with an English element's own texts (a Dutch page does not download it). The contract's
 * error texts are not among them: the API client adds them when it has an error to translate (apiErrorMessage).
 */
export const uiElementCatalog = { nl, en: () => import("./locales/en.po") };
