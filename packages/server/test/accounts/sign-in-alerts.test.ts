import { buildTestApp, linkToken, nextIp, outboxMailsTo, type TestApp } from "../support/helpers";

/**
 * New-sign-in alerts: a sign-in from a browser the account has not used mails the owner (browser, system and time,
 * in the account's language) with a 'this wasn't me' link. A browser is remembered only once the address is proven.
 * Checking the link changes nothing; confirming it ends every session, locks the password and mails a reset link to
 * the account's address, once, for its own account only; a new password ends every such link.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: "https://agency.example" } });
});
afterAll(() => t?.close());

const PASSWORD = "secret1-pass-alert";
const MAC_CHROME = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const WINDOWS_FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers["set-cookie"]).split(";")[0]!;

/** A new account; `proven`: its verification link was followed in the registering browser (with its device cookie). */
async function register(language: "nl" | "en", { proven = true }: { proven?: boolean } = {}) {
  const email = `alert-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    headers: { "user-agent": MAC_CHROME },
    payload: { name: "Alex Alert", email, password: PASSWORD, language },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode).toBe(201);
  const account = { email, token: res.json().token as string, cookie: cookieOf(res) };
  if (proven) {
    await t.app.settle();
    const token = linkToken(outboxMailsTo(t.dataDir, email), "verify-email");
    const verified = await t.app.inject({
      method: "POST",
      url: "/api/auth/verify-email",
      headers: { "user-agent": MAC_CHROME, cookie: account.cookie },
      payload: { token },
      remoteAddress: nextIp(),
    });
    expect(verified.statusCode, verified.body).toBe(200);
  }
  return account;
}

function login(email: string, headers: Record<string, string> = {}, password = PASSWORD) {
  return t.app.inject({ method: "POST", url: "/api/auth/login", headers, payload: { email, password }, remoteAddress: nextIp() });
}

async function mailsTo(email: string) {
  await t.app.settle();
  return outboxMailsTo(t.dataDir, email).filter((mail) => /secure-account/.test(mail));
}

const me = (token: string) => t.app.inject({ method: "GET", url: "/api/auth/me", headers: { authorization: `Bearer ${token}` } });
const secure = (token: string) => t.app.inject({ method: "POST", url: "/api/auth/secure-account", payload: { token }, remoteAddress: nextIp() });

/** The reset link mailed by a confirmed 'this wasn't me', as its token. */
async function mailedResetToken(email: string): Promise<string | undefined> {
  await t.app.settle();
  return linkToken(outboxMailsTo(t.dataDir, email).filter((mail) => /Subject: Choose a new password|Subject: Kies een nieuw wachtwoord/.test(mail)), "reset-password");
}

it("stays quiet for the browser that proved the address and mails the owner, in their language, about a new one", async () => {
  const account = await register("en");
  const same = await login(account.email, { "user-agent": MAC_CHROME, cookie: account.cookie });
  expect(same.statusCode).toBe(200);
  expect(await mailsTo(account.email)).toHaveLength(0);

  // The same user agent without the device cookie is another browser: the user agent alone proves nothing.
  const other = await login(account.email, { "user-agent": MAC_CHROME });
  expect(other.statusCode).toBe(200);
  const mails = await mailsTo(account.email);
  expect(mails).toHaveLength(1);
  expect(mails[0]).toMatch(/Subject: New sign-in to your account/);
  expect(mails[0]).toMatch(/^Hello Alex Alert,$/m);
  expect(mails[0]).toMatch(/from a device or browser it has not used before: Chrome on macOS, on \w+ \d{1,2}, \d{4}/);
  expect(mails[0]).toMatch(/https:\/\/agency\.example\/secure-account\?token=[\w-]+&lang=en/);

  // That browser is known from now on.
  await login(account.email, { "user-agent": MAC_CHROME, cookie: cookieOf(other) });
  expect(await mailsTo(account.email)).toHaveLength(1);
});

it("remembers no browser while nobody has proven the address: each sign-in alerts, and greets without the typed name", async () => {
  // Whoever registers an address that is not theirs must not have their browser trusted by the account.
  const planted = await register("en", { proven: false });
  for (let i = 0; i < 2; i++) expect((await login(planted.email, { "user-agent": MAC_CHROME, cookie: planted.cookie })).statusCode).toBe(200);
  const mails = await mailsTo(planted.email);
  expect(mails).toHaveLength(2);
  expect(mails[0]).toMatch(/^Hello,$/m);
  expect(mails.join("\n")).not.toContain("Alex Alert");
});

it("writes the alert in Dutch for a Dutch account", async () => {
  const account = await register("nl");
  await login(account.email, { "user-agent": WINDOWS_FIREFOX });
  const [mail] = await mailsTo(account.email);
  expect(mail).toMatch(/Subject: Nieuwe aanmelding bij je account/);
  expect(mail).toMatch(/Firefox op Windows/);
  expect(mail).toMatch(/secure-account\?token=[\w-]+&lang=nl/);
});

it("mails once when a new browser signs in twice at once", async () => {
  const account = await register("en");
  const cookie = "agency_device=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
  await Promise.all([login(account.email, { cookie }), login(account.email, { cookie })]);
  expect(await mailsTo(account.email)).toHaveLength(1);
});

it("checking the link changes nothing; confirming it ends every session, locks the password and mails a reset link, once", async () => {
  const account = await register("en");
  const second = await login(account.email, { "user-agent": WINDOWS_FIREFOX });
  const token = linkToken(await mailsTo(account.email), "secure-account")!;

  for (let i = 0; i < 2; i++) {
    const check = await t.app.inject({ method: "POST", url: "/api/auth/sign-in-alert-token", payload: { token }, remoteAddress: nextIp() });
    expect(check.json()).toMatchObject({ valid: true, email: account.email, kind: "sign_in", browser: "Firefox", os: "Windows" });
  }
  expect((await me(account.token)).statusCode).toBe(200);
  expect((await me(second.json().token as string)).statusCode).toBe(200);

  const [a, b] = await Promise.all([0, 1].map(() => secure(token)));
  const statuses = [a!.statusCode, b!.statusCode].sort();
  expect(statuses).toEqual([200, 400]);
  const done = a!.statusCode === 200 ? a! : b!;
  const refused = a!.statusCode === 200 ? b! : a!;
  expect(refused.json().code).toBe("auth.alert_used");
  // Whoever holds the link gets no way in: the answer carries no reset token, the reset link goes to the mailbox.
  expect(done.json()).toEqual({ success: true, message: expect.stringContaining("mailed you a link") });
  expect((await me(account.token)).statusCode).toBe(401);
  expect((await me(second.json().token as string)).statusCode).toBe(401);
  // The old password, which someone else knows, no longer signs in.
  expect((await login(account.email)).json().code).toBe("auth.invalid_credentials");

  const resetToken = (await mailedResetToken(account.email))!;
  const valid = await t.app.inject({ method: "POST", url: "/api/auth/verify-reset-token", payload: { token: resetToken }, remoteAddress: nextIp() });
  expect(valid.json()).toEqual({ valid: true, email: account.email });
  expect((await secure(token)).json().code).toBe("auth.alert_used");
  const check = await t.app.inject({ method: "POST", url: "/api/auth/sign-in-alert-token", payload: { token }, remoteAddress: nextIp() });
  expect(check.json().code).toBe("auth.alert_used");
});

it("every 'this wasn't me' link dies when the password is changed in the settings, and when it is reset", async () => {
  const changed = await register("en");
  await login(changed.email, { "user-agent": WINDOWS_FIREFOX });
  const before = linkToken(await mailsTo(changed.email), "secure-account")!;
  const change = await t.app.inject({
    method: "POST",
    url: "/api/account/password",
    headers: { authorization: `Bearer ${changed.token}` },
    payload: { currentPassword: PASSWORD, newPassword: "a-brand-new-pass-9" },
  });
  expect(change.statusCode).toBe(200);
  expect((await secure(before)).json().code).toBe("auth.alert_used");

  const reset = await register("en");
  await login(reset.email, { "user-agent": WINDOWS_FIREFOX });
  const old = linkToken(await mailsTo(reset.email), "secure-account")!;
  expect((await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: reset.email }, remoteAddress: nextIp() })).statusCode).toBe(200);
  await t.app.settle();
  const resetToken = linkToken(outboxMailsTo(t.dataDir, reset.email), "reset-password");
  const done = await t.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token: resetToken, newPassword: "another-new-pass-9" }, remoteAddress: nextIp() });
  expect(done.statusCode).toBe(200);
  expect((await secure(old)).json().code).toBe("auth.alert_used");
  expect((await login(reset.email, {}, "another-new-pass-9")).statusCode).toBe(200);
});

it("a link works only for its own account, and not after it expired", async () => {
  const owner = await register("en");
  const bystander = await register("en");
  await login(owner.email);
  await login(bystander.email);
  const ownerToken = linkToken(await mailsTo(owner.email), "secure-account")!;
  const bystanderToken = linkToken(await mailsTo(bystander.email), "secure-account")!;

  expect((await secure(ownerToken)).statusCode).toBe(200);
  const reset = (await mailedResetToken(owner.email))!;
  expect((await t.app.inject({ method: "POST", url: "/api/auth/verify-reset-token", payload: { token: reset } })).json().email).toBe(owner.email);
  expect(await mailedResetToken(bystander.email)).toBeUndefined();
  expect((await me(owner.token)).statusCode).toBe(401);
  expect((await me(bystander.token)).statusCode).toBe(200);

  expect((await secure("not-a-real-token")).json().code).toBe("auth.alert_invalid");
  await t.db.query("UPDATE sign_in_alerts SET expires_at = now() - interval '1 second' WHERE used_at IS NULL");
  expect((await secure(bystanderToken)).json().code).toBe("auth.alert_expired");
  expect((await me(bystander.token)).statusCode).toBe(200);
});
