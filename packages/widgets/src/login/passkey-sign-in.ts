import type { User } from "@agency/contract";
import { isAgencyOrigin, type ApiClient } from "@agency/core";
import { useEffect, useRef, useState } from "react";

/** The passkey ceremony (./passkey-ceremony.ts, with SimpleWebAuthn), loaded after the view has rendered. */
const ceremony = () => import("./passkey-ceremony");

/** Signing in with a passkey (see passkey-ceremony.ts); `autofill` asks without a prompt. */
export async function signInWithPasskey(api: ApiClient, options: { autofill: boolean; basePath: string }): Promise<User> {
  return (await ceremony()).signInWithPasskey(api, options);
}

/** The visitor closed the browser's prompt, or another request (the button, leaving the page) replaced this one. */
export function wasCancelled(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === "NotAllowedError" || name === "AbortError";
}

/**
 * Whether this browser can use passkeys at all: the button is offered only then. The same test as SimpleWebAuthn's
 * browserSupportsWebAuthn(), made before the first render, so the button is there from the start and never moves
 * the form down once the library has arrived.
 */
export function passkeysSupported(): boolean {
  return typeof globalThis.PublicKeyCredential === "function";
}

/**
 * Whether the login view offers a passkey: true or false, undefined while a partner's page waits for the answer, and
 * null in a browser without WebAuthn. On the agency's own site they always work; on any other page the ceremony's code
 * asks (passkey-ceremony.ts's passkeysWorkHere), which autofill loads on such a page anyway, and no answer counts as
 * no. Waiting, and where passkeys do not work on the page, the button keeps its room unseen: the element is as high as
 * where they do, so nothing below it moves when the answer comes (the room an element reserves before it renders is
 * the room with the button).
 */
export function usePasskeysHere(api: ApiClient, apiBase: string): boolean | undefined | null {
  const [answer, setAnswer] = useState<boolean | undefined | null>(() => (passkeysSupported() ? isAgencyOrigin(apiBase) || undefined : null));
  useEffect(() => {
    if (answer !== undefined) return;
    let live = true;
    void ceremony()
      .then((loaded) => loaded.passkeysWorkHere(api), () => false)
      .then((here) => live && setAnswer(here));
    return () => {
      live = false;
    };
  }, [api, answer]);
  return answer;
}

/** What passkey autofill reports to the login view. */
export interface AutofillHandlers {
  onPicked: () => void;
  onSignedIn: (user: User) => void;
  onFailed: (error: unknown) => void;
}

/**
 * Passkey autofill for the login view while it is shown: started again after each attempt (`round` changes), and
 * given up when the view goes away. A passkey picked calls `onPicked` (the session is about to begin), then
 * `onSignedIn`, or `onFailed` when the server refuses it. `basePath` is the site's, for the link in a new-sign-in alert.
 * Until a passkey is picked nothing is shown (options refused, a page the site's passkeys are not for): the visitor
 * asked for nothing, and the password form is right there.
 */
export function usePasskeyAutofill(
  api: ApiClient,
  round: number,
  { basePath, enabled }: { basePath: string; enabled: boolean },
  { onPicked, onSignedIn, onFailed }: AutofillHandlers,
): void {
  const handlers = useRef({ onPicked, onSignedIn, onFailed });
  useEffect(() => {
    handlers.current = { onPicked, onSignedIn, onFailed };
  });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void ceremony().then((loaded) => loaded.runAutofill(api, { round, basePath, live: () => live, handlers: () => handlers.current }));
    return () => {
      live = false;
      void ceremony().then(({ WebAuthnAbortService }) => WebAuthnAbortService.cancelCeremony());
    };
  }, [api, round, basePath, enabled]);
}
