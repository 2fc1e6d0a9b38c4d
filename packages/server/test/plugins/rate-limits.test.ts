import argon2 from "argon2";
import type { LightMyRequestResponse } from "fastify";
import { createQueue, hashPassword, PASSWORD_HASH_RETRY_AFTER, setPasswordHashLimits } from "../../src/lib/crypto";
import { migrate } from "../../src/db/migrate";
import { clientKey } from "../../src/lib/client-ip";
import { buildTestApp, createTestDb, nextIp, quoteRequest, type TestApp } from "../support/helpers";

/**
 * The abuse limits hold under concurrency and across instances: every count lives in the database and is taken
 * before the work it guards. Two app instances share one database here (PGlite by default, PostgreSQL with
 * TEST_DATABASE_URL), as several servers share one PostgreSQL in production.
 */

let shared: Awaited<ReturnType<typeof createTestDb>>;
let one: TestApp;
let two: TestApp;

const LIMITS = {
  LOGIN_RATE_LIMIT_ACCOUNT: "5",
  LOGIN_RATE_LIMIT_IP: "1000",
  REGISTER_RATE_LIMIT: "3",
  FORGOT_PASSWORD_RATE_LIMIT: "3",
  RESET_TOKEN_RATE_LIMIT: "3",
  CONSENT_RATE_LIMIT: "3",
  CONTACT_RATE_LIMIT: "3",
};

beforeAll(async () => {
  shared = await createTestDb();
  await migrate(shared.db);
  one = await buildTestApp({ db: shared.db, env: LIMITS });
  two = await buildTestApp({ db: shared.db, env: LIMITS });
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await shared?.cleanup();
});
afterEach(() => vi.restoreAllMocks());

let seq = 0;
const uniqueEmail = () => `limits${++seq}-${Date.now()}@example.com`;

function post(t: TestApp, url: string, payload: object, ip = nextIp()) {
  return t.app.inject({ method: "POST", url, payload, remoteAddress: ip });
}

async function register(): Promise<{ email: string; password: string }> {
  const email = uniqueEmail();
  expect((await post(one, "/api/auth/register", { name: "Lim Its", email, password: "secret1-pass" })).statusCode).toBe(201);
  return { email, password: "secret1-pass" };
}

function tally(answers: LightMyRequestResponse[]): Record<number, number> {
  return answers.reduce<Record<number, number>>((acc, res) => ({ ...acc, [res.statusCode]: (acc[res.statusCode] ?? 0) + 1 }), {});
}

function expectThrottled(res: LightMyRequestResponse, code: string) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(res.json()).toMatchObject({ code, retryAfter, error: expect.any(String) });
}

describe("login throttling under concurrency", () => {
  it("checks at most 5 passwords of 30 parallel wrong logins for one account from one address; the rest get 429 with Retry-After", async () => {
    const { email } = await register();
    const ip = nextIp();
    const verify = vi.spyOn(argon2, "verify");
    const answers = await Promise.all(Array.from({ length: 30 }, () => post(one, "/api/auth/login", { email, password: "wrong-guess" }, ip)));
    expect(verify.mock.calls.length).toBeLessThanOrEqual(5);
    expect(tally(answers)).toEqual({ 400: verify.mock.calls.length, 429: 30 - verify.mock.calls.length });
    for (const res of answers.filter((r) => r.statusCode === 429)) expectThrottled(res, "auth.too_many_attempts");
  });

  it("holds the same limit across two instances on one database", async () => {
    const { email } = await register();
    const ip = nextIp();
    const verify = vi.spyOn(argon2, "verify");
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post(i % 2 ? one : two, "/api/auth/login", { email, password: "wrong-guess" }, ip)),
    );
    expect(verify.mock.calls.length).toBeLessThanOrEqual(5);
    expect(tally(answers)[429]).toBeGreaterThanOrEqual(25);
    for (const res of answers.filter((r) => r.statusCode === 429)) expectThrottled(res, "auth.too_many_attempts");
  });
});

