import { errorAnswerText, isErrorCode, type ErrorCode } from "@agency/contract";
import type { I18n } from "@lingui/core";
import axios, { AxiosError, type AxiosInstance } from "axios";
import { clearSession, getSession } from "./session";

export interface ApiClientOptions {
  /** e.g. "/api", "/preview/a/b/api" or "https://agency.example/api" */
  apiBase: string;
  /** Where a 401 sends the browser (base + "login"). */
  loginUrl: string;
  /** Sent as Accept-Language, so the server's messages come back in the element's language. */
  locale?: string;
}

/** Replaced in tests; a 401 makes a full page navigation to the login page. */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

const clients = new Map<string, AxiosInstance>();

/**
 * One axios instance per API base: JSON, the bearer token of the shared session on every request, and the 401
 * rule — clear the session, navigate to the login page, and still reject the original error so the caller can stop
 * what it was doing.
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

/**
 * What to tell the visitor about a failed call, in the language of `i18n`: the text of the answer's error `code`
 * (the same text the server writes in `error`, from the contract's catalog), or the server's own `error` text for a
 * code this code does not know. Undefined when there was no error answer at all (network failure), so the caller
 * shows its own fallback.
 */
export function apiErrorMessage(error: unknown, i18n: I18n): string | undefined {
  if (!(error instanceof AxiosError)) return undefined;
  const data: unknown = error.response?.data;
  if (!data || typeof data !== "object") return undefined;
  const retryAfter = retryAfterSeconds(error);
  return errorAnswerText(i18n, retryAfter === undefined ? data : { ...data, retryAfter });
}

/** The error code of a failed call's answer, when it has one. */
export function apiErrorCode(error: unknown): ErrorCode | undefined {
  const code: unknown = error instanceof AxiosError ? (error.response?.data as { code?: unknown } | undefined)?.code : undefined;
  return isErrorCode(code) ? code : undefined;
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
