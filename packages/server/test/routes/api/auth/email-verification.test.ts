import { buildTestApp, linkToken, nextIp, type TestApp } from "../../../support/helpers";
import { mailText, startSmtp } from "../../../support/smtp";
import { sha256 } from "../../../../src/lib/crypto";

/**
 * Verified e-mail: sign-up signs the user in at once and mails a single-use link valid for 24 hours (through the
 * outbox); /auth/me says whether the address is verified; the link verifies it, in the request's language; the
 * settings page can ask for the mail again, a few times an hour; a password reset verifies the address too.
 */

const SITE = "https://agency.example";
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: SITE } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let seq = 0;
const uniqueEmail = () => `verify${++seq}-${Date.now()}@example.com`;

function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method: "POST", url, payload, headers, remoteAddress: nextIp() });
}

/** Mail sent to `to` since `from` (an index into the sink), as text. */
async function mailsTo(to: string, from = 0): Promise<string[]> {
  await t.app.settle();
  return smtp.mails.slice(from).filter((m) => m.to.includes(to)).map((m) => mailText(m.raw));
}

async function signUp(extra: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const res = await post("/api/auth/register", { name: "Vera Fied", email, password: "secret1-pass", ...extra });
  expect(res.statusCode).toBe(201);
  const { token, user } = res.json() as { token: string; user: { id: string } };
  return { email, id: user.id, headers: { authorization: `Bearer ${token}` } };
}

const me = async (headers: Record<string, string>) => (await t.app.inject({ url: "/api/auth/me", headers })).json().user;

describe("sign-up", () => {
  it("signs the user in at once, unverified, and mails a verification link in the user's language", async () => {
    const before = smtp.mails.length;
    const user = await signUp({ language: "nl", basePath: "/preview/klant/site-1/" });
    expect(await me(user.headers)).toMatchObject({ email: user.email, email_verified: false, pending_email: null });
    const [mail, ...more] = await mailsTo(user.email, before);
    expect(more).toEqual([]);
    expect(mail).toMatch(/^Subject: Bevestig je e-mailadres$/m);
    // The link names the mail's language: opened in another browser, the page speaks it too.
    expect(mail).toMatch(/https:\/\/agency\.example\/preview\/klant\/site-1\/verify-email\?token=[A-Za-z0-9_-]{43}&lang=nl\s/);
    // Only the token's hash is stored, and the outbox kept nothing of the link once it was sent.
    const token = linkToken(mail!, "verify-email")!;
    const stored = await t.db.query<{ token_hash: string; hours: number }>(
      "SELECT token_hash, round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours FROM email_verifications WHERE user_id = $1",
      [user.id],
    );
    expect(stored.rows).toEqual([{ token_hash: sha256(token), hours: 24 }]);
    const outbox = await t.db.query<{ topic: string; secret: boolean; payload: unknown; sent: boolean }>(
      "SELECT topic, secret, payload, sent_at IS NOT NULL AS sent FROM outbox WHERE ref = $1",
      [`user:${user.id}`],
    );
    expect(outbox.rows).toEqual([{ topic: "auth.verify", secret: true, payload: {}, sent: true }]);
  });

  it("keeps the account and its mail together: a sign-up that fails stores neither", async () => {
    const { email } = await signUp();
    await t.app.settle();
    const before = smtp.mails.length;
    expect((await post("/api/auth/register", { name: "Again", email, password: "secret1-pass" })).statusCode).toBe(409);
    expect(await mailsTo(email, before)).toEqual([]);
  });
});

