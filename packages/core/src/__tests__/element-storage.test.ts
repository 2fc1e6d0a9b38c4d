import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getApiClient } from "../api-client";
import * as authApi from "../api/auth";
import { getSession, sessionFor, siteSession } from "../session";
import { storagePrefixFor } from "../storage";

// The page is the agency's own site (http://api.test, see vite.config.ts); a partner's page talks to an API on
// another origin, here http://agency.test.
const AGENCY = "http://agency.test/api";
const user = { id: "u1", email: "ann@example.com", name: "Ann", created_at: "2026-01-01T00:00:00Z", email_verified: true, pending_email: null };

const devices: (string | null)[] = [];
const server = setupServer(
  ...["http://api.test/api", AGENCY].flatMap((base) => [
    http.post(`${base}/auth/login`, ({ request }) => {
      devices.push(request.headers.get("agency-device"));
      return HttpResponse.json({ user, token: `tok-${devices.length}` });
    }),
    http.post(`${base}/auth/logout`, () => HttpResponse.json({ success: true })),
    http.get(`${base}/auth/me`, ({ request }) => {
      devices.push(request.headers.get("agency-device"));
      return HttpResponse.json({ user });
    }),
  ]),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  devices.length = 0;
  localStorage.clear();
  siteSession.reload();
  sessionFor(AGENCY).reload();
});
afterAll(() => server.close());

const partnerApi = () => getApiClient({ apiBase: AGENCY, loginUrl: "/login" });
const siteApi = () => getApiClient({ apiBase: "/api", loginUrl: "/login" });

describe("storage that belongs to the elements", () => {
  it("keeps the site's keys on the agency's own origin and its own prefix on any other", () => {
    expect(storagePrefixFor("/api")).toBe("");
    expect(storagePrefixFor("http://api.test/preview/a/b/api")).toBe("");
    expect(storagePrefixFor(AGENCY)).toBe("agency.");
    expect(storagePrefixFor("https://api.test/api")).toBe("agency.");
  });

  it("signs in and out on a partner's page without touching the page's own token, user or anything else", async () => {
    localStorage.setItem("token", "the-partner's-own");
    localStorage.setItem("user", "{\"partner\":true}");
    localStorage.setItem("cart", "3 items");
    await authApi.login(partnerApi(), { email: user.email, password: "secret1" });
    expect(localStorage.getItem("agency.token")).toBe("tok-1");
    expect(JSON.parse(localStorage.getItem("agency.user")!)).toEqual(user);
    expect(sessionFor(AGENCY).get()).toMatchObject({ token: "tok-1", isAuthenticated: true });
    // The page's keys are neither overwritten nor read as a session.
    expect(localStorage.getItem("token")).toBe("the-partner's-own");
    expect(getSession().isAuthenticated).toBe(false);

    await authApi.logout(partnerApi());
    expect(localStorage.getItem("agency.token")).toBeNull();
    expect(localStorage.getItem("agency.user")).toBeNull();
    expect({ token: localStorage.getItem("token"), user: localStorage.getItem("user"), cart: localStorage.getItem("cart") }).toEqual({
      token: "the-partner's-own",
      user: "{\"partner\":true}",
      cart: "3 items",
    });
  });

  it("sends the browser's device id with each sign-in from a partner's page, the same one after signing out, and with nothing else", async () => {
    await authApi.login(partnerApi(), { email: user.email, password: "secret1" });
    await authApi.fetchCurrentUser(partnerApi());
    await authApi.logout(partnerApi());
    await authApi.login(partnerApi(), { email: user.email, password: "secret1" });
    const [first, me, second] = devices;
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(me).toBeNull();
    expect(second).toBe(first);
    expect(localStorage.getItem("agency.device")).toBe(first);
  });

  it("sends none on the agency's own site, where the device cookie does that, and keeps the specification's keys", async () => {
    await authApi.login(siteApi(), { email: user.email, password: "secret1" });
    expect(devices).toEqual([null]);
    expect(localStorage.getItem("token")).toBe("tok-1");
    expect(localStorage.getItem("agency.token")).toBeNull();
    expect(localStorage.getItem("agency.device")).toBeNull();
  });
});
