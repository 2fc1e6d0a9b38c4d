import type { ErrorCode } from "@agency/contract";
import type { I18n } from "@lingui/core";
import type { AxiosError, AxiosInstance } from "axios";

/**
 * Whose bearer token a client sends, and how a 401 for it ends that session. The customer session is the default;
 * the agency's desk has a session of its own, so a desk call can never sign a customer out (nor the other way round).
 */
export interface BearerSession {
  /** Tells clients apart: one client per session, API base and language. */
  readonly key: string;
  token(): string | null;
  /** Ends the session after a 401 for its current token. */
  end(): void;
  /** Whether that 401 also sends the browser to the login page (`loginUrl`); the desk shows its own sign-in in place. */
  readonly navigatesOnUnauthorized: boolean;
}


/** How error answers are read (./api-errors.ts), there once the first call's code has loaded. */
let errors: typeof import("./api-errors") | undefined;

export interface ApiClientOptions {
  /** e.g. "/api", "/preview/a/b/api" or "https://agency.example/api" */
  apiBase: string;
  /** Where a 401 sends the browser (base + "login"). */
  loginUrl: string;
  /** Sent as Accept-Language, so the server's messages come back in the element's language. */
  locale?: string;
  /**
   * Whose token is sent; left out, the customer session of the API's storage (./session.ts, `sessionFor`: the site's
   * on the agency's own origin, the elements' own elsewhere).
   */
  session?: BearerSession;
}

export interface ApiRequestConfig {
  params?: Record<string, string | number | boolean | undefined>;
  /** A body for DELETE. */
  data?: unknown;
  /**
   * The call may start a session (a sign-in, a registration): on a page of another origin, where no cookie of the
   * API's reaches it, it carries the device id the elements keep (header Agency-Device), so the account recognises
   * the browser as the device cookie lets it on the site.
   */
  signIn?: boolean;
  /**
   * On a 401, end the session without the navigation to the login page: for a check the visitor did not ask for
   * (the stored user refreshed in the background on a public page). Every other call keeps the 401 rule.
   */
  quietUnauthorized?: boolean;
  /** The answer as text or a Blob instead of parsed JSON (a CSV export). */
  responseType?: "text" | "blob";
}

/** axios's answer: the body and the headers (names in lower case). */
export interface ApiResponse<T> {
  data: T;
  headers: Record<string, unknown>;
}

/** The calls the API modules make: axios's get, post, patch and delete, with axios's answers and errors. */
export interface ApiClient {
  /** The API's address; its customer session is `sessionFor(apiBase)`. */
  readonly apiBase: string;
  get<T = unknown>(url: string, config?: ApiRequestConfig): Promise<ApiResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, config?: ApiRequestConfig): Promise<ApiResponse<T>>;
  patch<T = unknown>(url: string, data?: unknown, config?: ApiRequestConfig): Promise<ApiResponse<T>>;
  delete<T = unknown>(url: string, config?: ApiRequestConfig): Promise<ApiResponse<T>>;
}

/** Replaced in tests; a 401 makes a full page navigation to the login page. */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/**
 * axios is loaded with the first call, not with the page: an element or a page that shows before it asks the API
 * anything (most marketing pages ask nothing at all) does not wait for the HTTP client's code.
 */
class LazyAxiosClient implements ApiClient {
  private instance: Promise<AxiosInstance> | undefined;
  readonly apiBase: string;

  constructor(private readonly options: ApiClientOptions) {
    this.apiBase = options.apiBase;
  }

  private axios(): Promise<AxiosInstance> {
    this.instance ??= Promise.all([import("axios"), import("./api-errors"), import("./api-instance")]).then(
      ([{ default: axios }, apiErrors, { createInstance }]) => {
        errors = apiErrors;
        return createInstance(axios, this.options);
      },
      (error: unknown) => {
        // A failed download (offline) is tried again on the next call.
        this.instance = undefined;
        throw error;
      },
    );
    return this.instance;
  }

