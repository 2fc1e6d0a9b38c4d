import type { User } from "@agency/contract";
import { passkeysApi, type ApiClient } from "@agency/core";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useEffect, useRef } from "react";

/** SimpleWebAuthn's browser half, loaded after the view has rendered: the form does not wait for it. */
const webauthn = () => import("@simplewebauthn/browser");

/**
 * Signing in with a passkey, through SimpleWebAuthn's browser half: options from the server, the browser's own
 * passkey prompt, the answer back to the server, which starts the session. `autofill` asks without a prompt
 * (conditional mediation): the browser offers the site's passkeys among the e-mail field's suggestions
 * (autocomplete="username webauthn") and the request waits until one is picked.
 */
export async function signInWithPasskey(api: ApiClient, { autofill, basePath }: { autofill: boolean; basePath: string }): Promise<User> {
  return passkeysApi.signIn(api, { credential: await passkeyAnswer(api, autofill), basePath });
}

/** The browser's answer to fresh sign-in options: the passkey the visitor picked, signed. */
async function passkeyAnswer(api: ApiClient, autofill: boolean) {
  const [{ startAuthentication }, options] = await Promise.all([webauthn(), passkeysApi.signInOptions(api)]);
  return startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    useBrowserAutofill: autofill,
    // The e-mail field is in the element's shadow root, where a search of the document does not reach.
    verifyBrowserAutofillInput: false,
  });
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
 * Passkey autofill for the login view while it is shown: started again after each attempt (`round` changes), and
 * given up when the view goes away. A passkey picked calls `onPicked` (the session is about to begin), then
 * `onSignedIn`, or `onFailed` when the server refuses it. `basePath` is the site's, for the link in a new-sign-in alert.
 * Until a passkey is picked nothing is shown (options refused, a page the site's passkeys are not for): the visitor
 * asked for nothing, and the password form is right there.
 */
export function usePasskeyAutofill(
  api: ApiClient,
  round: number,
  basePath: string,
  { onPicked, onSignedIn, onFailed }: { onPicked: () => void; onSignedIn: (user: User) => void; onFailed: (error: unknown) => void },
): void {
  const handlers = useRef({ onPicked, onSignedIn, onFailed });
  useEffect(() => {
    handlers.current = { onPicked, onSignedIn, onFailed };
  });
  useEffect(() => {
    let live = true;
    void (async () => {
      const { browserSupportsWebAuthnAutofill } = await webauthn();
      if (!(await browserSupportsWebAuthnAutofill()) || !live) return;
      let credential;
      try {
        credential = await passkeyAnswer(api, true);
      } catch (error) {
        // A SecurityError is expected where the site's passkeys cannot work (an IP address, an origin the site does
        // not list): the password form stays as it is, with no warning in every visitor's console.
        const expected = wasCancelled(error) || (error as { name?: unknown } | null)?.name === "SecurityError";
        if (live && !expected) console.warn(`agency-login: passkey autofill (request ${round + 1}) is not available here`, error);
        return;
      }
      if (!live) return;
      handlers.current.onPicked();
      try {
        handlers.current.onSignedIn(await passkeysApi.signIn(api, { credential, basePath }));
      } catch (error) {
        if (live) handlers.current.onFailed(error);
      }
    })();
    return () => {
      live = false;
      void webauthn().then(({ WebAuthnAbortService }) => WebAuthnAbortService.cancelCeremony());
    };
  }, [api, round, basePath]);
}
