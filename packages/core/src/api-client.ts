import axios, { AxiosError, type AxiosInstance } from "axios";
import { clearSession, getSession } from "./session";

export interface ApiClientOptions {
  /** e.g. "/api", "/preview/a/b/api" or "https://agency.example/api" */
  apiBase: string;
  /** Spec §4: where a 401 sends the browser (base + "login"). */
  loginUrl: string;
  /** Sent as Accept-Language, so the server's messages come back in the element's language. */
  locale?: string;
}

/** Replaced in tests; a full page navigation is what spec §4 asks for. */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

const clients = new Map<string, AxiosInstance>();

/**
 * One axios instance per API base (spec §7): JSON, the bearer token of the shared session on every request,
 * and the 401 rule of spec §4 — clear the session, navigate to the login page, and still reject the original
 * error so the caller can stop what it was doing.
 */
export function getApiClient({ apiBase, loginUrl, locale }: ApiClientOptions): AxiosInstance {
  const key = `${apiBase} ${loginUrl} ${locale ?? ""}`;
  const existing = clients.get(key);
  if (existing) return existing;

  const client = axios.create({
    baseURL: apiBase,
    headers: { "Content-Type": "application/json", ...(locale ? { "Accept-Language": locale } : {}) },
  });
  client.interceptors.request.use((config) => {
    const { token } = getSession();
    if (token) config.headers.set("Authorization", `Bearer ${token}`);
    return config;
  });
  client.interceptors.response.use(undefined, (error: unknown) => {
    if (error instanceof AxiosError && error.response?.status === 401) {
      clearSession();
      navigation.assign(loginUrl);
    }
    return Promise.reject(error);
  });
  clients.set(key, client);
  return client;
}

/** Spec §8: the server's message is in the response body's `error` field. */
export function apiErrorMessage(error: unknown): string | undefined {
  if (error instanceof AxiosError) {
    const data: unknown = error.response?.data;
    if (data && typeof data === "object" && "error" in data && typeof data.error === "string" && data.error) {
      return data.error;
    }
  }
  return undefined;
}

export function apiStatus(error: unknown): number | undefined {
  return error instanceof AxiosError ? error.response?.status : undefined;
}

/** True when the request never got an answer (offline, DNS, CORS refused). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof AxiosError && !error.response;
}

/** Seconds from a 429's Retry-After header or body. */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!(error instanceof AxiosError) || error.response?.status !== 429) return undefined;
  const header = Number(error.response.headers["retry-after"]);
  if (Number.isFinite(header) && header > 0) return header;
  const body: unknown = error.response.data;
  if (body && typeof body === "object" && "retryAfter" in body && typeof body.retryAfter === "number") {
    return body.retryAfter;
  }
  return undefined;
}
