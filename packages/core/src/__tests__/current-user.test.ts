import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getApiClient, navigation } from "../api-client";
import { fetchCurrentUser } from "../api/auth";
import { clearSession, getSession, SESSION_EVENT, setSession, subscribeSession } from "../session";

const stored = { id: "u1", email: "ann@example.com", name: "Old name", created_at: "2026-01-01T00:00:00Z", email_verified: true, pending_email: null };
const fresh = { ...stored, name: "Ann Fresh" };
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  clearSession();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const api = () => getApiClient({ apiBase: "http://api.test/api", loginUrl: "/login" });

describe("refreshing the signed-in user", () => {
  it("replaces the stored user, tells subscribers and the other copies of the bundle", async () => {
    server.use(http.get("http://api.test/api/auth/me", () => HttpResponse.json({ user: fresh })));
    setSession(stored, "t1");
    const listener = vi.fn();
    const otherCopies = vi.fn();
    subscribeSession(listener);
    window.addEventListener(SESSION_EVENT, otherCopies);
    await expect(fetchCurrentUser(api())).resolves.toEqual(fresh);
    window.removeEventListener(SESSION_EVENT, otherCopies);
    expect(getSession()).toEqual({ user: fresh, token: "t1", isAuthenticated: true });
    expect(JSON.parse(localStorage.getItem("user")!)).toEqual(fresh);
    expect(listener).toHaveBeenCalled();
    expect(otherCopies).toHaveBeenCalled();
  });

  it("ends the session on a 401 and goes to the login page", async () => {
    const assign = vi.spyOn(navigation, "assign").mockImplementation(() => {});
    server.use(http.get("http://api.test/api/auth/me", () => HttpResponse.json({ error: "Session expired", code: "auth.required" }, { status: 401 })));
    setSession(stored, "t1");
    await expect(fetchCurrentUser(api())).rejects.toThrow();
    expect(getSession().isAuthenticated).toBe(false);
    expect(localStorage.getItem("token")).toBeNull();
    expect(assign).toHaveBeenCalledWith("/login");
  });

  it("asked quietly (a background refresh), ends the session on a 401 without leaving the page", async () => {
    const assign = vi.spyOn(navigation, "assign").mockImplementation(() => {});
    server.use(http.get("http://api.test/api/auth/me", () => HttpResponse.json({ error: "Session expired", code: "auth.required" }, { status: 401 })));
    setSession(stored, "t1");
    await expect(fetchCurrentUser(api(), { quiet: true })).rejects.toThrow();
    expect(getSession().isAuthenticated).toBe(false);
    expect(localStorage.getItem("token")).toBeNull();
    expect(assign).not.toHaveBeenCalled();

    // Only that call: the next 401 of any other call still goes to the login page.
    server.use(http.get("http://api.test/api/subscriptions/current", () => HttpResponse.json({ error: "Session expired", code: "auth.required" }, { status: 401 })));
    setSession(stored, "t2");
    await expect(api().get("/subscriptions/current")).rejects.toThrow();
    expect(assign).toHaveBeenCalledWith("/login");
  });

  it("keeps the stored session when the server fails otherwise", async () => {
    server.use(http.get("http://api.test/api/auth/me", () => HttpResponse.json({ error: "Internal Server Error" }, { status: 500 })));
    setSession(stored, "t1");
    await expect(fetchCurrentUser(api())).rejects.toThrow();
    expect(getSession()).toEqual({ user: stored, token: "t1", isAuthenticated: true });
  });

  it("leaves a session that changed while the answer was on its way alone", async () => {
    const other = { ...stored, id: "u2", name: "Bob" };
    server.use(
      http.get("http://api.test/api/auth/me", () => {
        setSession(other, "t2");
        return HttpResponse.json({ user: fresh });
      }),
    );
    setSession(stored, "t1");
    await fetchCurrentUser(api());
    expect(getSession()).toEqual({ user: other, token: "t2", isAuthenticated: true });
  });
});
