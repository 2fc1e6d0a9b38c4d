import type { ContactRequestPayload } from "@agency/contract";
import { apiStatus } from "@agency/core";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { useElement } from "../element/element-context";
import type { QuoteFormValues } from "./quote-request";
import type { PageContext } from "./quote-sending";

/** The code that builds, sends and reads a request (./quote-sending.ts), loaded at the first focus or submit. */
export const loadSending = () => import("./quote-sending");

/** How long the outcome stays on screen: a success 5 seconds, a failure 8. */
export const SUCCESS_MESSAGE_MS = 5000;
export const ERROR_MESSAGE_MS = 8000;

export type SubmissionStatus =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "success"; message: string }
  | { kind: "error"; message: string };

/** What became of a request: stored, or not, with the failed call (which may name the fields at fault). */
export type SubmissionOutcome = { sent: true } | { sent: false; error?: unknown };

/**
 * Sends a quote request and keeps its outcome on screen: the server's message (or a translated one) for as long
 * as it is meant to stay, `agency-quote-submitted` or `agency-quote-failed` for the page.
 */
export function useQuoteSubmission() {
  const { t, i18n } = useLingui();
  const { api, emit } = useElement();
  const [status, setStatus] = useState<SubmissionStatus>({ kind: "idle" });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (next: SubmissionStatus, ms: number | null) => {
    clearTimeout(timer.current);
    setStatus(next);
    if (ms !== null) timer.current = setTimeout(() => setStatus({ kind: "idle" }), ms);
  };

  /**
   * Sends the form's values as a request from the page `context`, with what `checks` adds to its body (the spam
   * checks, which may take a moment: the button says the request is being sent meanwhile); the events carry the
   * request itself.
   */
  const send = async (
    values: QuoteFormValues,
    context: PageContext,
    checks?: () => Promise<Partial<ContactRequestPayload>>,
  ): Promise<SubmissionOutcome> => {
    show({ kind: "loading" }, null);
    let sending: Awaited<ReturnType<typeof loadSending>>;
    try {
      sending = await loadSending();
    } catch (error) {
      // Its code could not be downloaded (offline): said like a request that got no answer.
      const message = t`Network error - check your internet connection`;
      show({ kind: "error", message }, ERROR_MESSAGE_MS);
      return { sent: false, error };
    }
    const request = sending.toPayload(values, context);
    try {
      const body = checks ? { ...request, ...(await checks()) } : request;
      const answer: { success?: boolean; message?: string } = await sending.postQuoteRequest(api, body);
      if (answer.success) {
        show({ kind: "success", message: answer.message || t`Thank you! Your message has been sent.` }, SUCCESS_MESSAGE_MS);
        emit("agency-quote-submitted", request);
        return { sent: true };
      }
      // The server answered but reported a failure: the message stays until the next attempt.
      const message = answer.message || t`Something went wrong`;
      show({ kind: "error", message }, null);
      emit("agency-quote-failed", { message, request });
      return { sent: false };
    } catch (error) {
      const message = sending.failureMessage(error, i18n);
      show({ kind: "error", message }, ERROR_MESSAGE_MS);
      emit("agency-quote-failed", { message, status: apiStatus(error), request });
      return { sent: false, error };
    }
  };

  return { status, send };
}
