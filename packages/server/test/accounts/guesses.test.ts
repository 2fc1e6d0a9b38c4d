import type { ContactChallenge } from "@agency/contract";
import { totpCode, totpStep } from "../../src/auth-factors/totp";
import { laggingTotpCode } from "../support/totp";
import { buildTestApp, outboxMailsTo, type TestApp } from "../support/helpers";
import { auditEntries, freshCode, makeStaff, STAFF_PASSWORD } from "../support/desk-helpers";
import { validProof } from "../support/proofs";

/**
 * Guessing one account from many networks, as a botnet does: behind the site's proxy (TRUST_PROXY), each guess comes
 * from another address (X-Forwarded-For), so the limits per address never bite. The account's own count across every
 * source does: for staff, 48 wrong passwords from 8 networks get at most 15 checked; for a customer whose password is
 * known, 40 wrong authenticator codes from 8 networks get at most 10 checked, even when the attacker solves every
 * proof of work the server asks for. "Checked" is a guess the server verified (its answer says the password or code
 * was wrong), not one it refused unchecked. The owner's own browser is not slowed down by any of it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { TRUST_PROXY: "1", PUBLIC_URL: "https://agency.example" } });
});
afterAll(() => t?.close());

const PROXY = "10.200.0.1";
/** The i-th network of the botnet: a /24 of its own (every address in it counts as its own source). */
const network = (i: number, host = 1) => `198.51.${100 + i}.${host}`;
const via = (ip: string, headers: Record<string, string> = {}) => ({ headers: { "x-forwarded-for": ip, ...headers }, remoteAddress: PROXY });
const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers["set-cookie"]).split(";")[0]!;

/** What a botnet with unlimited compute brings when asked: a valid proof at the cost the account asks now. */
async function solved(body: { email?: string; signInToken?: string }, ip: string): Promise<string> {
  const res = await t.app.inject({ method: "POST", url: "/api/auth/challenge", payload: body, ...via(ip) });
  expect(res.statusCode).toBe(200);
  const { cost } = (res.json() as { challenge: ContactChallenge }).challenge.parameters as { cost: number };
  return validProof(t, cost);
}

/** Sends a guess; asked for a proof of work, solves it and sends the guess again with it. */
async function persistently(send: (challenge?: string) => Promise<{ statusCode: number; json: () => { code?: string; signInToken?: string } }>, ask: () => Promise<string>) {
  let res = await send();
  for (let i = 0; i < 3 && res.json().code === "auth.challenge_required"; i++) res = await send(await ask());
  return res;
}

describe("a customer whose password is known and who has the authenticator app on", () => {
  it("40 wrong codes from 8 networks get at most 10 checked; the owner's own browser still signs in at once", async () => {
    const email = `guessed-${Date.now()}@example.com`;
    const password = "the-owners-pass-44";
    const reg = await t.app.inject({ method: "POST", url: "/api/auth/register", payload: { name: "Owner", email, password }, ...via(network(90)) });
    const owner = { authorization: `Bearer ${reg.json().token as string}` };
    await t.db.query("UPDATE users SET email_verified_at = now() WHERE email = $1", [email]);
    const secret = (await t.app.inject({ method: "POST", url: "/api/account/two-factor/setup", headers: owner })).json().secret as string;
    const on = await t.app.inject({ method: "POST", url: "/api/account/two-factor/enable", headers: owner, payload: { code: await laggingTotpCode(secret), password } });
    expect(on.statusCode).toBe(200);
    // The owner signs in from their own browser once: from then on it is known to the account.
    const browser = await ownerSignsIn(email, password, secret, "agency_device=owners-own-browser-0000000000000000000000000000");
    expect(browser.statusCode).toBe(200);

    let checked = 0;
    for (let n = 0; n < 8; n++) {
      const ip = network(n);
      const login = await persistently(
        (challenge) => t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password, ...(challenge ? { challenge } : {}) }, ...via(ip) }),
        () => solved({ email }, ip),
      );
      const signInToken = login.json().signInToken as string | undefined;
      for (let i = 0; i < 5; i++) {
        if (!signInToken) break;
        const wrong = `AAAA-BBBB-CCCC-${String(n * 10 + i).padStart(4, "2")}`;
        const res = await persistently(
          (challenge) =>
            t.app.inject({ method: "POST", url: "/api/auth/login/second-factor", payload: { signInToken, code: wrong, ...(challenge ? { challenge } : {}) }, ...via(ip) }),
          () => solved({ signInToken }, ip),
        );
        if (res.json().code === "auth.code_invalid") checked++;
        else expect(res.json().code).toMatch(/^auth\.(too_many_attempts|challenge_required|sign_in_expired)$/);
      }
    }
    // Five before any proof of work is asked, five more with proofs of doubling cost, then none at all.
    expect(checked).toBeLessThanOrEqual(10);
    expect(checked).toBeGreaterThan(0);

    // The owner's browser is not slowed down: no proof of work, no wait.
    const again = await ownerSignsIn(email, password, secret, browser.cookie);
    expect(again.statusCode).toBe(200);
    // The owner's success forgot the failures: a browser new to the account is held back no longer.
    const elsewhere = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, ...via(network(9)) });
    expect(elsewhere.json()).toMatchObject({ secondFactorRequired: true });
  });
});

