import type { User } from "@agency/contract";
import { passkeysApi, type ApiClient } from "@agency/core";
import { browserSupportsWebAuthnAutofill, startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { wasCancelled, type AutofillHandlers } from "./passkey-sign-in";

export { WebAuthnAbortService } from "@simplewebauthn/browser";

/** The browser's capabilities (WebAuthn Level 3), where it says them. */
type Capabilities = { getClientCapabilities?: () => Promise<Record<string, boolean | undefined>> };

const available = new WeakMap<ApiClient, Promise<boolean>>();

/**
 * Whether the site's passkeys work on a page of another origin than the agency's: only when the browser does related
 * origin requests (where it says so) and the server counts the page's origin among the ones browsers honour
 * (GET /auth/passkey/available, asked once per page): past the fifth registrable domain of the site's list a passkey
 * prompt would fail without a word. No answer counts as no.
 */
export function passkeysWorkHere(api: ApiClient): Promise<boolean> {
  let answer = available.get(api);
  if (!answer) {
    const browser = (globalThis.PublicKeyCredential as Capabilities).getClientCapabilities?.().then((c) => c.relatedOrigins !== false, () => true);
    answer = Promise.all([browser, passkeysApi.passkeysAvailable(api)]).then(([related = true, works]) => related && works, () => false);
    available.set(api, answer);
  }
  return answer;
}

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
async function passkeyAnswer(api: ApiClient, autofill: boolean) {
  const options = await passkeysApi.signInOptions(api);
  return startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    useBrowserAutofill: autofill,
    // The e-mail field is in the element's shadow root, where a search of the document does not reach.
    verifyBrowserAutofillInput: false,
  });
}

/** The server checks the signed answer and starts the session. */
function completeSignIn(api: ApiClient, credential: Awaited<ReturnType<typeof passkeyAnswer>>, basePath: string): Promise<User> {
  return passkeysApi.signIn(api, { credential, basePath });
}

/**
 * One round of passkey autofill (see usePasskeyAutofill): waits for a passkey picked among the e-mail field's
 * suggestions, then signs in with it. `live` says whether the view still wants the answer.
 */
export async function runAutofill(
  api: ApiClient,
  { round, basePath, live, handlers }: { round: number; basePath: string; live: () => boolean; handlers: () => AutofillHandlers },
): Promise<void> {
  if (!(await browserSupportsWebAuthnAutofill()) || !live()) return;
  let credential;
  try {
    credential = await passkeyAnswer(api, true);
  } catch (error) {
    // A SecurityError is expected where the site's passkeys cannot work (an IP address, an origin the site does
    // not list): the password form stays as it is, with no warning in every visitor's console.
    const expected = wasCancelled(error) || (error as { name?: unknown } | null)?.name === "SecurityError";
    if (live() && !expected) console.warn(`agency-login: passkey autofill (request ${round + 1}) is not available here`, error);
    return;
  }
  if (!live()) return;
  handlers().onPicked();
  try {
    handlers().onSignedIn(await completeSignIn(api, credential, basePath));
  } catch (error) {
    if (live()) handlers().onFailed(error);
  }
}
