import type { Locale } from "@agency/contract";
import { apiErrorMessage, deskApiClient, type ApiClient } from "@agency/core";
import type { I18n } from "@lingui/core";
import { useCallback, useEffect, useState } from "react";
import { useLocale } from "../../lib/use-locale";

/** The desk's root in a language: /desk, or /en/desk. */
export const deskRoot = (locale: Locale) => (locale === "en" ? "/en/desk" : "/desk");

/** Builds a desk address in the page's language: to("/customers") → /en/desk/customers on an English page. */
export function useDeskPath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => `${deskRoot(locale)}${path === "/" ? "" : path}`, [locale]);
}

/** The desk's API client (the staff session's token, never the customer's), in the page's language. */
export function useDeskApi(): ApiClient {
  return deskApiClient(useLocale());
}

/** What went wrong with a desk call, in the page's language. */
export function failureText(error: unknown, i18n: I18n, fallback: string): string {
  return apiErrorMessage(error, i18n) ?? fallback;
}

/** A form's fields marked invalid without a message of their own (useForm's empty text): the alert says what is wrong. */
export function marked<F extends string>(fields: readonly (F | false)[]): Partial<Record<F, string>> {
  return Object.fromEntries(fields.filter((field): field is F => Boolean(field)).map((field) => [field, ""])) as Partial<Record<F, string>>;
}

export type Loaded<T> = { state: "loading" } | { state: "failed"; error: unknown } | { state: "done"; data: T };

/**
 * Loads with `load` whenever `key` changes (a filter, an id), forgetting answers to earlier keys; `reload` asks
 * again and `replace` puts an updated value in place (an action's answer).
 */
export function useLoaded<T>(key: string, load: () => Promise<T>) {
  const [result, setResult] = useState<{ key: string; value: Loaded<T> }>({ key, value: { state: "loading" } });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setResult((previous) => (previous.key === key && previous.value.state === "done" ? previous : { key, value: { state: "loading" } }));
    load().then(
      (data) => current && setResult({ key, value: { state: "done", data } }),
      (error: unknown) => current && setResult({ key, value: { state: "failed", error } }),
    );
    return () => {
      current = false;
    };
    // `load` is a new function on every render; the key says what it loads.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  const value: Loaded<T> = result.key === key ? result.value : { state: "loading" };
  return {
    value,
    reload: () => setRound((n) => n + 1),
    replace: (data: T) => setResult({ key, value: { state: "done", data } }),
  };
}

/** Offers a file to save, as a download of the browser's. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Moves focus to the view's main heading, for a change of view that is no navigation (a step, a sign-in). */
export function focusHeading(): void {
  requestAnimationFrame(() => {
    const heading = document.getElementById("main")?.querySelector<HTMLElement>("h1");
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: false });
  });
}