  async get<T = unknown>(url: string, config?: ApiRequestConfig): Promise<ApiResponse<T>> {
    return (await this.axios()).get<T>(url, config);
  }

  async post<T = unknown>(url: string, data?: unknown, config?: ApiRequestConfig): Promise<ApiResponse<T>> {
    return (await this.axios()).post<T>(url, data, config);
  }

  async patch<T = unknown>(url: string, data?: unknown, config?: ApiRequestConfig): Promise<ApiResponse<T>> {
    return (await this.axios()).patch<T>(url, data, config);
  }

  async delete<T = unknown>(url: string, config?: ApiRequestConfig): Promise<ApiResponse<T>> {
    return (await this.axios()).delete<T>(url, config);
  }
}

const clients = new Map<string, ApiClient>();

/** One client per session, API base, language and login page. */
export function getApiClient(options: ApiClientOptions): ApiClient {
  const key = `${options.session?.key ?? "customer"} ${options.apiBase} ${options.loginUrl} ${options.locale ?? ""}`;
  let client = clients.get(key);
  if (!client) {
    client = new LazyAxiosClient(options);
    clients.set(key, client);
  }
  return client;
}

/** An error from axios (an answer other than 2xx, or no answer at all); axios marks its errors so. */
export function isAxiosError(error: unknown): error is AxiosError {
  return typeof error === "object" && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

/**
 * What to tell the visitor about a failed call, in the language of `i18n`: the text of the answer's error `code`
 * (the same text the server writes in `error`, from the contract's catalog), or the server's own `error` text for a
 * code this code does not know. Undefined when there was no error answer at all (network failure), so the caller
 * shows its own fallback.
 */
export function apiErrorMessage(error: unknown, i18n: I18n): string | undefined {
  if (!isAxiosError(error)) return undefined;
  const data: unknown = error.response?.data;
  if (!data || typeof data !== "object") return undefined;
  const retryAfter = retryAfterSeconds(error);
  const answer = retryAfter === undefined ? data : { ...data, retryAfter };
  // An answer of this client: the error texts came with it. (The server's own text otherwise.)
  if (errors) return errors.errorAnswerIn(i18n, answer);
  const { error: text } = answer as { error?: unknown };
  return typeof text === "string" && text ? text : undefined;
}

/** The error code of a failed call's answer, when it has one. */
export function apiErrorCode(error: unknown): ErrorCode | undefined {
  const code: unknown = isAxiosError(error) ? (error.response?.data as { code?: unknown } | undefined)?.code : undefined;
  return errors?.isErrorCode(code) ? code : undefined;
}

/** The request fields a failed call's answer names as missing or wrong (`fields`), when it names any. */
export function apiErrorFields(error: unknown): string[] {
  const fields: unknown = isAxiosError(error) ? (error.response?.data as { fields?: unknown } | undefined)?.fields : undefined;
  return Array.isArray(fields) ? fields.filter((field): field is string => typeof field === "string") : [];
}

export function apiStatus(error: unknown): number | undefined {
  return isAxiosError(error) ? error.response?.status : undefined;
}

/** True when the request never got an answer (offline, DNS, CORS refused). */
export function isNetworkError(error: unknown): boolean {
  return isAxiosError(error) && !error.response;
}

/** Calls that got no answer because the API refused this page's origin (marked by ./api-instance.ts). */
export const refusedOrigins = new WeakSet<object>();

/** True when a call failed because the API does not allow this page's origin (CORS), not because of the network. */
export function isOriginRefused(error: unknown): boolean {
  return typeof error === "object" && error !== null && refusedOrigins.has(error);
}

/** Seconds from a 429's Retry-After header or body. */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!isAxiosError(error) || error.response?.status !== 429) return undefined;
  const header = Number(error.response.headers["retry-after"]);
  if (Number.isFinite(header) && header > 0) return header;
  const body: unknown = error.response.data;
  if (body && typeof body === "object" && "retryAfter" in body && typeof body.retryAfter === "number") {
    return body.retryAfter;
  }
  return undefined;
}
