import type { ApiClient } from "../api-client";
import { sessionFor } from "../session";
import type {
  AddPasskeyPayload,
  AuthResponse,
  Passkey,
  PasskeyAuthenticationOptionsResponse,
  PasskeyAvailabilityResponse,
  PasskeyRegistrationOptionsPayload,
  PasskeyRegistrationOptionsResponse,
  PasskeyResponse,
  PasskeysResponse,
  PasskeySignInPayload,
  SuccessMessageResponse,
  User,
} from "@agency/contract";

/**
 * The passkey calls. The WebAuthn ceremony itself (navigator.credentials) runs in the element that asks; these only
 * carry its options and answers as JSON.
 */

/** The signed-in account's passkeys, oldest first, with what the WebAuthn Signal API tells the browser (`accepted`). */
export async function listPasskeys(api: ApiClient): Promise<PasskeysResponse> {
  const { data } = await api.get<PasskeysResponse>("/account/passkeys");
  return data;
}

/** Whether the site's passkeys work on this page (its origin among the related origins browsers honour). */
export async function passkeysAvailable(api: ApiClient): Promise<boolean> {
  const { data } = await api.get<PasskeyAvailabilityResponse>("/auth/passkey/available");
  return data.available;
}

/** Options to add a passkey: they take the password, or an answer of `confirmationOptions`, every time. */
export async function registrationOptions(api: ApiClient, payload: PasskeyRegistrationOptionsPayload = {}): Promise<PasskeyRegistrationOptionsResponse["options"]> {
  const { data } = await api.post<PasskeyRegistrationOptionsResponse>("/account/passkeys/options", payload);
  return data.options;
}

/**
 * Options for the owner to confirm it is them with one of the account's passkeys, in place of the password where
 * adding a way in asks for it (as `passkey`).
 */
export async function confirmationOptions(api: ApiClient): Promise<PasskeyAuthenticationOptionsResponse["options"]> {
  const { data } = await api.post<PasskeyAuthenticationOptionsResponse>("/account/passkeys/confirmation-options");
  return data.options;
}

/** Keeps the passkey the authenticator made for those options. */
export async function addPasskey(api: ApiClient, payload: AddPasskeyPayload): Promise<Passkey> {
  const { data } = await api.post<PasskeyResponse>("/account/passkeys", payload);
  return data.passkey;
}

export async function renamePasskey(api: ApiClient, id: string, name: string): Promise<Passkey> {
  const { data } = await api.patch<PasskeyResponse>(`/account/passkeys/${encodeURIComponent(id)}`, { name });
  return data.passkey;
}

export async function removePasskey(api: ApiClient, id: string): Promise<SuccessMessageResponse> {
  const { data } = await api.delete<SuccessMessageResponse>(`/account/passkeys/${encodeURIComponent(id)}`);
  return data;
}

/** Options to sign in with any passkey of the site. */
export async function signInOptions(api: ApiClient): Promise<PasskeyAuthenticationOptionsResponse["options"]> {
  const { data } = await api.post<PasskeyAuthenticationOptionsResponse>("/auth/passkey/options");
  return data.options;
}

/** Signs in with the authenticator's answer; stores token and user like a password login. */
export async function signIn(api: ApiClient, payload: PasskeySignInPayload): Promise<User> {
  const { data } = await api.post<AuthResponse>("/auth/passkey", payload, { signIn: true });
  sessionFor(api.apiBase).set(data.user, data.token);
  return data.user;
}