describe("per-IP limits of anonymous calls", () => {
  const consent = () => ({ id: crypto.randomUUID(), necessary: true, analytics: false, marketing: false, version: 1, timestamp: new Date().toISOString() });
  const calls: [string, () => object, number][] = [
    ["/api/auth/register", () => ({ name: "Lim Its", email: uniqueEmail(), password: "secret1-pass" }), 201],
    ["/api/auth/forgot-password", () => ({ email: uniqueEmail() }), 200],
    ["/api/auth/verify-reset-token", () => ({ token: "made-up-token" }), 400],
    ["/api/auth/reset-password", () => ({ token: "made-up-token", newPassword: "another1" }), 400],
    ["/api/consent", consent, 200],
  ];

  it.each(calls)("%s: 3 per IP, then 429 with Retry-After, counted across two instances", async (url, body, status) => {
    const ip = nextIp();
    // Alternating instances: each sees the calls the other counted.
    expect((await post(one, url, body(), ip)).statusCode).toBe(status);
    expect((await post(two, url, body(), ip)).statusCode).toBe(status);
    expect((await post(one, url, body(), ip)).statusCode).toBe(status);
    expectThrottled(await post(two, url, body(), ip), "request.too_many");
    // Another address is not affected.
    expect((await post(one, url, body())).statusCode).toBe(status);
  });

  it("count an IPv6 /64 as one client (and an IPv4-mapped address as its IPv4 address)", async () => {
    const body = () => ({ name: "Lim Its", email: uniqueEmail(), password: "secret1-pass" });
    // Three addresses of one /64, written three ways: one count.
    expect((await post(one, "/api/auth/register", body(), "2001:db8:aa:1::1")).statusCode).toBe(201);
    expect((await post(two, "/api/auth/register", body(), "2001:db8:aa:1:ffff:ffff:ffff:fffe")).statusCode).toBe(201);
    expect((await post(one, "/api/auth/register", body(), "2001:0DB8:00AA:0001:1234::9")).statusCode).toBe(201);
    expectThrottled(await post(two, "/api/auth/register", body(), "2001:db8:aa:1:abcd:1:2:3"), "request.too_many");
    // The neighbouring /64 is another client.
    expect((await post(one, "/api/auth/register", body(), "2001:db8:aa:2::1")).statusCode).toBe(201);

    expect((await post(one, "/api/auth/register", body(), "198.51.100.77")).statusCode).toBe(201);
    expect((await post(one, "/api/auth/register", body(), "::ffff:198.51.100.77")).statusCode).toBe(201);
    expect((await post(one, "/api/auth/register", body(), "198.51.100.77")).statusCode).toBe(201);
    expectThrottled(await post(one, "/api/auth/register", body(), "::ffff:c633:644d"), "request.too_many");
  });

  it("reset-password and verify-reset-token share one count (both try a token)", async () => {
    const ip = nextIp();
    await post(one, "/api/auth/verify-reset-token", { token: "made-up-token" }, ip);
    await post(one, "/api/auth/verify-reset-token", { token: "made-up-token" }, ip);
    await post(two, "/api/auth/reset-password", { token: "made-up-token", newPassword: "another1" }, ip);
    expectThrottled(await post(two, "/api/auth/reset-password", { token: "made-up-token", newPassword: "another1" }, ip), "request.too_many");
  });

  it("lets at most the limit of parallel sign-ups from one IP through, on two instances", async () => {
    const ip = nextIp();
    const hash = vi.spyOn(argon2, "hash");
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(i % 2 ? one : two, "/api/auth/register", { name: "Lim Its", email: uniqueEmail(), password: "secret1-pass" }, ip)),
    );
    expect(tally(answers)).toEqual({ 201: 3, 429: 9 });
    expect(hash).toHaveBeenCalledTimes(3);
  });

  it("lets at most the limit of parallel quote requests from one IP through", async () => {
    const ip = nextIp();
    const quote = quoteRequest();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(i % 2 ? one : two, "/api/contact", quote, ip)));
    expect(tally(answers)).toEqual({ 200: 3, 429: 7 });
    await one.app.settle();
    await two.app.settle();
  });
});

describe("the client key of an address", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["::FFFF:cb00:7109", "203.0.113.9"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:0db8:0000:0000:ffff:0000:0000:0001", "2001:db8:0:0::/64"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["64:ff9b::203.0.113.9", "64:ff9b:0:0::/64"],
  ])("%s → %s", (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});

