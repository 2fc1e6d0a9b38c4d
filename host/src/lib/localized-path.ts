/**
 * The /en rule, from the API contract (one definition for the server, the elements and the site):
 * localizedPath("/contact", "en") → "/en/contact", unlocalizedPath("/en/pricing") → "/pricing".
 * Only pages with an English duplicate should be localized; portal pages have none.
 */
export { localizedPath, unlocalizedPath } from "@agency/core";
