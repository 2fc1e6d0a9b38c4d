import {
  type BudgetRange,
  type ContactRequestPayload,
  COUNTRY_CODES,
  type DomainStatus,
  HONEYPOT_FIELD,
  type Locale,
  type ProjectType,
  type Timeline,
  UTM_KEYS,
  type UtmParameters,
} from "@agency/contract";
import { apiErrorMessage, apiStatus, contactApi, isNetworkError, type ApiClient } from "@agency/core";
import { originRefusedMessage } from "@agency/ui";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ElementApi } from "../element/element-context";
import type { QuoteFormValues } from "./quote-request";
import { ERROR_MESSAGE_MS, SUCCESS_MESSAGE_MS, type SubmissionOutcome, type SubmissionStatus } from "./use-quote-submission";

// What runs only once the visitor starts on the form or sends it: building the request, sending it, reading a
// failure and solving the spam challenge. Loaded at the first focus in the form (with the spam checks) or at the
// first submit, so the form's first download does not carry it.

/** Campaign parameters of the page the form is on, for attribution. */
export function utmFromUrl(href: string): UtmParameters {
  const params = new URL(href).searchParams;
  const utm: UtmParameters = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key);
    if (value) utm[key] = value;
  }
  return utm;
}

export interface PageContext {
  language: Locale;
  source?: string;
  pageUrl: string;
}

/** The POST /contact body. Call only with values that passed validate(). */
export function toPayload(values: QuoteFormValues, { language, source, pageUrl }: PageContext): ContactRequestPayload {
  const country = COUNTRY_CODES.find((c) => c.country === values.country) ?? COUNTRY_CODES[0];
  const utm = utmFromUrl(pageUrl);
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    company: values.company.trim(),
    countryCode: country.dial,
    phone: values.phone.trim(),
    currentWebsite: values.currentWebsite.trim(),
    projectType: values.projectType as ProjectType,
    budgetRange: values.budget === "unknown" ? "4000+" : (values.budget as BudgetRange),
    // Kept beside the range it sends, so the replies name what the visitor picked.
    budgetUnknown: values.budget === "unknown",
    timeline: values.timeline as Timeline,
    primaryGoal: values.primaryGoal.trim(),
    features: values.features,
    domainStatus: values.domainStatus as DomainStatus,
    hearAboutUs: values.hearAboutUs,
    biggestChallenge: values.biggestChallenge,
    message: values.message.trim(),
    language,
    ...(source ? { source } : {}),
    pageUrl,
    ...(Object.keys(utm).length > 0 ? { utm } : {}),
    [HONEYPOT_FIELD]: values.trap,
  };
}

/** What sending needs of the element and of the form's status line. */
export interface Sender {
  api: ApiClient;
  i18n: I18n;
  emit: ElementApi["emit"];
  show: (status: SubmissionStatus, ms: number | null) => void;
}

/**
 * Sends the form's values as a request from the page `context`, with what `checks` adds to its body (the spam
 * checks, which may take a moment: the button says the request is being sent meanwhile), and shows the outcome;
 * the events carry the request itself.
 */
export async function sendQuote(
  { api, i18n, emit, show }: Sender,
  values: QuoteFormValues,
  context: PageContext,
  checks?: () => Promise<Partial<ContactRequestPayload>>,
): Promise<SubmissionOutcome> {
  const request = toPayload(values, context);
  try {
    const body = checks ? { ...request, ...(await checks()) } : request;
    const answer: { success?: boolean; message?: string } = await contactApi.sendQuoteRequest(api, body);
    if (answer.success) {
      show({ kind: "success", message: answer.message || i18n._(msg`Thank you! Your message has been sent.`) }, SUCCESS_MESSAGE_MS);
      emit("agency-quote-submitted", request);
      return { sent: true };
    }
    // The server answered but reported a failure: the message stays until the next attempt.
    const message = answer.message || i18n._(msg`Something went wrong`);
    show({ kind: "error", message }, null);
    emit("agency-quote-failed", { message, request });
    return { sent: false };
  } catch (error) {
    const message = failureMessage(error, i18n);
    show({ kind: "error", message }, ERROR_MESSAGE_MS);
    emit("agency-quote-failed", { message, status: apiStatus(error), request });
    return { sent: false, error };
  }
}

/**
 * What a failed request tells the visitor: the server's own message first (its code translated when this copy
 * knows it), so a 503 that says why is shown as such; only a bare 500 gets the generic server text; then a request
 * that got no answer; then the rest.
 */
function failureMessage(error: unknown, i18n: I18n): string {
  const serverMessage = apiErrorMessage(error, i18n);
  if (serverMessage) return serverMessage;
  if (apiStatus(error) === 500) return i18n._(msg`Server error - please try again later`);
  const refused = originRefusedMessage(i18n, error);
  if (refused) return refused;
  if (isNetworkError(error)) return i18n._(msg`Network error - check your internet connection`);
  return i18n._(msg`Failed to send message - please try again`);
}

/** A proof-of-work challenge when the server asks for one, solved here; null when there is none to be had. */
export async function solvedChallenge(api: ApiClient): Promise<string | null> {
  const challenge = await contactApi.getChallenge(api);
  if (!challenge) return null;
  const { solveChallengeHere } = await import("../element/solve-challenge");
  return solveChallengeHere(challenge);
}