describe("following the link", () => {
  it("verifies the address once, says so in the request's language, and never again", async () => {
    const before = smtp.mails.length;
    const user = await signUp({ language: "en" });
    const token = linkToken(await mailsTo(user.email, before), "verify-email")!;

    const nl = await post("/api/auth/verify-email", { token }, { "accept-language": "nl" });
    expect(nl.statusCode).toBe(200);
    expect(nl.json()).toEqual({ success: true, message: `Je e-mailadres ${user.email} is bevestigd.`, email: user.email });
    expect(await me(user.headers)).toMatchObject({ email_verified: true });

    const again = await post("/api/auth/verify-email", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "auth.verify_used", error: "This verification link has already been used." });
  });

  it("refuses an expired or unknown link", async () => {
    const before = smtp.mails.length;
    const user = await signUp();
    const token = linkToken(await mailsTo(user.email, before), "verify-email")!;
    await t.db.query("UPDATE email_verifications SET expires_at = now() - interval '1 minute' WHERE token_hash = $1", [sha256(token)]);
    const expired = await post("/api/auth/verify-email", { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe("auth.verify_expired");
    expect((await post("/api/auth/verify-email", { token: "made-up-token" })).json().code).toBe("auth.verify_invalid");
    expect(await me(user.headers)).toMatchObject({ email_verified: false });
  });

  it("counts the same link followed twice at once as one verification", async () => {
    const before = smtp.mails.length;
    const user = await signUp();
    const token = linkToken(await mailsTo(user.email, before), "verify-email")!;
    const answers = await Promise.all([post("/api/auth/verify-email", { token }), post("/api/auth/verify-email", { token })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });
});

describe("checking the link before confirming it", () => {
  const state = async (userId: string) =>
    (await t.db.query<{ verified: boolean; used: number }>(
      `SELECT u.email_verified_at IS NOT NULL AS verified, (SELECT count(*)::int FROM email_verifications v WHERE v.user_id = u.id AND v.used_at IS NOT NULL) AS used
         FROM users u WHERE u.id = $1`,
      [userId],
    )).rows[0];

  it("names the address and what confirming does, and changes nothing however often it is asked", async () => {
    const before = smtp.mails.length;
    const user = await signUp({ language: "en" });
    const mail = (await mailsTo(user.email, before))[0]!;
    expect(mail).toMatch(/verify-email\?token=[A-Za-z0-9_-]{43}&lang=en\s/);
    const token = linkToken(mail, "verify-email")!;
    const untouched = await state(user.id);
    for (let i = 0; i < 3; i++) {
      const checked = await post("/api/auth/verify-email-token", { token });
      expect(checked.statusCode).toBe(200);
      expect(checked.json()).toEqual({ valid: true, email: user.email, purpose: "verify" });
    }
    // A scanner or a prefetch that loads the page (which checks the link) neither verifies nor uses up anything.
    expect(await state(user.id)).toEqual(untouched);
    expect(await me(user.headers)).toMatchObject({ email_verified: false });
    expect((await post("/api/auth/verify-email", { token })).statusCode).toBe(200);
    expect(await me(user.headers)).toMatchObject({ email_verified: true });
    expect((await post("/api/auth/verify-email-token", { token }, { "accept-language": "nl" })).json()).toMatchObject({
      code: "auth.verify_used",
      error: "Deze bevestigingslink is al gebruikt.",
    });
  });

  it("says a change link makes the new address the account's, without changing it", async () => {
    const user = await signUp();
    await t.app.settle();
    const newEmail = uniqueEmail();
    const before = smtp.mails.length;
    const asked = await t.app.inject({
      method: "POST",
      url: "/api/account/email",
      headers: user.headers,
      payload: { newEmail, password: "secret1-pass", language: "en" },
    });
    expect(asked.statusCode).toBe(200);
    const mail = (await mailsTo(newEmail, before))[0]!;
    expect(mail).toMatch(/verify-email\?token=[A-Za-z0-9_-]{43}&lang=en\s/);
    const checked = await post("/api/auth/verify-email-token", { token: linkToken(mail, "verify-email")! });
    expect(checked.json()).toEqual({ valid: true, email: newEmail, purpose: "change" });
    expect(await me(user.headers)).toMatchObject({ email: user.email, pending_email: newEmail });
  });

  it("refuses an expired, unknown or stale link with the codes verify-email uses", async () => {
    const before = smtp.mails.length;
    const user = await signUp();
    const token = linkToken(await mailsTo(user.email, before), "verify-email")!;
    await t.db.query("UPDATE email_verifications SET expires_at = now() - interval '1 minute' WHERE token_hash = $1", [sha256(token)]);
    expect((await post("/api/auth/verify-email-token", { token })).json().code).toBe("auth.verify_expired");
    expect((await post("/api/auth/verify-email-token", { token: "made-up-token" })).json().code).toBe("auth.verify_invalid");
    // A sign-up link for an address the account has since left proves nothing.
    const other = await signUp();
    const otherToken = linkToken(await mailsTo(other.email, before), "verify-email")!;
    await t.db.query("UPDATE users SET email = $1 WHERE id = $2", [uniqueEmail(), other.id]);
    const stale = await post("/api/auth/verify-email-token", { token: otherToken });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().code).toBe("auth.verify_invalid");
  });
});

describe("resending the link", () => {
  it("mails a new link to an unverified address, at most 3 times an hour, and refuses a verified one", async () => {
    const user = await signUp({ language: "en" });
    await t.app.settle();
    const before = smtp.mails.length;
    for (let i = 0; i < 3; i++) {
      const res = await post("/api/auth/resend-verification", {}, user.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(`We sent a new verification link to ${user.email}.`);
    }
    const limited = await post("/api/auth/resend-verification", { language: "nl" }, user.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: "account.too_many_mails", retryAfter: expect.any(Number) });
    expect(limited.json().error).toMatch(/^We hebben deze e-mail al een paar keer gestuurd/);
    const mails = await mailsTo(user.email, before);
    expect(mails).toHaveLength(3);

    // Every link sent works until it expires; the first one followed verifies the address.
    expect((await post("/api/auth/verify-email", { token: linkToken(mails[0]!, "verify-email")! })).statusCode).toBe(200);
    const verified = await post("/api/auth/resend-verification", {}, user.headers);
    expect(verified.statusCode).toBe(409);
    expect(verified.json().code).toBe("auth.already_verified");
  });

  it("needs a session", async () => {
    expect((await post("/api/auth/resend-verification", {})).statusCode).toBe(401);
  });
});

describe("a password reset", () => {
  it("verifies the address: the reset link went to that mailbox", async () => {
    const user = await signUp();
    await t.app.settle();
    const before = smtp.mails.length;
    await post("/api/auth/forgot-password", { email: user.email });
    const token = linkToken(await mailsTo(user.email, before), "reset-password")!;
    expect((await post("/api/auth/reset-password", { token, newPassword: "brand-new-pass1" })).statusCode).toBe(200);
    const login = await post("/api/auth/login", { email: user.email, password: "brand-new-pass1" });
    expect(login.json().user).toMatchObject({ email_verified: true });
  });
});
