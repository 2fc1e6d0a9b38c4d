import { buildTestApp, nextIp, type TestApp } from "../../../support/helpers";
import { mailText, startSmtp } from "../../../support/smtp";
import { sha256 } from "../../../../src/lib/crypto";
import { LOGIN_ACCOUNT_BUCKET } from "../../../../src/routes/api/auth/login-limits";
import { CUSTOMER_GUESSES } from "../../../../src/accounts/guesses";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: "https://agency.example", MAIL_FROM: "Agency <no-reply@agency.example>" } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let seq = 0;
const uniqueEmail = () => `user${++seq}-${Date.now()}@example.com`;

function post(url: string, payload: unknown, headers: Record<string, string> = {}, ip = nextIp()) {
  return t.app.inject({ method: "POST", url, payload: payload as object, headers, remoteAddress: ip });
}

/** The device cookie of the owner's own browser: the address proven, and signed in from it once. */
async function ownBrowser(email: string, password: string): Promise<string> {
  await t.db.query("UPDATE users SET email_verified_at = now() WHERE email = $1", [email]);
  const cookie = `agency_device=${sha256(email).slice(0, 43)}`;
  expect((await post("/api/auth/login", { email, password }, { cookie })).statusCode).toBe(200);
  return cookie;
}

async function register(email = uniqueEmail(), password = "secret1-pass", extra: Record<string, unknown> = {}) {
  const res = await post("/api/auth/register", { name: "Ann Smith", email, password, ...extra });
  expect(res.statusCode).toBe(201);
  return { email, password, ...(res.json() as { token: string; user: { id: string } }) };
}

