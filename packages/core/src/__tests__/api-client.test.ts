import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { contractCatalog } from "@agency/contract/catalog";
import { apiErrorCode, apiErrorMessage, getApiClient, navigation, retryAfterSeconds } from "../api-client";
import { createI18n } from "../i18n";
import { clearSession, getSession, setSession } from "../session";
import type { SessionEndedKey } from "../session-ended";

const nl = createI18n("nl", [contractCatalog]);

const seen: { auth: string | null; type: string | null }[] = [];
const server = setupServer(
  http.post("http://api.test/api/echo", ({ request }) => {
    seen.push({ auth: request.headers.get("authorization"), type: request.headers.get("content-type") });
    return HttpResponse.json({ ok: true });
  }),
  http.get("http://api.test/api/gone", () => HttpResponse.json({ error: "Session expired" }, { status: 401 })),
  http.get("http://api.test/api/bad", () => HttpResponse.json({ error: "Email already registered" }, { status: 409 })),
  http.get("http://api.test/api/slow-down", () =>
    HttpResponse.json({ error: "Too many attempts", retryAfter: 90 }, { status: 429, headers: { "Retry-After": "90" } }),
  ),
  http.get("http://api.test/api/coded", () =>
    HttpResponse.json({ error: "Invalid email or password", code: "auth.invalid_credentials" }, { status: 400 }),
  ),
  http.get("http://api.test/api/throttled", () =>
    HttpResponse.json({ error: "Too many login attempts. Try again in 3 minutes.", code: "auth.too_many_attempts" }, { status: 429, headers: { "Retry-After": "150" } }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  seen.length = 0;
  clearSession();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const user = { id: "u1", email: "a@b.c", name: "", created_at: "2026-01-01T00:00:00Z", email_verified: true, pending_email: null };
const api = () => getApiClient({ apiBase: "http://api.test/api", loginUrl: "/preview/a/b/login" });

describe("API client", () => {
  it("sends JSON, and the bearer token only when one is stored", async () => {
    await api().post("/echo", { a: 1 });
    setSession(user, "tok-123");
    await api().post("/echo", { a: 1 });
    expect(seen[0]).toEqual({ auth: null, type: expect.stringContaining("application/json") });
    expect(seen[1]!.auth).toBe("Bearer tok-123");
  });

  it("asks for the element's language", async () => {
    let language: string | null = null;
    server.use(http.get("http://api.test/api/lang", ({ request }) => {
      language = request.headers.get("accept-language");
      return HttpResponse.json({});
    }));
    await getApiClient({ apiBase: "http://api.test/api", loginUrl: "/login", locale: "nl" }).get("/lang");
    expect(language).toBe("nl");
  });

  it("reuses one instance per API base", () => {
    expect(api()).toBe(api());
  });

  it("on 401 clears the session, navigates to base + login, and still rejects with the original error", async () => {
    const assign = vi.spyOn(navigation, "assign").mockImplementation(() => {});
    setSession(user, "tok-123");
    const error = await api().get("/gone").catch((e: unknown) => e);
    expect(apiErrorMessage(error, nl)).toBe("Session expired");
    expect(getSession().isAuthenticated).toBe(false);
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
    expect(assign).toHaveBeenCalledWith("/preview/a/b/login");
    // The login page it goes to says the session ended.
    expect(Number(sessionStorage.getItem("sessionEnded" satisfies SessionEndedKey))).toBeGreaterThan(Date.now() - 5000);
    sessionStorage.clear();
  });

  it("on 401 for a session that has ended or been replaced since the request left, leaves the page and the new session alone", async () => {
    const assign = vi.spyOn(navigation, "assign").mockImplementation(() => {});
    let arrived!: () => void;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    let answer!: () => void;
    server.use(
      http.get("http://api.test/api/late", () => new Promise<Response>((resolve) => {
        answer = () => resolve(HttpResponse.json({ error: "Session expired" }, { status: 401 }));
        arrived();
      })),
    );
    setSession(user, "tok-old");
    const ended = api().get("/late").catch((e: unknown) => e);
    await reached;
    // Logged out, then signed in again, while the request was on its way.
    clearSession();
    setSession(user, "tok-new");
    answer();
    expect(apiErrorMessage(await ended, nl)).toBe("Session expired");
    expect(getSession().token).toBe("tok-new");
    expect(assign).not.toHaveBeenCalled();
  });

  it("leaves the session alone on other errors and reads the error field", async () => {
    const assign = vi.spyOn(navigation, "assign").mockImplementation(() => {});
    setSession(user, "tok-123");
    const error = await api().get("/bad").catch((e: unknown) => e);
    expect(apiErrorMessage(error, nl)).toBe("Email already registered");
    expect(getSession().isAuthenticated).toBe(true);
    expect(assign).not.toHaveBeenCalled();
  });

  it("reads Retry-After on a 429", async () => {
    const error = await api().get("/slow-down").catch((e: unknown) => e);
    expect(retryAfterSeconds(error)).toBe(90);
    expect(apiErrorMessage(new Error("plain"), nl)).toBeUndefined();
  });

  it("translates the answer's error code into the caller's language, with the wait of Retry-After", async () => {
    const coded = await api().get("/coded").catch((e: unknown) => e);
    expect(apiErrorCode(coded)).toBe("auth.invalid_credentials");
    expect(apiErrorMessage(coded, nl)).toBe("Onjuist e-mailadres of wachtwoord");
    const throttled = await api().get("/throttled").catch((e: unknown) => e);
    expect(apiErrorMessage(throttled, nl)).toBe("Te veel inlogpogingen. Probeer het over 3 minuten opnieuw.");
  });
});
