import type { ApiClient } from "../api-client";
import { sessionFor } from "../session";
import type {
  AccountExport,
  AccountSessionsResponse,
  ChangeEmailPayload,
  ChangePasswordPayload,
  ProfileResponse,
  RevokeSessionsResponse,
  SuccessMessageResponse,
  User,
} from "@agency/contract";
import { CONSENT_STORAGE_KEY, readStorage, storagePrefixFor } from "../storage";

/** The cookie banner's anonymous id in this browser, if a decision with one is stored under `prefix`. */
export function storedConsentId(prefix = ""): string | undefined {
  try {
    const id: unknown = (JSON.parse(readStorage(prefix + CONSENT_STORAGE_KEY) ?? "null") as { id?: unknown } | null)?.id;
    return typeof id === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

export interface AccountDataFile {
  data: AccountExport;
  /** The name the server gives the file (Content-Disposition), e.g. my-data-2027-03-05.json. */
  filename: string;
}

/**
 * Everything the server holds about the signed-in user. The consent records of this browser are included: they
 * are filed under the banner's anonymous id, which only this browser knows.
 */
export async function exportAccountData(api: ApiClient): Promise<AccountDataFile> {
  const consentId = storedConsentId(storagePrefixFor(api.apiBase));
  const response = await api.get<AccountExport>("/account/export", { params: consentId ? { consentId } : {} });
  const disposition = String(response.headers["content-disposition"] ?? "");
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "my-data.json";
  return { data: response.data, filename };
}

/** Deletes the signed-in user's account, confirmed with their password. The caller signs out afterwards. */
export async function deleteAccount(api: ApiClient, password: string): Promise<SuccessMessageResponse> {
  const { data } = await api.delete<SuccessMessageResponse>("/account", { data: { password } });
  return data;
}

/** Renames the signed-in user; the stored user follows (every element and the header hear of it). */
export async function updateProfile(api: ApiClient, name: string): Promise<User> {
  const session = sessionFor(api.apiBase);
  const asked = session.get().token;
  const { data } = await api.patch<ProfileResponse>("/account/profile", { name });
  if (session.get().token === asked) session.update(data.user);
  return data.user;
}

/** Changes the password with the current one; this device stays signed in, the others are signed out. */
export async function changePassword(api: ApiClient, payload: ChangePasswordPayload): Promise<SuccessMessageResponse> {
  const { data } = await api.post<SuccessMessageResponse>("/account/password", payload);
  return data;
}

/** Asks for a new e-mail address: a link goes to it, and the address changes when the link is followed. */
export async function changeEmail(api: ApiClient, payload: ChangeEmailPayload): Promise<SuccessMessageResponse> {
  const { data } = await api.post<SuccessMessageResponse>("/account/email", payload);
  return data;
}

/** One page of the devices signed in to the account, this one first on page 1, with how many pages there are. */
export async function listSessions(api: ApiClient, page = 1): Promise<AccountSessionsResponse> {
  // The first page is the plain address, as before the list had pages.
  const { data } = await api.get<AccountSessionsResponse>("/account/sessions", page > 1 ? { params: { page } } : undefined);
  return data;
}

/** Signs one device out. */
export async function revokeSession(api: ApiClient, id: string): Promise<SuccessMessageResponse> {
  const { data } = await api.delete<SuccessMessageResponse>(`/account/sessions/${encodeURIComponent(id)}`);
  return data;
}

/** Signs out every device but this one. */
export async function revokeOtherSessions(api: ApiClient): Promise<RevokeSessionsResponse> {
  const { data } = await api.delete<RevokeSessionsResponse>("/account/sessions");
  return data;
}
