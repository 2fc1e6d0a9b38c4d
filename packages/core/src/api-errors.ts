import { errorAnswerText, isErrorCode, LOCALES } from "@agency/contract";
import { contractCatalog } from "@agency/contract/catalog";
import type { I18n } from "@lingui/core";

/**
 * What an error answer of the API is read with: its codes, and their texts in nl and en. Loaded with axios by the
 * API client (an error answer can only come once axios is there), so an element or a page that gets no error
 * never downloads them.
 */

export { isErrorCode };

const withTexts = new WeakSet<I18n>();

/** The text of an error answer in the language of `i18n`; the error texts are added to it the first time. */
export function errorAnswerIn(i18n: I18n, answer: object): string | undefined {
  if (!withTexts.has(i18n)) {
    withTexts.add(i18n);
    // The texts' ids are the error codes ("auth.invalid_credentials") and "field.*": no other catalog uses them.
    for (const locale of LOCALES) i18n.load(locale, contractCatalog[locale]);
  }
  return errorAnswerText(i18n, answer);
}
