import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { ContactChallenge } from "@agency/contract";
import { buildTestApp, nextIp, type TestApp } from "../../../support/helpers";

/**
 * Guessing one account's password from many networks at once. The limits per source and per account-and-source
 * pass such guesses, so the account has a count of its own across every source: past 10 failures in an hour, a
 * password is checked only with a solved proof of work. Nobody is locked out: the owner's browser solves one, and a
 * successful login or a password reset clears the count.
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

const login = (email: string, password: string, extra: Record<string, unknown> = {}, ip = network()) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password, ...extra }, remoteAddress: ip });

async function register(): Promise<string> {
  const email = `guessed${++seq}-${Date.now()}@example.com`;
  const res = await t.app.inject({ method: "POST", url: "/api/auth/register", payload: { name: "Owner", email, password: PASSWORD }, remoteAddress: nextIp() });
  expect(res.statusCode).toBe(201);
  return email;
}

/** What the login element does when asked: fetch a challenge and solve it. */
async function solved(): Promise<string> {
  const res = await t.app.inject({ url: "/api/auth/challenge" });
  expect(res.statusCode).toBe(200);
  const { challenge } = res.json() as { challenge: ContactChallenge };
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

const refusedCount = async () => {
  const text = await t.app.metrics.registry.getSingleMetricAsString("agency_rate_limited_total");
  return Number(/limit="login:challenge"} (\d+)/.exec(text)?.[1] ?? 0);
};

describe("guesses at one account from many networks", () => {
  it("60 wrong passwords from 60 /64s: 10 are checked, the rest refused and counted; the owner still signs in", async () => {
    const email = await register();
    const refusedBefore = await refusedCount();
    const codes: string[] = [];
    for (let i = 0; i < 60; i++) codes.push((await login(email, `guess-${i}`)).json().code as string);
    const checked = codes.filter((code) => code === "auth.invalid_credentials").length;
    expect(checked).toBeLessThanOrEqual(25);
    expect(checked).toBe(10);
    expect(codes.filter((code) => code === "auth.challenge_required")).toHaveLength(50);
    expect((await refusedCount()) - refusedBefore).toBe(50);

    // The owner's correct password alone is asked for the check too; with a solved challenge it gets in.
    const asked = await login(email, PASSWORD, {}, "2001:db8:ffff::1");
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ code: "auth.challenge_required" });
    const signedIn = await login(email, PASSWORD, { challenge: await solved() }, "2001:db8:ffff::1");
    expect(signedIn.statusCode).toBe(200);
    // The success cleared the count: the next login needs no challenge.
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it("takes each solved challenge once, and a wrong password with one is still checked and counted", async () => {
    const email = await register();
    for (let i = 0; i < 10; i++) await login(email, `guess-${i}`);
    const challenge = await solved();
    const wrong = await login(email, "still-wrong", { challenge });
    expect(wrong.json().code).toBe("auth.invalid_credentials");
    expect((await login(email, PASSWORD, { challenge })).json().code).toBe("auth.challenge_required");
    expect((await login(email, PASSWORD, { challenge: "bm90IGEgY2hhbGxlbmdl" })).json().code).toBe("auth.challenge_required");
  });

  it("lets no more than 10 of many guesses at once reach the password check", async () => {
    const email = await register();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(email, `parallel-${i}`)));
    const codes = answers.map((a) => a.json().code as string);
    expect(codes.filter((code) => code === "auth.invalid_credentials")).toHaveLength(10);
    expect(codes.filter((code) => code === "auth.challenge_required")).toHaveLength(20);
  });

  it("is cleared by a password reset", async () => {
    const email = await register();
    for (let i = 0; i < 11; i++) await login(email, `guess-${i}`);
    expect((await login(email, PASSWORD)).json().code).toBe("auth.challenge_required");
    const { randomToken, sha256 } = await import("../../../../src/lib/crypto");
    const token = randomToken();
    const { rows } = await t.db.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [email]);
    await t.db.query("INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')", [sha256(token), rows[0]!.id]);
    const reset = await t.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, newPassword: "a-brand-new-horse-5" }, remoteAddress: nextIp() });
    expect(reset.statusCode).toBe(200);
    expect((await login(email, "a-brand-new-horse-5")).statusCode).toBe(200);
  });
});
