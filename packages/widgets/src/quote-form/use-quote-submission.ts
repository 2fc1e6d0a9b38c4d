import type { ContactRequestPayload } from "@agency/contract";
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
 * as it is meant to stay, `agency-quote-submitted` or `agency-quote-failed` for the page (quote-sending.ts).
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

  /** Sends the form's values (see quote-sending.ts), once its code is here. */
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
      show({ kind: "error", message: t`Network error - check your internet connection` }, ERROR_MESSAGE_MS);
      return { sent: false, error };
    }
    return sending.sendQuote({ api, i18n, emit, show }, values, context, checks);
  };

  return { status, send };
}