describe("password hashing", () => {
  it("checks a reset token before hashing: an invalid token never triggers a hash", async () => {
    const hash = vi.spyOn(argon2, "hash");
    const res = await post(one, "/api/auth/reset-password", { token: "not-a-real-token", newPassword: "another1" });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("auth.reset_invalid");
    expect(hash).not.toHaveBeenCalled();
  });

  it("runs at most PASSWORD_HASH_CONCURRENCY hashes at once; the rest wait in line", async () => {
    let running = 0;
    let most = 0;
    const real = argon2.hash.bind(argon2);
    vi.spyOn(argon2, "hash").mockImplementation(async (...args: Parameters<typeof argon2.hash>) => {
      most = Math.max(most, ++running);
      try {
        return await real(...args);
      } finally {
        running--;
      }
    });
    setPasswordHashLimits({ concurrency: 3 });
    try {
      const hashes = await Promise.all(Array.from({ length: 12 }, (_, i) => hashPassword(`password-${i}`)));
      expect(new Set(hashes).size).toBe(12);
      expect(most).toBe(3);
    } finally {
      restoreHashLimits();
    }
  });

  it("a queue never runs more than its cap, and a failing task frees its slot", async () => {
    const queue = createQueue(2);
    let running = 0;
    let most = 0;
    const task = (fail: boolean) => async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      if (fail) throw new Error("boom");
      return "ok";
    };
    const results = await Promise.allSettled(Array.from({ length: 9 }, (_, i) => queue(task(i % 3 === 0))));
    expect(most).toBe(2);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(6);
  });

  it("a queue refuses a task at once when its line is full, and one that waited past its deadline", async () => {
    const refused: string[] = [];
    const queue = createQueue(1, { capacity: 2, timeoutMs: 200, refuse: (why) => (refused.push(why), new Error("busy")) });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = queue(() => gate.then(() => "first"));
    const waiting = [queue(async () => "second"), queue(async () => "third")];
    // Two wait; a third in line is one too many and is refused without waiting.
    await expect(queue(async () => "fourth")).rejects.toThrow("busy");
    expect(refused).toEqual([expect.stringMatching(/full/)]);
    // The two in line give up at their deadline while the first still runs.
    expect((await Promise.allSettled(waiting)).map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(refused.slice(1)).toEqual([expect.stringMatching(/waited/), expect.stringMatching(/waited/)]);
    release();
    expect(await first).toBe("first");
    // Nothing leaked: the slot and the line are free again.
    expect(await Promise.all([queue(async () => "a"), queue(async () => "b")])).toEqual(["a", "b"]);
  });

  it("a sign-up or login beyond a full password-hash queue answers 503 auth.busy with Retry-After", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const real = argon2.hash.bind(argon2);
    vi.spyOn(argon2, "hash").mockImplementation(async (...args: Parameters<typeof argon2.hash>) => {
      await gate;
      return real(...args);
    });
    const busy = await buildTestApp({ db: shared.db, env: { ...LIMITS, PASSWORD_HASH_CONCURRENCY: "1", PASSWORD_HASH_QUEUE: "1" } });
    try {
      const signUp = (n: number) =>
        busy.app.inject({
          method: "POST",
          url: "/api/auth/register",
          remoteAddress: nextIp(),
          payload: { name: "Busy", email: `busy-${n}-${Date.now()}@example.com`, password: "secret1-pass", language: "en" },
        });
      const running = signUp(1);
      const waiting = signUp(2);
      // Let both reach the queue: one hashing (held), one in line.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const refused = await signUp(3);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ code: "auth.busy", error: expect.any(String), retryAfter: PASSWORD_HASH_RETRY_AFTER });
      expect(refused.headers["retry-after"]).toBe(String(PASSWORD_HASH_RETRY_AFTER));
      release();
      expect((await running).statusCode).toBe(201);
      expect((await waiting).statusCode).toBe(201);
    } finally {
      release();
      vi.restoreAllMocks();
      await busy.close();
      restoreHashLimits();
    }
  });
});

/** The password-hash limits of the shared apps (a test that builds another app sets that app's). */
function restoreHashLimits(): void {
  const { passwordHashConcurrency, passwordHashQueue, passwordHashTimeoutMs } = one.config.limits;
  setPasswordHashLimits({ concurrency: passwordHashConcurrency, queue: passwordHashQueue, timeoutMs: passwordHashTimeoutMs });
}
