import type { I18n } from "@lingui/core";
import { isErrorCode, type ErrorCode } from "./error-codes";
import { INTL_LOCALES, isLocale } from "./rules";

/**
 * The text of an error code in the language of an i18n instance that has the contract's catalog loaded (the
 * server's, every element's and the host's): messages.ts holds the texts, with the code as Lingui id.
 */

/** The codes of throttled answers, whose text says how long to wait. */
const WAIT_CODES: readonly ErrorCode[] = ["auth.too_many_attempts", "account.too_many_attempts", "contact.too_many_requests", "request.too_many", "requests.too_many"];

/** The parts of an error answer its text is made from. */
export interface ErrorDetails {
  fields?: readonly string[];
  /** Seconds until a throttled call may be retried. */
  retryAfter?: number;
}

/** "e-mailadres, telefoonnummer en budget": the fields' labels, or their names when they have none. */
function fieldList(i18n: I18n, fields: readonly string[]): string {
  const labels = fields.map((field) => (i18n.messages[`field.${field}`] === undefined ? field : i18n._(`field.${field}`)));
  const locale = isLocale(i18n.locale) ? INTL_LOCALES[i18n.locale] : i18n.locale;
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(labels);
}

/** The text of an error code in the language `i18n` is set to, e.g. for `{ code, fields }` of a 400. */
export function errorText(i18n: I18n, code: ErrorCode, { fields = [], retryAfter }: ErrorDetails = {}): string {
  const values: Record<string, string | number> = { fields: fieldList(i18n, fields) };
  // Rounded up: "try again in N minutes" must never undersell the wait.
  if (retryAfter !== undefined) values.minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return i18n._(code, values);
}

/**
 * What to show for an error answer: the text of its code in the reader's language, or the server's own `error`
 * when the code is unknown to this copy of the code (a newer server) or the answer is not one of ours.
 */
export function errorAnswerText(i18n: I18n, answer: unknown): string | undefined {
  if (!answer || typeof answer !== "object") return undefined;
  const { error, code, fields, retryAfter } = answer as Record<string, unknown>;
  const serverText = typeof error === "string" && error ? error : undefined;
  if (!isErrorCode(code) || i18n.messages[code] === undefined) return serverText;
  const details: ErrorDetails = {
    fields: Array.isArray(fields) ? fields.filter((f): f is string => typeof f === "string") : [],
    retryAfter: typeof retryAfter === "number" ? retryAfter : undefined,
  };
  // A wait without its number would read "in NaN minutes"; the server's text has the number in it.
  if (WAIT_CODES.includes(code) && details.retryAfter === undefined) {
    return serverText ?? errorText(i18n, code, { ...details, retryAfter: 60 });
  }
  return errorText(i18n, code, details);
}
