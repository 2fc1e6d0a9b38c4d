import { totpCode, totpStep } from "../../../../src/auth-factors/totp";
import { laggingTotpCode } from "../../../support/totp";
import { buildTestApp, nextIp, outboxMailsTo, type TestApp } from "../../../support/helpers";
import { validProof } from "../../../support/proofs";

/**
 * A customer's own second factor: an authenticator app turned on from the settings with a code, ten recovery codes
 * shown once, a sign-in that asks for a code after the password, new codes, and turning it off with the password and
 * a code. Codes work once; the half-signed-in state reaches no account call and expires; wrong codes are limited.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const PASSWORD = "secret1-pass-two";

interface Account {
  email: string;
  token: string;
  id: string;
  secret: string;
  recoveryCodes: string[];
}

/** A new account whose address is verified (as following the mailed link does): only such an account adds a way in. */
async function register(prefix: string, language: "nl" | "en" = "en"): Promise<{ email: string; token: string; id: string }> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { name: "Tessa Totp", email, password: PASSWORD, language },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().user.id as string;
  await t.db.query("UPDATE users SET email_verified_at = now() WHERE id = $1", [id]);
  return { email, token: res.json().token as string, id };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function withTotp(prefix: string, language: "nl" | "en" = "en"): Promise<Account> {
  const account = await register(prefix, language);
  const setup = await t.app.inject({ method: "POST", url: "/api/account/two-factor/setup", headers: auth(account.token) });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Pixelwerf:/);
  const enabled = await t.app.inject({
    method: "POST",
    url: "/api/account/two-factor/enable",
    headers: auth(account.token),
    payload: { code: await laggingTotpCode(secret), password: PASSWORD },
  });
  expect(enabled.statusCode).toBe(200);
  const recoveryCodes = enabled.json().recoveryCodes as string[];
  return { ...account, secret, recoveryCodes };
}

async function passwordStep(email: string, ip = nextIp()) {
  return t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password: PASSWORD }, remoteAddress: ip });
}

async function codeStep(signInToken: string, code: string, ip = nextIp()) {
  return t.app.inject({ method: "POST", url: "/api/auth/login/second-factor", payload: { signInToken, code }, remoteAddress: ip });
}

it("turns on with a confirmed code, stores the recovery codes hashed, and then asks for a code after the password", async () => {
  const account = await withTotp("on");
  expect(account.recoveryCodes).toHaveLength(10);
  expect(new Set(account.recoveryCodes).size).toBe(10);
  const stored = await t.db.query<{ code_hash: string }>("SELECT code_hash FROM user_recovery_codes WHERE user_id = $1", [account.id]);
  expect(stored.rows).toHaveLength(10);
  for (const code of account.recoveryCodes) expect(stored.rows.map((r) => r.code_hash)).not.toContain(code);

  const status = await t.app.inject({ method: "GET", url: "/api/account/two-factor", headers: auth(account.token) });
  expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });

  const first = await passwordStep(account.email);
  expect(first.statusCode).toBe(200);
  const body = first.json();
  expect(body).toMatchObject({ secondFactorRequired: true, signInToken: expect.any(String) });
  expect(body.token).toBeUndefined();
  expect(body.user).toBeUndefined();

  const done = await codeStep(body.signInToken as string, totpCode(account.secret, totpStep()));
  expect(done.statusCode).toBe(200);
  const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: auth(done.json().token as string) });
  expect(me.json().user.email).toBe(account.email);
});

it("refuses turning on with a wrong code, and without a setup first", async () => {
  const account = await register("wrong-enable");
  const none = await t.app.inject({ method: "POST", url: "/api/account/two-factor/enable", headers: auth(account.token), payload: { code: "123456", password: PASSWORD } });
  expect(none.statusCode).toBe(409);
  expect(none.json().code).toBe("account.two_factor_not_started");
  const setup = await t.app.inject({ method: "POST", url: "/api/account/two-factor/setup", headers: auth(account.token) });
  const secret = setup.json().secret as string;
  const wrong = String((Number(totpCode(secret, totpStep())) + 1) % 1_000_000).padStart(6, "0");
  const refused = await t.app.inject({ method: "POST", url: "/api/account/two-factor/enable", headers: auth(account.token), payload: { code: wrong, password: PASSWORD } });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().code).toBe("auth.code_invalid");
  // Still off: the password alone signs in.
  expect((await passwordStep(account.email)).json().token).toEqual(expect.any(String));
});

