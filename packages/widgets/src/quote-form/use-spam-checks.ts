import { useCallback, useEffect, useRef, type RefObject } from "react";
import { useElement } from "../element/element-context";
import { loadSending } from "./use-quote-submission";

/** What POST /contact gets besides the form's fields: how long the form was open, and the solved challenge. */
export interface SpamChecks {
  fillMs: number;
  challenge?: string;
}

/**
 * The form's side of the spam checks. It measures how long the visitor worked on the form (from the first focus in
 * it, or from its appearing when nothing was focused, to sending), and, when the server asks for a proof-of-work
 * challenge, fetches and solves one in the background from that first focus, so it is ready by the time they send. A challenge counts once: every request gets a
 * fresh one. When none can be had (the server asks for none, a network failure, a page that is not secure), the
 * request goes without, and a server that needs one says so.
 */
export function useSpamChecks(form: RefObject<HTMLFormElement | null>) {
  const { api } = useElement();
  const openedAt = useRef(0);
  const startedAt = useRef<number | null>(null);
  const solution = useRef<Promise<string | null> | null>(null);

  useEffect(() => {
    openedAt.current = performance.now();
  }, []);

  const prepare = useCallback((): Promise<string | null> => {
    // The sending code comes with it, so it is here by the time the visitor sends.
    const next = loadSending()
      .then((sending) => sending.solvedChallenge(api))
      .catch(() => null);
    solution.current = next;
    return next;
  }, [api]);

  // The visitor has started on the form: get the challenge ready.
  useEffect(() => {
    const element = form.current;
    const start = () => {
      startedAt.current ??= performance.now();
      if (!solution.current) void prepare();
    };
    element?.addEventListener("focusin", start);
    return () => element?.removeEventListener("focusin", start);
  }, [form, prepare]);

  /** The checks for the request being sent now (waiting for the solution if it is still being found). */
  const take = useCallback(async (): Promise<SpamChecks> => {
    const fillMs = Math.max(0, Math.round(performance.now() - (startedAt.current ?? openedAt.current)));
    const pending = solution.current ?? prepare();
    solution.current = null;
    const challenge = await pending;
    return challenge ? { fillMs, challenge } : { fillMs };
  }, [prepare]);

  /** After a stored request the form starts over: the next one's time counts from now, or from its first focus. */
  const restart = useCallback(() => {
    openedAt.current = performance.now();
    startedAt.current = null;
  }, []);

  return { take, restart };
}
