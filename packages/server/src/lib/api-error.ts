import { errorText, type ErrorCode, type ErrorDetails, type ErrorResponse, type Locale } from "@agency/contract";
import { i18nFor } from "../i18n";

/**
 * An error answer raised from below a route (a payment provider, a plugin). The error handler answers it as
 * `{ error, code, … }` in the request's language; `message` is for the log only.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string = code,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The body of an error answer: the code's text in `locale`, the code, and the details it was made from. */
export function errorBody<C extends ErrorCode>(locale: Locale, code: C, details: ErrorDetails = {}): ErrorResponse & { code: C } {
  return {
    error: errorText(i18nFor(locale), code, details),
    code,
    ...(details.fields && details.fields.length > 0 ? { fields: [...details.fields] } : {}),
    ...(details.retryAfter !== undefined ? { retryAfter: details.retryAfter } : {}),
  };
}