it("refuses a wrong code, and the same code used twice (also when sent at once)", async () => {
  const account = await withTotp("replay");
  const code = totpCode(account.secret, totpStep() + 1);
  const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  const one = (await passwordStep(account.email)).json().signInToken as string;
  const wrong = await codeStep(one, wrongCode);
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json()).toMatchObject({ code: "auth.code_invalid", fields: ["code"] });

  const two = (await passwordStep(account.email)).json().signInToken as string;
  const [a, b] = await Promise.all([codeStep(one, code), codeStep(two, code)]);
  expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  const three = (await passwordStep(account.email)).json().signInToken as string;
  const again = await codeStep(three, code);
  expect(again.statusCode).toBe(400);
  expect(again.json().code).toBe("auth.code_invalid");
});

it("takes a recovery code once, in any typing", async () => {
  const account = await withTotp("recovery");
  const recovery = account.recoveryCodes[0]!;
  const first = await codeStep((await passwordStep(account.email)).json().signInToken as string, recovery.toLowerCase().replace(/-/g, " "));
  expect(first.statusCode).toBe(200);
  const second = await codeStep((await passwordStep(account.email)).json().signInToken as string, recovery);
  expect(second.statusCode).toBe(400);
  expect(second.json().code).toBe("auth.code_invalid");
  const status = await t.app.inject({ method: "GET", url: "/api/account/two-factor", headers: auth(account.token) });
  expect(status.json().recoveryCodesLeft).toBe(9);
});

it("the half-signed-in state reaches no account call, works for one sign-in only, and expires", async () => {
  const account = await withTotp("half");
  const signInToken = (await passwordStep(account.email)).json().signInToken as string;
  for (const url of ["/api/auth/me", "/api/account/two-factor", "/api/account/sessions", "/api/subscriptions/current"]) {
    const res = await t.app.inject({ method: "GET", url, headers: auth(signInToken) });
    expect(res.statusCode, url).toBe(401);
  }
  const off = await t.app.inject({
    method: "POST",
    url: "/api/account/two-factor/disable",
    headers: auth(signInToken),
    payload: { password: PASSWORD, code: account.recoveryCodes[0] },
  });
  expect(off.statusCode).toBe(401);

  // Once finished, the token finishes nothing again.
  expect((await codeStep(signInToken, account.recoveryCodes[1]!)).statusCode).toBe(200);
  const reused = await codeStep(signInToken, account.recoveryCodes[2]!);
  expect(reused.statusCode).toBe(400);
  expect(reused.json().code).toBe("auth.sign_in_expired");

  // Past its five minutes, a right code does not finish it.
  const late = (await passwordStep(account.email)).json().signInToken as string;
  await t.db.query("UPDATE sign_in_attempts SET expires_at = now() - interval '1 second' WHERE user_id = $1", [account.id]);
  const expired = await codeStep(late, account.recoveryCodes[3]!);
  expect(expired.statusCode).toBe(400);
  expect(expired.json().code).toBe("auth.sign_in_expired");
  // The recovery code was not spent on it.
  expect((await codeStep((await passwordStep(account.email)).json().signInToken as string, account.recoveryCodes[3]!)).statusCode).toBe(200);
});