/** Password and code from the owner's browser (its device cookie): the sign-in's answer and the cookie. */
async function ownerSignsIn(email: string, password: string, secret: string, cookie: string) {
  const home = network(80, Math.floor(Math.random() * 200) + 2);
  const step = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, ...via(home, { cookie }) });
  expect(step.json()).toMatchObject({ secondFactorRequired: true });
  await t.db.query("UPDATE user_totp SET last_step = NULL WHERE user_id = (SELECT id FROM users WHERE email = $1)", [email]);
  const done = await t.app.inject({
    method: "POST",
    url: "/api/auth/login/second-factor",
    payload: { signInToken: step.json().signInToken, code: totpCode(secret, totpStep()) },
    ...via(home, { cookie }),
  });
  return { statusCode: done.statusCode, cookie: done.headers["set-cookie"] ? cookieOf(done) : cookie };
}

describe("a staff member", () => {
  it("48 wrong passwords from 8 networks get at most 15 checked, each written to the audit log with its address, and one mail", async () => {
    const staff = await makeStaff(t, "admin");
    // Their own browser signed in before: it is known to the account.
    const home = network(70);
    const first = await t.app.inject({
      method: "POST",
      url: "/api/desk/login",
      payload: { email: staff.email, password: STAFF_PASSWORD, code: await freshCode(t, staff.id, staff.secret) },
      ...via(home),
    });
    expect(first.statusCode).toBe(200);
    const cookie = cookieOf(first);

    const answers: { status: number; code: string }[] = [];
    for (let n = 0; n < 8; n++) {
      for (let i = 0; i < 6; i++) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/desk/login",
          payload: { email: staff.email, password: `guess-${n}-${i}`, code: "123456" },
          ...via(network(n, i + 1)),
        });
        answers.push({ status: res.statusCode, code: res.json().code as string });
      }
    }
    const checked = answers.filter((a) => a.status === 400);
    expect(checked.length).toBeLessThanOrEqual(15);
    // A wrong password reads like every other failure: nothing tells the attacker what was right.
    expect(new Set(checked.map((a) => a.code))).toEqual(new Set(["desk.sign_in_failed"]));
    expect(answers.filter((a) => a.status === 429).map((a) => a.code)).toEqual(Array(48 - checked.length).fill("auth.too_many_attempts"));

    const failures = (await auditEntries(t, "desk.sign_in_failed")).filter((e) => e.actor === staff.email);
    expect(failures).toHaveLength(48);
    expect(failures.filter((e) => e.detail.reason === "password")).toHaveLength(checked.length);
    expect(new Set(failures.map((e) => e.ip))).toEqual(new Set(Array.from({ length: 8 }, (_, n) => Array.from({ length: 6 }, (_, i) => network(n, i + 1))).flat()));
    await t.app.settle();
    const mails = outboxMailsTo(t.dataDir, staff.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/Subject: Mislukte aanmeldingen bij je desk-account/);

    // The right password with a wrong code answers the same as a wrong password: no oracle for the password.
    const rightPassword = await t.app.inject({ method: "POST", url: "/api/desk/login", payload: { email: staff.email, password: STAFF_PASSWORD, code: "000000" }, ...via(home, { cookie }) });
    expect(rightPassword.statusCode).toBe(400);
    expect(rightPassword.json().code).toBe("desk.sign_in_failed");
    // Their own browser is not slowed down by the botnet.
    const own = await t.app.inject({
      method: "POST",
      url: "/api/desk/login",
      payload: { email: staff.email, password: STAFF_PASSWORD, code: await freshCode(t, staff.id, staff.secret) },
      ...via(home, { cookie }),
    });
    expect(own.statusCode).toBe(200);
  });
});
