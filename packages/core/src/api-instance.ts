import type { AxiosError, AxiosInstance, AxiosStatic } from "axios";
import { isAxiosError, navigation, refusedOrigins, type ApiClientOptions, type ApiRequestConfig, type BearerSession } from "./api-client";
import { sessionFor } from "./session";
import type { SessionEndedKey } from "./session-ended";
import { readStorage, writeStorage } from "./storage";

// Loaded with axios by the API client's first call (./api-client.ts), so a page that calls nothing never downloads it.

/**
 * An axios instance: JSON, the bearer token of the shared session on every request, and the 401 rule — clear the
 * session, navigate to the login page (unless the call asked for `quietUnauthorized`), and still reject the original
 * error so the caller can stop what it was doing. The rule applies to the session the request was sent with only
 * while it is still the current one.
 */
export function createInstance(axios: AxiosStatic, { apiBase, loginUrl, locale, session: bearer }: ApiClientOptions): AxiosInstance {
  const customerSession = sessionFor(apiBase);
  const session: BearerSession = bearer ?? {
    key: "customer",
    token: () => customerSession.get().token,
    end: customerSession.clear,
    navigatesOnUnauthorized: true,
  };
  const client = axios.create({
    baseURL: apiBase,
    headers: { "Content-Type": "application/json", ...(locale ? { "Accept-Language": locale } : {}) },
  });
  client.interceptors.request.use((config) => {
    const token = session.token();
    if (token) config.headers.set("Authorization", `Bearer ${token}`);
    // Only the elements' own storage has a device id: on the agency's site the device cookie reaches the API.
    if ((config as ApiRequestConfig).signIn && customerSession.prefix) config.headers.set("Agency-Device", deviceId(customerSession.prefix));
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
        // The login page says the session ended, rather than appearing out of nowhere (under the elements' own
        // prefix on a partner's page, as the session itself).
        writeStorage(customerSession.prefix + ("sessionEnded" satisfies SessionEndedKey), String(Date.now()), "session");
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

/**
 * The browser's device id in the elements' own storage (`agency.device`), made at its first sign-in: 32 random bytes,
 * base64url, standing for this browser as the API's device cookie does on the site. It survives signing out, as the
 * cookie does; where storage is unavailable each sign-in gets a new one (the browser is new each time).
 */
function deviceId(prefix: string): string {
  const key = `${prefix}device`;
  const stored = readStorage(key);
  if (stored && /^[A-Za-z0-9_-]{43}$/.test(stored)) return stored;
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const id = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  writeStorage(key, id);
  return id;
}