it("limits wrong codes: a sign-in token dies after five, and wrong codes count with the login's limits", async () => {
  const account = await withTotp("limits");
  const ip = nextIp();
  const signInToken = (await passwordStep(account.email, ip)).json().signInToken as string;
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await codeStep(signInToken, "000000", ip)).statusCode);
  // The password attempt and the wrong codes share the login's count per account and address (5 in 15 minutes).
  expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
  // Refused unchecked, a code uses none of the token's five tries: the fifth is checked from elsewhere, then it is dead.
  expect((await codeStep(signInToken, "ABCD-EFGH-JKLM-NPQR", nextIp())).json().code).toBe("auth.code_invalid");
  const dead = await codeStep(signInToken, account.recoveryCodes[0]!, nextIp());
  expect(dead.json().code).toBe("auth.sign_in_expired");
  // From this address the password is limited too now; elsewhere the owner still signs in, after five failures of the
  // account with a proof of work at each step (the login element solves them in the background).
  expect((await passwordStep(account.email, ip)).statusCode).toBe(429);
  const elsewhere = nextIp();
  expect((await passwordStep(account.email, elsewhere)).json().code).toBe("auth.challenge_required");
  const login = { email: account.email, password: PASSWORD, challenge: await validProof(t, 1) };
  const fresh = (await t.app.inject({ method: "POST", url: "/api/auth/login", payload: login, remoteAddress: elsewhere })).json().signInToken as string;
  const code = { signInToken: fresh, code: account.recoveryCodes[0], challenge: await validProof(t, 1) };
  expect((await t.app.inject({ method: "POST", url: "/api/auth/login/second-factor", payload: code, remoteAddress: elsewhere })).statusCode).toBe(200);
});

it("makes new recovery codes with the password only, and the old ones stop working", async () => {
  const account = await withTotp("new-codes");
  const neither = await t.app.inject({ method: "POST", url: "/api/account/two-factor/recovery-codes", headers: auth(account.token), payload: {} });
  expect(neither.statusCode).toBe(403);
  expect(neither.json().code).toBe("account.password_required");
  const wrongPassword = await t.app.inject({
    method: "POST",
    url: "/api/account/two-factor/recovery-codes",
    headers: auth(account.token),
    payload: { password: "not-the-password" },
  });
  expect(wrongPassword.json().code).toBe("account.wrong_password");
  const byPassword = await t.app.inject({
    method: "POST",
    url: "/api/account/two-factor/recovery-codes",
    headers: auth(account.token),
    payload: { password: PASSWORD },
  });
  expect(byPassword.statusCode).toBe(200);
  const renewed = byPassword.json().recoveryCodes as string[];
  expect(renewed).toHaveLength(10);
  // A code is not enough: whoever holds the phone, or one recovery code, would make a set of their own.
  const byCode = await t.app.inject({
    method: "POST",
    url: "/api/account/two-factor/recovery-codes",
    headers: auth(account.token),
    payload: { code: renewed[0] },
  });
  expect(byCode.statusCode).toBe(403);
  const again = await t.app.inject({
    method: "POST",
    url: "/api/account/two-factor/recovery-codes",
    headers: auth(account.token),
    payload: { password: PASSWORD },
  });
  expect(again.statusCode).toBe(200);
  const latest = again.json().recoveryCodes as string[];
  const old = await codeStep((await passwordStep(account.email)).json().signInToken as string, account.recoveryCodes[5]!);
  expect(old.json().code).toBe("auth.code_invalid");
  expect((await codeStep((await passwordStep(account.email)).json().signInToken as string, latest[5]!)).statusCode).toBe(200);
});

it("turns off only with the password and a code, and not for someone else's account", async () => {
  const account = await withTotp("off");
  const stranger = await register("stranger");
  const disable = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/account/two-factor/disable", headers: auth(token), payload });

  expect((await disable(account.token, { password: PASSWORD })).statusCode).toBe(400);
  expect((await disable(account.token, { code: account.recoveryCodes[0] })).statusCode).toBe(400);
  expect((await disable(account.token, { password: "wrong-password", code: account.recoveryCodes[0] })).json().code).toBe("account.wrong_password");
  expect((await disable(account.token, { password: PASSWORD, code: "000000" })).json().code).toBe("auth.code_invalid");
  // Another account's session with this account's codes turns nothing off: its own second factor is not on.
  expect((await disable(stranger.token, { password: PASSWORD, code: account.recoveryCodes[0] })).json().code).toBe("account.two_factor_off");

  const off = await disable(account.token, { password: PASSWORD, code: totpCode(account.secret, totpStep() + 1) });
  expect(off.statusCode).toBe(200);
  expect((await passwordStep(account.email)).json().token).toEqual(expect.any(String));
  const left = await t.db.query("SELECT 1 FROM user_recovery_codes WHERE user_id = $1", [account.id]);
  expect(left.rows).toHaveLength(0);
  // An account with the second factor on cannot start another setup over it.
  const again = await withTotp("again");
  expect((await t.app.inject({ method: "POST", url: "/api/account/two-factor/setup", headers: auth(again.token) })).json().code).toBe("account.two_factor_on");
});

