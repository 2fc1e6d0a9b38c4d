import { beforeEach, describe, expect, it, vi } from "vitest";

const user = { id: "u1", email: "ann@example.com", name: "Ann", created_at: "2026-01-01T00:00:00Z", email_verified: true, pending_email: null };

async function freshSession() {
  vi.resetModules();
  return import("../session");
}

describe("session store (spec §3, §4)", () => {
  beforeEach(() => localStorage.clear());

  it("loads a stored token and user at start", async () => {
    localStorage.setItem("token", "t1");
    localStorage.setItem("user", JSON.stringify(user));
    const session = await freshSession();
    expect(session.getSession()).toEqual({ user, token: "t1", isAuthenticated: true });
  });

  it("silently removes both when the stored user cannot be parsed", async () => {
    localStorage.setItem("token", "t1");
    localStorage.setItem("user", "{not json");
    const session = await freshSession();
    expect(session.getSession().isAuthenticated).toBe(false);
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
  });

  it("stores on login, clears on logout and tells subscribers", async () => {
    const session = await freshSession();
    const listener = vi.fn();
    session.subscribeSession(listener);
    session.setSession(user, "t2");
    expect(localStorage.getItem("token")).toBe("t2");
    expect(JSON.parse(localStorage.getItem("user")!)).toEqual(user);
    session.clearSession();
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("keeps two copies of the bundle on one page in agreement", async () => {
    const copyA = await freshSession();
    const copyB = await freshSession();
    expect(copyA).not.toBe(copyB);
    const seenByB = vi.fn();
    copyB.subscribeSession(seenByB);
    copyA.subscribeSession(() => {});

    copyA.setSession(user, "shared");
    expect(copyB.getSession()).toMatchObject({ token: "shared", isAuthenticated: true });
    expect(seenByB).toHaveBeenCalled();

    copyB.clearSession();
    expect(copyA.getSession().isAuthenticated).toBe(false);
  });
});
