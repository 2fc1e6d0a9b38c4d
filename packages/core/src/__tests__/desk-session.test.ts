import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getApiClient, navigation } from "../api-client";
import * as deskApi from "../api/desk";
import { clearDeskSession, DESK_TOKEN_KEY, deskApiClient, getDeskSession, setDeskSession } from "../desk-session";
import { clearSession, getSession, setSession } from "../session";
import { configure } from "../settings";

const seen: (string | null)[] = [];
const staff = { id: "5f0c7a7e-0000-4000-8000-000000000001", email: "desk@agency.test", role: "admin" as const, enrolled: true, createdAt: "2026-01-01T00:00:00Z", lastSignInAt: null };
const server = setupServer(
  http.get("http://api.test/api/echo", ({ request }) => {
    seen.push(request.headers.get("authorization"));
    return HttpResponse.json({});
  }),
  http.get("http://api.test/api/desk/leads", () => HttpResponse.json({ error: "Signed out", code: "auth.required" }, { status: 401 })),
  http.get("http://api.test/api/auth/me", () => HttpResponse.json({ error: "Signed out", code: "auth.required" }, { status: 401 })),
  http.get("http://api.test/api/desk/me", ({ request }) =>
    request.headers.get("authorization") === "Bearer desk-token"
      ? HttpResponse.json({ staff, sessionExpiresAt: "2026-01-01T12:00:00Z" })
      : HttpResponse.json({ error: "No", code: "auth.required" }, { status: 401 }),
  ),
  http.post("http://api.test/api/desk/login", async ({ request }) => {
    const body = (await request.json()) as { code?: string };
    return body.code === "123456"
      ? HttpResponse.json({ token: "desk-token" })
      : HttpResponse.json({ error: "Wrong", code: "desk.sign_in_failed" }, { status: 400 });
  }),
);

const user = { id: "u1", email: "a@b.c", name: "", created_at: "2026-01-01T00:00:00Z", email_verified: true, pending_email: null };
const customerApi = () => getApiClient({ apiBase: "http://api.test/api", loginUrl: "/login" });

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
beforeEach(() => {
  configure({ apiBase: "http://api.test/api" });
  vi.spyOn(navigation, "assign").mockImplementation(() => undefined);
});
afterEach(() => {
  seen.length = 0;
  clearSession();
  clearDeskSession();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

describe("the desk's session", () => {
  it("is sent by the desk's client only, and the customer's by the customer's client only", async () => {
    setSession(user, "customer-token");
    setDeskSession("desk-token");
    await deskApiClient("nl").get("/echo");
    await customerApi().get("/echo");
    clearDeskSession();
    await deskApiClient("nl").get("/echo");
    expect(seen).toEqual(["Bearer desk-token", "Bearer customer-token", null]);
    expect(localStorage.getItem(DESK_TOKEN_KEY)).toBeNull();
  });

  it("ends after a 401 on a desk call, without signing the customer out or leaving the page", async () => {
    setSession(user, "customer-token");
    setDeskSession("desk-token");
    await expect(deskApiClient("en").get("/desk/leads")).rejects.toMatchObject({ response: { status: 401 } });
    expect(getDeskSession().token).toBeNull();
    expect(getSession().token).toBe("customer-token");
    expect(navigation.assign).not.toHaveBeenCalled();
  });

  it("survives a 401 that ends the customer's session", async () => {
    setSession(user, "customer-token");
    setDeskSession("desk-token");
    await expect(customerApi().get("/auth/me")).rejects.toMatchObject({ response: { status: 401 } });
    expect(getSession().token).toBeNull();
    expect(getDeskSession().token).toBe("desk-token");
  });

  it("starts with a sign-in that has the second factor, and knows who signed in", async () => {
    setSession(user, "customer-token");
    await expect(deskApi.login(deskApiClient("nl"), { email: staff.email, password: "secret-pass", code: "000000" })).rejects.toMatchObject({
      response: { status: 400 },
    });
    expect(getDeskSession().token).toBeNull();
    expect(getSession().token).toBe("customer-token");
    expect(navigation.assign).not.toHaveBeenCalled();

    const signedIn = await deskApi.login(deskApiClient("nl"), { email: staff.email, password: "secret-pass", code: "123456" });
    expect(signedIn).toEqual(staff);
    expect(getDeskSession()).toEqual({ token: "desk-token", staff });
    expect(localStorage.getItem(DESK_TOKEN_KEY)).toBe("desk-token");
  });
});
