import type { AcceptedPasskeys } from "@agency/contract";

/** The WebAuthn Signal API where the browser has it (Chrome 132 and later); older browsers lack these methods. */
interface SignalApi {
  signalAllAcceptedCredentials?: (options: { rpId: string; userId: string; allAcceptedCredentialIds: string[] }) => Promise<void>;
  signalCurrentUserDetails?: (options: { rpId: string; userId: string; name: string; displayName: string }) => Promise<void>;
}

/**
 * Tells the browser's passkey provider what the site holds for this account now: which passkeys it still accepts
 * (one removed in the settings, here or on another device, stops being offered in the sign-in prompt) and the
 * account's current name and address (shown with its passkeys). Each list of the passkeys is sent, the one after a
 * removal and after a name change among them. Without the API nothing happens; a refusal (a page whose origin may not
 * speak for the site's passkeys) changes nothing either.
 */
export function signalPasskeys(accepted: AcceptedPasskeys | undefined): void {
  const api = globalThis.PublicKeyCredential as (typeof PublicKeyCredential & SignalApi) | undefined;
  if (!accepted) return;
  const { rpId, userId, name, displayName, credentialIds } = accepted;
  const quiet = (signal: Promise<void> | undefined) => void signal?.catch(() => undefined);
  quiet(api?.signalAllAcceptedCredentials?.({ rpId, userId, allAcceptedCredentialIds: credentialIds }));
  if (credentialIds.length > 0) quiet(api?.signalCurrentUserDetails?.({ rpId, userId, name, displayName }));
}
