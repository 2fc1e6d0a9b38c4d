import { totpCode, totpStep } from "../../src/auth-factors/totp";
import { buildTestApp, linkToken, nextIp, outboxMailsTo, type TestApp } from "../support/helpers";
import { SoftPasskey } from "../support/soft-authenticator";
import { localCheckout, payLocal } from "../support/payments-harness";

/**
 * The ways into an account besides its password, from the attacker's side. Whoever registers an address that is not
 * theirs cannot plant a passkey or an authenticator app that outlives the owner's claim on it; a stolen session
 * adds no way in without the password; every way in that is added or removed is mailed to the owner at once, with a
 * link that takes an added one away again and secures the account; and proving the mailbox removes what was set up
 * before it.
 */

const SITE = "https://agency.example";
const CHROME_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const ATTACKER_PASSWORD = "attackers-own-pass-1";
const OWNER_PASSWORD = "owners-new-pass-22";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: SITE, PASSKEY_RATE_LIMIT: "1000", LOGIN_RATE_LIMIT_IP: "1000" } });
});
afterAll(() => t?.close());

let seq = 0;
type Headers = Record<string, string>;

function call(method: "GET" | "POST" | "DELETE", url: string, headers: Headers = {}, payload?: object) {
  return t.app.inject({ method, url, headers: { "user-agent": CHROME_MAC, ...headers }, remoteAddress: nextIp(), ...(payload ? { payload } : {}) });
}

async function register(password: string, { proven = false }: { proven?: boolean } = {}) {
  const email = `ways-in-${++seq}-${Date.now()}@example.com`;
  const res = await call("POST", "/api/auth/register", {}, { name: "Mallory Planted", email, password, language: "en" });
  expect(res.statusCode).toBe(201);
  const id = res.json().user.id as string;
  if (proven) await t.db.query("UPDATE users SET email_verified_at = now() WHERE id = $1", [id]);
  return { email, id, headers: { authorization: `Bearer ${res.json().token as string}` } };
}

async function mails(email: string): Promise<string[]> {
  await t.app.settle();
  return outboxMailsTo(t.dataDir, email);
}

const subjects = async (email: string) => (await mails(email)).map((mail) => /^Subject: (.*)$/m.exec(mail)?.[1] ?? "");

async function addPasskey(headers: Headers, password: string) {
  const key = new SoftPasskey();
  const options = await call("POST", "/api/account/passkeys/options", headers, { password });
  if (options.statusCode !== 200) return { key, res: options };
  return { key, res: await call("POST", "/api/account/passkeys", headers, { credential: key.register(options.json().options, SITE) }) };
}

async function passkeySignIn(key: SoftPasskey) {
  const options = await call("POST", "/api/auth/passkey/options");
  return call("POST", "/api/auth/passkey", {}, { credential: key.authenticate(options.json().options, SITE) });
}

const login = (email: string, password: string) => call("POST", "/api/auth/login", {}, { email, password });
const me = (headers: Headers) => call("GET", "/api/auth/me", headers);

/** What the owner of the mailbox does: ask for a reset link and choose a new password with it. */
async function ownerResets(email: string) {
  expect((await call("POST", "/api/auth/forgot-password", {}, { email })).statusCode).toBe(200);
  const token = linkToken(await mails(email), "reset-password");
  const done = await call("POST", "/api/auth/reset-password", {}, { token, newPassword: OWNER_PASSWORD });
  expect(done.statusCode, done.body).toBe(200);
}

/** Follows the newest 'this wasn't me' link in the mail to `email`, as the owner does from another browser. */
async function ownerSecures(email: string) {
  const token = linkToken(await mails(email), "secure-account");
  expect(token).toBeDefined();
  return call("POST", "/api/auth/secure-account", {}, { token });
}

