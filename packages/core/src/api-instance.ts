import type { AxiosError, AxiosInstance, AxiosStatic } from "axios";
import { customerSession, isAxiosError, navigation, refusedOrigins, type ApiClientOptions, type ApiRequestConfig } from "./api-client";
import type { SessionEndedKey } from "./session-ended";
import { writeStorage } from "./storage";

// Loaded with axios by the API client's first call (./api-client.ts), so a page that calls nothing never downloads it.

/**
 * An axios instance: JSON, the bearer token of the shared session on every request, and the 401 rule — clear the
 * session, navigate to the login page (unless the call asked for `quietUnauthorized`), and still reject the original
 * error so the caller can stop what it was doing. The rule applies to the session the request was sent with only
 * while it is still the current one.
 */
export function createInstance(axios: AxiosStatic, { apiBase, loginUrl, locale, session = customerSession }: ApiClientOptions): AxiosInstance {
  const client = axios.create({
    baseURL: apiBase,
    headers: { "Content-Type": "application/json", ...(locale ? { "Accept-Language": locale } : {}) },
  });
  client.interceptors.request.use((config) => {
    const token = session.token();
    if (token) config.headers.set("Authorization", `Bearer ${token}`);
    return config;
  });
  client.interceptors.response.use(undefined, async (error: unknown) => {
    if (isAxiosError(error) && !error.response) await markRefusedOrigin(error, apiBase);
    if (isAxiosError(error) && error.response?.status === 401) {
      // A request sent for a session that has ended here since (a logout while a panel was still loading) or been
      // replaced (a new sign-in) says nothing about the current one: the rule is for the session of now.
      const sent = error.config?.headers.get("Authorization");
      if (typeof sent === "string" && sent !== `Bearer ${session.token()}`) return Promise.reject(error);
      session.end();
      const quiet = (error.config as ApiRequestConfig | undefined)?.quietUnauthorized;
      if (session.navigatesOnUnauthorized && !quiet) {
        // The login page says the session ended, rather than appearing out of nowhere.
        writeStorage("sessionEnded" satisfies SessionEndedKey, String(Date.now()), "session");
        navigation.assign(loginUrl);
      }
    }
    return Promise.reject(error);
  });
  return client;
}

/**
 * A call to an API on another origin that got no answer: the browser hides a refusal under CORS (this page's origin
 * is not among the server's ALLOWED_ORIGINS) as a network error. The API's liveness check answers any origin: when
 * it answers, the server is there and it was the refusal.
 */
async function markRefusedOrigin(error: AxiosError, apiBase: string): Promise<void> {
  const service = new URL(apiBase, window.location.href);
  if (service.origin === window.location.origin || typeof fetch !== "function") return;
  try {
    const health = await fetch(`${service.href.replace(/\/$/, "")}/health`, { cache: "no-store", credentials: "omit" });
    if (health.ok) refusedOrigins.add(error);
  } catch {
    // Not reached either: a network problem, not the page's origin.
  }
}
