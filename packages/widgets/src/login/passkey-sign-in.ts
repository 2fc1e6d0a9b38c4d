import type { User } from "@agency/contract";
import type { ApiClient } from "@agency/core";
import { useEffect, useRef } from "react";

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
export function usePasskeyAutofill(api: ApiClient, round: number, basePath: string, { onPicked, onSignedIn, onFailed }: AutofillHandlers): void {
  const handlers = useRef({ onPicked, onSignedIn, onFailed });
  useEffect(() => {
    handlers.current = { onPicked, onSignedIn, onFailed };
  });
  useEffect(() => {
    let live = true;
    void ceremony().then((loaded) => loaded.runAutofill(api, { round, basePath, live: () => live, handlers: () => handlers.current }));
    return () => {
      live = false;
      void ceremony().then(({ WebAuthnAbortService }) => WebAuthnAbortService.cancelCeremony());
    };
  }, [api, round, basePath]);
}