describe("an address registered by someone who does not own it", () => {
  it("takes no passkey and no authenticator app, even with the password", async () => {
    const planter = await register(ATTACKER_PASSWORD);
    const { res } = await addPasskey(planter.headers, ATTACKER_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("account.email_unverified");
    const setup = await call("POST", "/api/account/two-factor/setup", planter.headers);
    expect(setup.statusCode).toBe(403);
    expect(setup.json().code).toBe("account.email_unverified");
  });

  it("a passkey planted before the owner's reset signs in no more afterwards, and the owner's mail says it was removed", async () => {
    const planter = await register(ATTACKER_PASSWORD);
    // The attacker's planting, as the release before this one allowed it: added while nobody had proven the address.
    await t.db.query("UPDATE users SET email_verified_at = now() WHERE id = $1", [planter.id]);
    const { key, res } = await addPasskey(planter.headers, ATTACKER_PASSWORD);
    expect(res.statusCode, res.body).toBe(201);
    await t.db.query("UPDATE users SET email_verified_at = NULL WHERE id = $1", [planter.id]);
    expect((await passkeySignIn(key)).statusCode).toBe(200);

    // The real owner claims the address with a reset from the mailed link.
    await ownerResets(planter.email);
    const refused = await passkeySignIn(key);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("auth.passkey_failed");
    expect((await me(planter.headers)).statusCode).toBe(401);
    const changed = (await mails(planter.email)).find((mail) => /Subject: Your password was changed/.test(mail))!;
    expect(changed).toContain("For your safety we removed from your account: a passkey.");
    expect(changed).not.toContain("Mallory");
  });

  it("an authenticator app planted before the owner verifies the address is gone afterwards: the owner's password alone signs in", async () => {
    const planter = await register(ATTACKER_PASSWORD);
    await t.db.query("INSERT INTO user_totp (user_id, secret, enabled_at) VALUES ($1, 'JBSWY3DPEHPK3PXP', now())", [planter.id]);
    await t.db.query("INSERT INTO user_recovery_codes (user_id, code_hash) VALUES ($1, 'planted')", [planter.id]);
    const token = linkToken(await mails(planter.email), "verify-email");
    expect((await call("POST", "/api/auth/verify-email", {}, { token })).statusCode).toBe(200);
    expect((await t.db.query("SELECT 1 FROM user_totp WHERE user_id = $1", [planter.id])).rows).toHaveLength(0);
    expect((await t.db.query("SELECT 1 FROM user_recovery_codes WHERE user_id = $1", [planter.id])).rows).toHaveLength(0);
    expect(await subjects(planter.email)).toContain("Your e-mail address is confirmed");
    const proven = (await mails(planter.email)).find((mail) => /Subject: Your e-mail address is confirmed/.test(mail))!;
    expect(proven).toContain("the authenticator app (two-step verification)");
  });
});

describe("a stolen session", () => {
  it("cannot turn the authenticator app on without the password, so the owner is not locked out", async () => {
    const owner = await register(ATTACKER_PASSWORD, { proven: true });
    const setup = await call("POST", "/api/account/two-factor/setup", owner.headers);
    expect(setup.statusCode).toBe(200);
    const secret = setup.json().secret as string;
    const enable = await call("POST", "/api/account/two-factor/enable", owner.headers, { code: totpCode(secret, totpStep()) });
    expect(enable.statusCode).toBe(403);
    expect(enable.json()).toMatchObject({ code: "account.password_required", fields: ["password"] });
    const guessed = await call("POST", "/api/account/two-factor/enable", owner.headers, { code: totpCode(secret, totpStep()), password: "a-guess-at-it" });
    expect(guessed.json().code).toBe("account.wrong_password");
    expect((await call("GET", "/api/account/two-factor", owner.headers)).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await login(owner.email, ATTACKER_PASSWORD)).json().token).toEqual(expect.any(String));
  });

  it("cannot add a passkey without the password, however fresh the session", async () => {
    const owner = await register(ATTACKER_PASSWORD, { proven: true });
    const options = await call("POST", "/api/account/passkeys/options", owner.headers, {});
    expect(options.statusCode).toBe(403);
    expect(options.json().code).toBe("account.password_required");
  });
});