describe("register", () => {
  it("creates an account and answers {user, token} without the hash", async () => {
    const res = await post("/api/auth/register", { name: "  Ann Smith ", email: "  Ann.Smith@Example.COM ", password: "secret1-pass" });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toEqual({
      id: expect.any(String),
      email: "ann.smith@example.com",
      name: "Ann Smith",
      created_at: expect.any(String),
      email_verified: false,
      pending_email: null,
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    expect(JSON.stringify(body)).not.toMatch(/argon2/);
  });

  it("answers 409 with a clear message for a duplicate e-mail, whatever its case", async () => {
    const { email } = await register();
    const res = await post("/api/auth/register", { name: "B", email: email.toUpperCase(), password: "another1" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/already exists/);
  });

  it("stores argon2id at OWASP parameters and only a hash of the token", async () => {
    const { email, token } = await register();
    const { rows } = await t.db.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE email = $1", [email]);
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    const sessions = await t.db.query<{ token_hash: string }>("SELECT token_hash FROM sessions");
    expect(sessions.rows.map((r) => r.token_hash)).toContain(sha256(token));
    expect(sessions.rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it.each([
    ["short password", { password: "1234567" }, "password"],
    ["long password", { password: "x".repeat(129) }, "password"],
    ["bad e-mail", { email: "not-an-email" }, "email"],
    ["missing name", { name: undefined }, "name"],
    ["number as password", { password: 1234567 }, "password"],
  ])("rejects %s with 400 naming the field", async (_label, change, field) => {
    const res = await post("/api/auth/register", { name: "N", email: uniqueEmail(), password: "secret1-pass", ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toContain(field);
    expect(res.json().error).toEqual(expect.any(String));
  });

  it("accepts passwords of exactly 8 and 128 characters", async () => {
    await register(uniqueEmail(), "kx7-qv2m");
    await register(uniqueEmail(), "p".repeat(128));
  });

  it("remembers the language for mails (body language, else Accept-Language)", async () => {
    const a = await register(uniqueEmail(), "secret1-pass", { language: "en" });
    const b = await post("/api/auth/register", { name: "N", email: uniqueEmail(), password: "secret1-pass" }, { "accept-language": "nl-NL,nl;q=0.9" });
    const rows = await t.db.query<{ id: string; locale: string }>("SELECT id, locale FROM users WHERE id = ANY($1::uuid[])", [[a.user.id, b.json().user.id]]);
    expect(Object.fromEntries(rows.rows.map((r) => [r.id, r.locale]))).toEqual({ [a.user.id]: "en", [b.json().user.id]: "nl" });
  });
});

describe("login, me, logout", () => {
  it("logs in with a differently cased e-mail and the token works for /auth/me", async () => {
    const { email, password } = await register();
    const res = await post("/api/auth/login", { email: ` ${email.toUpperCase()} `, password });
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json();
    expect(user.email).toBe(email);
    const me = await t.app.inject({ url: "/api/auth/me", headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user });
  });

  it("answers wrong credentials with one generic 400, never 401", async () => {
    const { email } = await register();
    const wrongPassword = await post("/api/auth/login", { email, password: "wrong-password" });
    const noAccount = await post("/api/auth/login", { email: uniqueEmail(), password: "whatever" });
    expect(wrongPassword.statusCode).toBe(400);
    expect(noAccount.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual(noAccount.json());
    expect(wrongPassword.json().error).toBe("Invalid email or password");
  });

  it("answers 401 only for a missing, invalid, expired or revoked session", async () => {
    const { token, user } = await register();
    const me = (authorization?: string) =>
      t.app.inject({ url: "/api/auth/me", headers: authorization ? { authorization } : {} });
    expect((await me()).statusCode).toBe(401);
    expect((await me()).json()).toEqual({ error: "Please log in to continue.", code: "auth.required" });
    expect((await me("Bearer nonsense-token-that-does-not-exist")).statusCode).toBe(401);
    expect((await me(`Basic ${token}`)).statusCode).toBe(401);

    await t.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [user.id]);
    expect((await me(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it("sessions expire after 30 days", async () => {
    const { user } = await register();
    const { rows } = await t.db.query<{ days: number }>(
      "SELECT round(extract(epoch FROM expires_at - created_at) / 86400)::int AS days FROM sessions WHERE user_id = $1",
      [user.id],
    );
    expect(rows[0]!.days).toBe(30);
  });

  it("logout revokes the token and is idempotent", async () => {
    const { token } = await register();
    const headers = { authorization: `Bearer ${token}` };
    const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers });
    expect(out.statusCode).toBe(200);
    expect(out.json().success).toBe(true);
    expect((await t.app.inject({ url: "/api/auth/me", headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/auth/logout", headers })).statusCode).toBe(200);
  });

  it("works under the preview base too", async () => {
    const { token } = await register();
    const me = await t.app.inject({ url: "/preview/abc/def/api/auth/me", headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
  });
});

describe("login throttling", () => {
  it("refuses an account from one address after 5 failures with 429, Retry-After and a message saying when", async () => {
    const { email, password } = await register();
    const ip = nextIp();
    for (let i = 0; i < t.app.config.limits.loginPerAccount; i++) {
      expect((await post("/api/auth/login", { email, password: "wrong" }, {}, ip)).statusCode).toBe(400);
    }
    // Even the right password waits from that address: otherwise the limit would not stop guessing.
    const res = await post("/api/auth/login", { email, password }, {}, ip);
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(res.json()).toEqual({ error: "Too many login attempts. Try again in 15 minutes.", code: "auth.too_many_attempts", retryAfter });

    const nl = await post("/api/auth/login", { email, password }, { "accept-language": "nl" }, ip);
    expect(nl.json().error).toBe("Te veel inlogpogingen. Probeer het over 15 minuten opnieuw.");

    // Once the failures are older than the window (the account's count from every source, an hour), it opens again.
    await t.db.query("UPDATE rate_events SET created_at = now() - interval '61 minutes' WHERE bucket = ANY($1) AND left(key, 64) = $2", [
      [LOGIN_ACCOUNT_BUCKET, CUSTOMER_GUESSES.bucket],
      sha256(email),
    ]);
    expect((await post("/api/auth/login", { email, password }, {}, ip)).statusCode).toBe(200);
  });

  it("does not lock the owner out: after a stranger's 5 wrong passwords the owner signs in from their own browser", async () => {
    const { email, password } = await register();
    const cookie = await ownBrowser(email, password);
    const stranger = nextIp();
    for (let i = 0; i < t.app.config.limits.loginPerAccount; i++) {
      expect((await post("/api/auth/login", { email, password: "guess" }, {}, stranger)).statusCode).toBe(400);
    }
    expect((await post("/api/auth/login", { email, password: "guess" }, {}, stranger)).statusCode).toBe(429);
    // The owner, at home: signed in.
    expect((await post("/api/auth/login", { email, password }, { cookie }, nextIp())).statusCode).toBe(200);
    // Their success cleared the account's counts, the stranger's too: five more guesses cost the stranger as much as before.
    expect((await post("/api/auth/login", { email, password: "guess" }, {}, stranger)).statusCode).toBe(400);
  });

  it("counts an IPv6 /64 as one source", async () => {
    const { email, password } = await register();
    for (let i = 0; i < t.app.config.limits.loginPerAccount; i++) {
      expect((await post("/api/auth/login", { email, password: "wrong" }, {}, `2001:db8:77:1::${i + 1}`)).statusCode).toBe(400);
    }
    expect((await post("/api/auth/login", { email, password }, {}, "2001:db8:77:1:ffff::9")).statusCode).toBe(429);
    // Another /64 is another source: not refused for this one's failures (the account's own count asks for a proof).
    expect((await post("/api/auth/login", { email, password }, {}, "2001:db8:77:2::1")).json().code).toBe("auth.challenge_required");
  });

  it("a successful login clears the account's failures", async () => {
    const { email, password } = await register();
    const ip = nextIp();
    for (let i = 0; i < t.app.config.limits.loginPerAccount - 1; i++) await post("/api/auth/login", { email, password: "wrong" }, {}, ip);
    expect((await post("/api/auth/login", { email, password }, {}, ip)).statusCode).toBe(200);
    for (let i = 0; i < t.app.config.limits.loginPerAccount - 1; i++) await post("/api/auth/login", { email, password: "wrong" }, {}, ip);
    expect((await post("/api/auth/login", { email, password }, {}, ip)).statusCode).toBe(200);
  });

  it("a successful password reset clears the account's failures", async () => {
    const { email } = await register();
    const ip = nextIp();
    for (let i = 0; i < t.app.config.limits.loginPerAccount; i++) await post("/api/auth/login", { email, password: "wrong" }, {}, ip);
    expect((await post("/api/auth/login", { email, password: "whatever1" }, {}, ip)).statusCode).toBe(429);
    await t.app.settle();
    const before = smtp.mails.length;
    await post("/api/auth/forgot-password", { email });
    await t.app.settle();
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mailText(smtp.mails.slice(before)[0]!.raw))![1]!;
    expect((await post("/api/auth/reset-password", { token, newPassword: "brand-new-pass1" })).statusCode).toBe(200);
    expect((await post("/api/auth/login", { email, password: "brand-new-pass1" }, {}, ip)).statusCode).toBe(200);
  });

  it("limits failures per IP across many accounts", async () => {
    const ip = nextIp();
    for (let i = 0; i < t.app.config.limits.loginPerIp; i++) {
      expect((await post("/api/auth/login", { email: uniqueEmail(), password: "guess" }, {}, ip)).statusCode).toBe(400);
    }
    const { email, password } = await register();
    const blocked = await post("/api/auth/login", { email, password }, {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers["retry-after"]).toBeDefined();
    // Another IP is not affected.
    expect((await post("/api/auth/login", { email, password })).statusCode).toBe(200);
  });
});

describe("password reset", () => {
  const resetLink = (raw: string) => /https:\/\/agency\.example\/\S*reset-password\?token=([A-Za-z0-9_-]+)(?:&lang=(nl|en))?/.exec(mailText(raw));

  async function requestReset(email: string, extra: Record<string, unknown> = {}) {
    await t.app.settle();
    const before = smtp.mails.length;
    const res = await post("/api/auth/forgot-password", { email, ...extra });
    await t.app.settle();
    return { res, mails: smtp.mails.slice(before) };
  }

  it("answers the same for existing and unknown accounts and mails only the existing one", async () => {
    const { email } = await register();
    const known = await requestReset(email);
    const unknown = await requestReset(uniqueEmail());
    expect(known.res.statusCode).toBe(200);
    expect(unknown.res.statusCode).toBe(200);
    expect(known.res.json()).toEqual({ success: true, message: "Check your email for reset instructions" });
    expect(unknown.res.json()).toEqual(known.res.json());
    expect(known.mails).toHaveLength(1);
    expect(known.mails[0]!.to).toEqual([email]);
    expect(unknown.mails).toHaveLength(0);
  });

  it("takes about the same time whether or not the account exists", async () => {
    const { email } = await register();
    const time = async (address: string) => {
      const start = performance.now();
      await post("/api/auth/forgot-password", { email: address });
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(email));
      unknown.push(await time(uniqueEmail()));
    }
    await t.app.settle();
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // The mail is sent after answering, so no SMTP round trip shows up in the known case.
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(25);
  });

  it("mails a link PUBLIC_URL + base + reset-password?token=…&lang=… in the request's language", async () => {
    const { email } = await register(uniqueEmail(), "secret1-pass", { language: "nl" });
    const en = await requestReset(email, { language: "en" });
    expect(en.mails[0]!.raw).toMatch(/Subject: Reset your password/);
    // The link names its language, so the page opens in English in a browser that has never seen the site.
    expect(resetLink(en.mails[0]!.raw)![0]).toMatch(/^https:\/\/agency\.example\/reset-password\?token=[A-Za-z0-9_-]{43}&lang=en$/);

    const nl = await requestReset(email, { language: "nl", basePath: "/preview/klant/site-1/" });
    expect(nl.mails[0]!.raw).toMatch(/Subject: Stel je wachtwoord opnieuw in/);
    const link = resetLink(nl.mails[0]!.raw)!;
    expect(link[0]).toMatch(/^https:\/\/agency\.example\/preview\/klant\/site-1\/reset-password\?token=[A-Za-z0-9_-]{43}&lang=nl$/);
    // Stored hashed: the token itself is nowhere in the table.
    const { rows } = await t.db.query<{ token_hash: string }>("SELECT token_hash FROM password_resets");
    expect(rows.map((r) => r.token_hash)).toContain(sha256(link[1]!));
    expect(rows.map((r) => r.token_hash)).not.toContain(link[1]);
  });

  it("rejects a base path that is not / or /preview/<a>/<b>/", async () => {
    for (const basePath of ["https://evil.example/", "/preview/a/", "//evil.example/", "/preview/a/b/c/", "/other/"]) {
      const res = await post("/api/auth/forgot-password", { email: uniqueEmail(), basePath });
      expect(res.statusCode, basePath).toBe(400);
      expect(res.json().fields).toEqual(["basePath"]);
    }
  });

  it("verifies, resets once, revokes all sessions and mails a notice", async () => {
    const { email, token: session1 } = await register(uniqueEmail(), "oldpass1", { language: "en" });
    const login2 = await post("/api/auth/login", { email, password: "oldpass1" });
    const session2 = login2.json().token as string;
    const { mails } = await requestReset(email);
    const token = resetLink(mails[0]!.raw)![1]!;

    const verify = await post("/api/auth/verify-reset-token", { token });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ valid: true, email });

    const before = smtp.mails.length;
    const reset = await post("/api/auth/reset-password", { token, newPassword: "newpass1" });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().success).toBe(true);
    await t.app.settle();
    const notice = smtp.mails.slice(before);
    expect(notice).toHaveLength(1);
    expect(notice[0]!.raw).toMatch(/Subject: Your password was changed/);

    for (const s of [session1, session2]) {
      expect((await t.app.inject({ url: "/api/auth/me", headers: { authorization: `Bearer ${s}` } })).statusCode).toBe(401);
    }
    expect((await post("/api/auth/login", { email, password: "oldpass1" })).statusCode).toBe(400);
    expect((await post("/api/auth/login", { email, password: "newpass1" })).statusCode).toBe(200);

    // Single use.
    const again = await post("/api/auth/reset-password", { token, newPassword: "another1" });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatch(/already been used/);
    const verifyUsed = await post("/api/auth/verify-reset-token", { token });
    expect(verifyUsed.statusCode).toBe(400);
    expect(verifyUsed.json()).toEqual({ valid: false, error: expect.stringMatching(/already been used/), code: "auth.reset_used" });
  });

  it("an earlier link stops working once the password was reset with a later one", async () => {
    const { email } = await register();
    const first = resetLink((await requestReset(email)).mails[0]!.raw)![1]!;
    const second = resetLink((await requestReset(email)).mails[0]!.raw)![1]!;
    expect((await post("/api/auth/reset-password", { token: second, newPassword: "newpass1" })).statusCode).toBe(200);
    expect((await post("/api/auth/reset-password", { token: first, newPassword: "newpass2" })).statusCode).toBe(400);
  });

  it("rejects expired and unknown tokens with 400 and a clear message", async () => {
    const { email } = await register();
    const token = resetLink((await requestReset(email)).mails[0]!.raw)![1]!;
    const { rows } = await t.db.query<{ hours: number }>(
      "SELECT round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours FROM password_resets WHERE token_hash = $1",
      [sha256(token)],
    );
    expect(rows[0]!.hours).toBe(24);
    await t.db.query("UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE token_hash = $1", [sha256(token)]);
    const expired = await post("/api/auth/reset-password", { token, newPassword: "newpass1" });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toMatch(/expired/);
    expect((await post("/api/auth/verify-reset-token", { token })).json()).toEqual({ valid: false, error: expect.stringMatching(/expired/), code: "auth.reset_expired" });

    const unknown = await post("/api/auth/reset-password", { token: "made-up-token", newPassword: "newpass1" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe("Invalid or expired reset link");
    const shortPassword = await post("/api/auth/reset-password", { token, newPassword: "123" });
    expect(shortPassword.statusCode).toBe(400);
    expect(shortPassword.json().fields).toEqual(["newPassword"]);
  });
});
