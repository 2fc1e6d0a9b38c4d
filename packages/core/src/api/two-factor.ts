import type { ApiClient } from "../api-client";
import type {
  NewRecoveryCodesPayload,
  RecoveryCodesResponse,
  SuccessMessageResponse,
  TwoFactorDisablePayload,
  TwoFactorEnablePayload,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
} from "@agency/contract";

/** The signed-in customer's second factor (an authenticator app and recovery codes), under /account/two-factor. */

export async function fetchStatus(api: ApiClient): Promise<TwoFactorStatusResponse> {
  const { data } = await api.get<TwoFactorStatusResponse>("/account/two-factor");
  return data;
}

/** A new secret to set up, with the otpauth:// address its QR code shows. */
export async function startSetup(api: ApiClient): Promise<TwoFactorSetupResponse> {
  const { data } = await api.post<TwoFactorSetupResponse>("/account/two-factor/setup");
  return data;
}

/** Turns it on with the app's current code and the password; the answer's recovery codes are shown once. */
export async function enable(api: ApiClient, payload: TwoFactorEnablePayload): Promise<string[]> {
  const { data } = await api.post<RecoveryCodesResponse>("/account/two-factor/enable", payload);
  return data.recoveryCodes;
}

/** New recovery codes (the old ones stop working), with the password. */
export async function newRecoveryCodes(api: ApiClient, payload: NewRecoveryCodesPayload): Promise<string[]> {
  const { data } = await api.post<RecoveryCodesResponse>("/account/two-factor/recovery-codes", payload);
  return data.recoveryCodes;
}

export async function disable(api: ApiClient, payload: TwoFactorDisablePayload): Promise<SuccessMessageResponse> {
  const { data } = await api.post<SuccessMessageResponse>("/account/two-factor/disable", payload);
  return data;
}