describe("a way in added with the password", () => {
  it("an authenticator app turned on is mailed at once; the mail's link turns it off, signs out everywhere and mails a reset link", async () => {
    const account = await register(ATTACKER_PASSWORD, { proven: true });
    const setup = await call("POST", "/api/account/two-factor/setup", account.headers);
    const secret = setup.json().secret as string;
    const on = await call("POST", "/api/account/two-factor/enable", account.headers, { code: totpCode(secret, totpStep()), password: ATTACKER_PASSWORD });
    expect(on.statusCode).toBe(200);
    const onMail = (await mails(account.email)).find((mail) => /Subject: Two-step verification was turned on/.test(mail))!;
    expect(onMail).toMatch(/https:\/\/agency\.example\/secure-account\?token=[\w-]+&lang=en/);

    // The owner did not turn it on: the link, opened without a session, takes it away again.
    const check = await call("POST", "/api/auth/sign-in-alert-token", {}, { token: linkToken(onMail, "secure-account") });
    expect(check.json()).toMatchObject({ valid: true, kind: "authenticator" });
    const secured = await ownerSecures(account.email);
    expect(secured.statusCode).toBe(200);
    expect(secured.json().resetToken).toBeUndefined();
    expect((await me(account.headers)).statusCode).toBe(401);
    expect((await login(account.email, ATTACKER_PASSWORD)).json().code).toBe("auth.invalid_credentials");
    expect((await t.db.query("SELECT 1 FROM user_totp WHERE user_id = $1", [account.id])).rows).toHaveLength(0);
    const reset = (await mails(account.email)).find((mail) => /Subject: Choose a new password/.test(mail))!;
    expect(reset).toContain("the authenticator app (two-step verification)");
    const done = await call("POST", "/api/auth/reset-password", {}, { token: linkToken(reset, "reset-password"), newPassword: OWNER_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect((await login(account.email, OWNER_PASSWORD)).json().token).toEqual(expect.any(String));
  });

  it("a passkey added is mailed at once and its link removes it; one removed in the settings is mailed too", async () => {
    const account = await register(ATTACKER_PASSWORD, { proven: true });
    const { key, res } = await addPasskey(account.headers, ATTACKER_PASSWORD);
    expect(res.statusCode).toBe(201);
    const added = (await mails(account.email)).find((mail) => /Subject: A passkey was added to your account/.test(mail))!;
    expect(added).toContain("from Chrome on macOS");
    expect((await ownerSecures(account.email)).statusCode).toBe(200);
    expect((await passkeySignIn(key)).json().code).toBe("auth.passkey_failed");

    const other = await register(ATTACKER_PASSWORD, { proven: true });
    await addPasskey(other.headers, ATTACKER_PASSWORD);
    const [passkey] = (await call("GET", "/api/account/passkeys", other.headers)).json().passkeys as { id: string }[];
    expect((await call("DELETE", `/api/account/passkeys/${passkey!.id}`, other.headers)).statusCode).toBe(200);
    expect(await subjects(other.email)).toContain("A passkey was removed from your account");
  });

  it("new recovery codes take the password, not a code, and are mailed with a link that removes them", async () => {
    const account = await register(ATTACKER_PASSWORD, { proven: true });
    const secret = (await call("POST", "/api/account/two-factor/setup", account.headers)).json().secret as string;
    const codes = (await call("POST", "/api/account/two-factor/enable", account.headers, { code: totpCode(secret, totpStep()), password: ATTACKER_PASSWORD })).json()
      .recoveryCodes as string[];
    const byCode = await call("POST", "/api/account/two-factor/recovery-codes", account.headers, { code: codes[0] });
    expect(byCode.statusCode).toBe(403);
    const renewed = await call("POST", "/api/account/two-factor/recovery-codes", account.headers, { password: ATTACKER_PASSWORD });
    expect(renewed.statusCode).toBe(200);
    expect(await subjects(account.email)).toContain("New recovery codes were made for your account");
    const secured = await ownerSecures(account.email);
    expect(secured.statusCode).toBe(200);
    // Only what was added from the link's moment on: the new codes; the authenticator, added before, stays.
    expect((await t.db.query("SELECT 1 FROM user_recovery_codes WHERE user_id = $1", [account.id])).rows).toHaveLength(0);
    expect((await t.db.query("SELECT 1 FROM user_totp WHERE user_id = $1 AND enabled_at IS NOT NULL", [account.id])).rows).toHaveLength(1);
  });

  it("'this wasn't me' about a sign-in removes the passkey the intruder added after it", async () => {
    const account = await register(ATTACKER_PASSWORD, { proven: true });
    // The intruder signs in from a browser new to the account, then adds a passkey of their own.
    const intruder = await login(account.email, ATTACKER_PASSWORD);
    const intruderHeaders = { authorization: `Bearer ${intruder.json().token as string}` };
    const alert = linkToken(await mails(account.email), "secure-account")!;
    const { key } = await addPasskey(intruderHeaders, ATTACKER_PASSWORD);
    expect((await passkeySignIn(key)).statusCode).toBe(200);
    const secured = await call("POST", "/api/auth/secure-account", {}, { token: alert });
    expect(secured.statusCode).toBe(200);
    expect((await passkeySignIn(key)).json().code).toBe("auth.passkey_failed");
    expect((await me(intruderHeaders)).statusCode).toBe(401);
  });
});

describe("a way in confirmed with a passkey in place of the password", () => {
  /** The owner's passkey answering a confirmation challenge their own session asked for. */
  async function passkeyConfirmation(headers: Headers, key: SoftPasskey) {
    const options = await call("POST", "/api/account/passkeys/confirmation-options", headers);
    expect(options.statusCode, options.body).toBe(200);
    return key.authenticate(options.json().options, SITE);
  }

  it("adds a second passkey, turns the authenticator app on and makes new recovery codes, each mailed", async () => {
    const account = await register(ATTACKER_PASSWORD, { proven: true });
    const { key } = await addPasskey(account.headers, ATTACKER_PASSWORD);
    const options = await call("POST", "/api/account/passkeys/options", account.headers, { passkey: await passkeyConfirmation(account.headers, key) });
    expect(options.statusCode, options.body).toBe(200);
    const second = new SoftPasskey();
    expect((await call("POST", "/api/account/passkeys", account.headers, { credential: second.register(options.json().options, SITE) })).statusCode).toBe(201);

    const secret = (await call("POST", "/api/account/two-factor/setup", account.headers)).json().secret as string;
    const on = await call("POST", "/api/account/two-factor/enable", account.headers, {
      code: totpCode(secret, totpStep()),
      passkey: await passkeyConfirmation(account.headers, second),
    });
    expect(on.statusCode, on.body).toBe(200);
    const renewed = await call("POST", "/api/account/two-factor/recovery-codes", account.headers, { passkey: await passkeyConfirmation(account.headers, key) });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const sent = await subjects(account.email);
    expect(sent.filter((subject) => subject === "A passkey was added to your account")).toHaveLength(2);
    expect(sent).toContain("Two-step verification was turned on");
    expect(sent).toContain("New recovery codes were made for your account");
  });

  it("a stolen session gets nowhere with the thief's own passkey, a sign-in's challenge or an answer used before", async () => {
    const owner = await register(OWNER_PASSWORD, { proven: true });
    const { key: ownersKey } = await addPasskey(owner.headers, OWNER_PASSWORD);
    const thief = await register(ATTACKER_PASSWORD, { proven: true });
    const { key: thiefsKey } = await addPasskey(thief.headers, ATTACKER_PASSWORD);
    const refused = async (passkey: unknown) => {
      const res = await call("POST", "/api/account/passkeys/options", owner.headers, { passkey });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe("account.passkey_not_confirmed");
    };
    // The thief's passkey answering the owner's challenge, taken with the stolen session.
    await refused(await passkeyConfirmation(owner.headers, thiefsKey));
    // The thief's passkey answering a challenge the thief's own account asked for.
    await refused(await passkeyConfirmation(thief.headers, thiefsKey));
    // A sign-in's challenge is not a confirmation, even answered by the owner's passkey.
    await refused(ownersKey.authenticate((await call("POST", "/api/auth/passkey/options")).json().options, SITE));
    // An answer confirms once.
    const answer = await passkeyConfirmation(owner.headers, ownersKey);
    expect((await call("POST", "/api/account/passkeys/options", owner.headers, { passkey: answer })).statusCode).toBe(200);
    await refused(answer);
    expect((await t.db.query("SELECT 1 FROM passkeys WHERE user_id = $1", [owner.id])).rows).toHaveLength(1);
  });

  it("answers that do not confirm count with wrong passwords: after five, even the right password waits", async () => {
    const owner = await register(OWNER_PASSWORD, { proven: true });
    const { key } = await addPasskey(owner.headers, OWNER_PASSWORD);
    for (let i = 0; i < 5; i++) {
      const unasked = key.authenticate({ challenge: `bm90LWFza2Vk${i}`, rpId: "agency.example" }, SITE);
      expect((await call("POST", "/api/account/passkeys/options", owner.headers, { passkey: unasked })).json().code).toBe("account.passkey_not_confirmed");
    }
    const waits = await call("POST", "/api/account/passkeys/options", owner.headers, { password: OWNER_PASSWORD });
    expect(waits.statusCode).toBe(429);
    expect(waits.json().code).toBe("account.too_many_attempts");
  });

  it("an account without passkeys has nothing to confirm with", async () => {
    const account = await register(ATTACKER_PASSWORD, { proven: true });
    const options = await call("POST", "/api/account/passkeys/confirmation-options", account.headers);
    expect(options.statusCode).toBe(409);
    expect(options.json().code).toBe("account.no_passkeys");
    expect((await call("POST", "/api/account/passkeys/confirmation-options")).statusCode).toBe(401);
  });
});

describe("mail to an address nobody has proven", () => {
  it("greets without the name whoever registered typed: the password notice and the subscription's start", async () => {
    const planter = await register(ATTACKER_PASSWORD);
    const change = await call("POST", "/api/account/password", planter.headers, { currentPassword: ATTACKER_PASSWORD, newPassword: "another-planted-1" });
    expect(change.statusCode).toBe(200);
    const path = await localCheckout(t, { ...planter, password: "another-planted-1" }, { billingPeriod: "monthly" });
    expect((await payLocal(t, path, { country: "NL", vat_number: "" })).statusCode).toBe(303);
    const sent = await mails(planter.email);
    const notice = sent.find((mail) => /Subject: Your password was changed/.test(mail))!;
    const started = sent.find((mail) => /subscription has started/.test(mail))!;
    for (const mail of [notice, started]) {
      expect(mail).toMatch(/^Hello,$/m);
      expect(mail).not.toContain("Mallory");
    }
  });
});
