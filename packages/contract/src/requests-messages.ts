import type { MessageDescriptor } from "@lingui/core";
import type { ErrorCode } from "./error-codes";

/** The texts of the error codes about customer requests and the agency's queue of them (see messages.ts). */
export const REQUEST_ERROR_MESSAGES = {
  "requests.subscription_required": /*i18n*/ {
    id: "requests.subscription_required",
    message:
      "Requests for content updates and support are part of a subscription or package. Once your company has an active one, every member can send them here.",
  },
  "requests.not_found": /*i18n*/ { id: "requests.not_found", message: "This request does not exist, or belongs to another company." },
  "requests.too_many": /*i18n*/ {
    id: "requests.too_many",
    message: "Many requests and messages were sent in a short time. Please try again in {minutes, plural, one {# minute} other {# minutes}}.",
  },
  "requests.extra_time_changed": /*i18n*/ {
    id: "requests.extra_time_changed",
    message: "The extra time has changed since you looked. Check the new figure, then agree again.",
  },
  "requests.period_closed": /*i18n*/ {
    id: "requests.period_closed",
    message: "The extra time of this month can no longer be agreed to here. Write to us if you want it invoiced.",
  },
  "desk.request_not_found": /*i18n*/ { id: "desk.request_not_found", message: "This request does not exist (any more)." },
} satisfies Partial<Record<ErrorCode, MessageDescriptor>>;
