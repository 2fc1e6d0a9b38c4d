import type { ContactChallenge } from "@agency/contract";
import { buildTestApp, linkToken, nextIp, outboxMailsTo, type TestApp } from "../../../support/helpers";
import { solvedProof, validProof } from "../../../support/proofs";

/**
 * Guessing one account's password from many networks at once. The limits per source and per account-and-source
 * pass such guesses, so the account has a count of its own across every source: 5 failures in an hour are checked
 * freely, the next 5 only with a solved proof of work whose cost doubles each time, and none after that (429) until
 * the oldest is an hour old. The owner's browser, which signed in before, is not slowed down, and a successful login
 * or a password reset clears the count.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
const PASSWORD = "the-owners-horse-4";
/** A distinct IPv6 /64 for each call: a botnet's worth of sources. */
const network = () => `2001:db8:${(++seq).toString(16)}::1`;

const login = (email: string, password: string, extra: Record<string, unknown> = {}, ip = network(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password, ...extra }, remoteAddress: ip, headers });

/** A new account whose address is proven, and the device cookie of the browser its owner signed in from. */
async function register(): Promise<{ email: string; cookie: string }> {
  const email = `guessed${++seq}-${Date.now()}@example.com`;
  const res = await t.app.inject({ method: "POST", url: "/api/auth/register", payload: { name: "Owner", email, password: PASSWORD }, remoteAddress: nextIp() });
  expect(res.statusCode).toBe(201);
  await t.db.query("UPDATE users SET email_verified_at = now() WHERE email = $1", [email]);
  const cookie = "agency_device=" + `owner${seq}`.padEnd(43, "0");
  expect((await login(email, PASSWORD, {}, nextIp(), { cookie })).statusCode).toBe(200);
  return { email, cookie };
}

/** The cost the account's next guess needs, as POST /auth/challenge hands it out. */
async function costFor(email: string): Promise<number> {
  const res = await t.app.inject({ method: "POST", url: "/api/auth/challenge", payload: { email }, remoteAddress: nextIp() });
  expect(res.statusCode).toBe(200);
  return ((res.json() as { challenge: ContactChallenge }).challenge.parameters as { cost: number }).cost;
}

const refusedCount = async (limit: string) => {
  const text = await t.app.metrics.registry.getSingleMetricAsString("agency_rate_limited_total");
  return Number(new RegExp(`limit="${limit}"} (\\d+)`).exec(text)?.[1] ?? 0);
};

describe("guesses at one account from many networks", () => {
  it("60 wrong passwords from 60 /64s: 5 checked freely, 5 with proofs of doubling cost, the rest refused; the owner's browser signs in", async () => {
    const { email, cookie } = await register();
    const challengesBefore = await refusedCount("login:challenge");
    const codes: string[] = [];
    for (let i = 0; i < 60; i++) codes.push((await login(email, `guess-${i}`)).json().code as string);
    expect(codes.filter((code) => code === "auth.invalid_credentials")).toHaveLength(5);
    expect(codes.filter((code) => code === "auth.challenge_required")).toHaveLength(55);
    expect((await refusedCount("login:challenge")) - challengesBefore).toBe(55);

    // A botnet that brings a valid proof each time gets five more checked, each costing twice the one before.
    const costs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const cost = await costFor(email);
      costs.push(cost);
      // A proof cheaper than the account needs now is refused unchecked.
      if (cost > 1) expect((await login(email, `cheap-${i}`, { challenge: await validProof(t, cost / 2) })).json().code).toBe("auth.challenge_required");
      expect((await login(email, `solved-${i}`, { challenge: await validProof(t, cost) })).json().code).toBe("auth.invalid_credentials");
    }
    expect(costs).toEqual([1, 2, 4, 8, 16]);
    // Then none is checked, however costly its proof: 429 with Retry-After.
    const capped = await login(email, PASSWORD, { challenge: await validProof(t, 1024) });
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toMatchObject({ code: "auth.too_many_attempts", retryAfter: expect.any(Number) });
    expect(Number(capped.headers["retry-after"])).toBeGreaterThan(0);

    // The owner's own browser is not slowed down at all: the right password signs in, no proof, no wait.
    const owner = await login(email, PASSWORD, {}, nextIp(), { cookie });
    expect(owner.statusCode).toBe(200);
    // The success cleared the count: the next login from anywhere needs no proof.
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it("takes each solved challenge once, and a wrong password with one is still checked and counted", async () => {
    const { email } = await register();
    for (let i = 0; i < 5; i++) await login(email, `guess-${i}`);
    // Solved as the login element solves it, in the background.
    const res = await t.app.inject({ method: "POST", url: "/api/auth/challenge", payload: { email }, remoteAddress: nextIp() });
    const challenge = await solvedProof((res.json() as { challenge: ContactChallenge }).challenge);
    expect((await login(email, "still-wrong", { challenge })).json().code).toBe("auth.invalid_credentials");
    expect((await login(email, PASSWORD, { challenge })).json().code).toBe("auth.challenge_required");
    expect((await login(email, PASSWORD, { challenge: "bm90IGEgY2hhbGxlbmdl" })).json().code).toBe("auth.challenge_required");
  });

  it("lets no more than 5 of many guesses at once reach the password check", async () => {
    const { email } = await register();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(email, `parallel-${i}`)));
    const codes = answers.map((a) => a.json().code as string);
    expect(codes.filter((code) => code === "auth.invalid_credentials")).toHaveLength(5);
    expect(codes.filter((code) => code === "auth.challenge_required")).toHaveLength(25);
  });

  it("asks the same of an address that has no account, so the answers tell nothing", async () => {
    const email = `nobody${++seq}@example.com`;
    const codes: string[] = [];
    for (let i = 0; i < 7; i++) codes.push((await login(email, `guess-${i}`)).json().code as string);
    expect(codes).toEqual([...Array(5).fill("auth.invalid_credentials"), "auth.challenge_required", "auth.challenge_required"]);
    expect(await costFor(email)).toBe(1);
  });

  it("is cleared by a password reset", async () => {
    const { email } = await register();
    for (let i = 0; i < 6; i++) await login(email, `guess-${i}`);
    expect((await login(email, PASSWORD)).json().code).toBe("auth.challenge_required");
    expect((await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email }, remoteAddress: nextIp() })).statusCode).toBe(200);
    await t.app.settle();
    const token = linkToken(outboxMailsTo(t.dataDir, email), "reset-password");
    const reset = await t.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, newPassword: "a-brand-new-horse-5" }, remoteAddress: nextIp() });
    expect(reset.statusCode).toBe(200);
    expect((await login(email, "a-brand-new-horse-5")).statusCode).toBe(200);
  });
});
