import type { User } from "@agency/contract";
import { passkeysApi, type ApiClient } from "@agency/core";
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";

export { browserSupportsWebAuthnAutofill, WebAuthnAbortService } from "@simplewebauthn/browser";

// The passkey ceremony itself, with SimpleWebAuthn's browser half and the passkey calls: loaded after the view has
// rendered (see passkey-sign-in.ts), so the login form does not wait for it.

/**
 * Signing in with a passkey: options from the server, the browser's own passkey prompt, the answer back to the
 * server, which starts the session. `autofill` asks without a prompt (conditional mediation): the browser offers the
 * site's passkeys among the e-mail field's suggestions (autocomplete="username webauthn") and the request waits
 * until one is picked.
 */
export async function signInWithPasskey(api: ApiClient, { autofill, basePath }: { autofill: boolean; basePath: string }): Promise<User> {
  return completeSignIn(api, await passkeyAnswer(api, autofill), basePath);
}

/** The browser's answer to fresh sign-in options: the passkey the visitor picked, signed. */
export async function passkeyAnswer(api: ApiClient, autofill: boolean) {
  const options = await passkeysApi.signInOptions(api);
  return startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    useBrowserAutofill: autofill,
    // The e-mail field is in the element's shadow root, where a search of the document does not reach.
    verifyBrowserAutofillInput: false,
  });
}

/** The server checks the signed answer and starts the session. */
export function completeSignIn(api: ApiClient, credential: Awaited<ReturnType<typeof passkeyAnswer>>, basePath: string): Promise<User> {
  return passkeysApi.signIn(api, { credential, basePath });
}