it("a sign-in from another browser mails an alert after the second step only", async () => {
  const account = await withTotp("alert-2fa");
  await t.app.settle();
  const before = outboxMailsTo(t.dataDir, account.email).length;
  // Another browser (no device cookie): the password alone sends nothing, the finished sign-in does.
  const signInToken = (await passwordStep(account.email)).json().signInToken as string;
  await t.app.settle();
  expect(outboxMailsTo(t.dataDir, account.email)).toHaveLength(before);
  const done = await codeStep(signInToken, account.recoveryCodes[0]!);
  expect(done.headers["set-cookie"]).toMatch(/^agency_device=[\w-]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/);
  await t.app.settle();
  const mails = outboxMailsTo(t.dataDir, account.email);
  expect(mails).toHaveLength(before + 1);
  expect(mails.at(-1)).toMatch(/Subject: Nieuwe aanmelding|Subject: New sign-in/);
});

/** The subjects of the mails to `email` after `from` (how many there were before). */
async function subjectsSince(email: string, from: number): Promise<string[]> {
  await t.app.settle();
  return outboxMailsTo(t.dataDir, email)
    .slice(from)
    .map((mail) => /^Subject: (.*)$/m.exec(mail)?.[1] ?? "");
}

it("mails the owner when it is turned on and when it is turned off, in the account's language", async () => {
  const account = await withTotp("mailed", "nl");
  await t.app.settle();
  const onMail = outboxMailsTo(t.dataDir, account.email).find((mail) => mail.includes("Subject: Tweestapsverificatie is aangezet"));
  expect(onMail).toContain("Voortaan vraagt inloggen na je wachtwoord om een code uit je authenticator-app.");
  expect(onMail).toContain("Hallo Tessa Totp,");
  // With the way to undo it, for an owner who did not turn it on.
  expect(onMail).toMatch(/\/secure-account\?token=[\w-]+&lang=nl/);
  const before = outboxMailsTo(t.dataDir, account.email).length;

  const off = await t.app.inject({
    method: "POST",
    url: "/api/account/two-factor/disable",
    headers: auth(account.token),
    payload: { password: PASSWORD, code: account.recoveryCodes[0] },
  });
  expect(off.statusCode).toBe(200);
  expect(await subjectsSince(account.email, before)).toEqual(["Tweestapsverificatie is uitgezet"]);
  const offMail = outboxMailsTo(t.dataDir, account.email).at(-1)!;
  expect(offMail).toContain("Inloggen vraagt nu alleen nog om je wachtwoord.");
  // What to do when it was not the owner.
  expect(offMail).toContain("Heb je dit niet zelf gedaan? Stel dan meteen je wachtwoord opnieuw in");
});

it("turned off by two requests at once, it is off once: one answer 200, the other refused, one mail", async () => {
  const account = await withTotp("twice-off");
  await t.app.settle();
  const before = outboxMailsTo(t.dataDir, account.email).length;
  const disable = (code: string) =>
    t.app.inject({ method: "POST", url: "/api/account/two-factor/disable", headers: auth(account.token), payload: { password: PASSWORD, code } });
  const answers = await Promise.all([disable(account.recoveryCodes[0]!), disable(account.recoveryCodes[1]!)]);
  // The other finds it off already (409), or its recovery code gone with the rest (400), however the two interleave.
  expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
  expect(answers.map((a) => a.json().code).filter(Boolean)).toEqual([expect.stringMatching(/^(account\.two_factor_off|auth\.code_invalid)$/)]);
  expect(await subjectsSince(account.email, before)).toEqual(["Two-step verification was turned off"]);
});
