import { buildTestApp, linkToken, nextIp, outboxMailsTo, type TestApp } from "../support/helpers";

/**
 * New-sign-in alerts: a sign-in from a browser the account has not used mails the owner (browser, system and time,
 * in the account's language) with a 'this wasn't me' link. Checking the link changes nothing; confirming it ends every
 * session and hands over a password reset, once, for its own account only.
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

async function register(language: "nl" | "en") {
  const email = `alert-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    headers: { "user-agent": MAC_CHROME },
    payload: { name: "Alex Alert", email, password: PASSWORD, language },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode).toBe(201);
  return { email, token: res.json().token as string, cookie: cookieOf(res) };
}

function login(email: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: "POST", url: "/api/auth/login", headers, payload: { email, password: PASSWORD }, remoteAddress: nextIp() });
}

async function mailsTo(email: string) {
  await t.app.settle();
  return outboxMailsTo(t.dataDir, email).filter((mail) => /secure-account/.test(mail));
}

const me = (token: string) => t.app.inject({ method: "GET", url: "/api/auth/me", headers: { authorization: `Bearer ${token}` } });

it("stays quiet for the registering browser and mails the owner, in their language, about a new one", async () => {
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
  expect(mails[0]).toMatch(/from a device or browser it has not used before: Chrome on macOS, on \w+ \d{1,2}, \d{4}/);
  expect(mails[0]).toMatch(/https:\/\/agency\.example\/secure-account\?token=[\w-]+&lang=en/);

  // That browser is known from now on.
  await login(account.email, { "user-agent": MAC_CHROME, cookie: cookieOf(other) });
  expect(await mailsTo(account.email)).toHaveLength(1);
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

it("checking the link changes nothing; confirming it ends every session and leads to a new password, once", async () => {
  const account = await register("en");
  const second = await login(account.email, { "user-agent": WINDOWS_FIREFOX });
  const token = linkToken(await mailsTo(account.email), "secure-account")!;

  for (let i = 0; i < 2; i++) {
    const check = await t.app.inject({ method: "POST", url: "/api/auth/sign-in-alert-token", payload: { token }, remoteAddress: nextIp() });
    expect(check.json()).toMatchObject({ valid: true, email: account.email, browser: "Firefox", os: "Windows" });
  }
  expect((await me(account.token)).statusCode).toBe(200);
  expect((await me(second.json().token as string)).statusCode).toBe(200);

  const [a, b] = await Promise.all(
    [0, 1].map(() => t.app.inject({ method: "POST", url: "/api/auth/secure-account", payload: { token }, remoteAddress: nextIp() })),
  );
  const statuses = [a!.statusCode, b!.statusCode].sort();
  expect(statuses).toEqual([200, 400]);
  const done = a!.statusCode === 200 ? a! : b!;
  const refused = a!.statusCode === 200 ? b! : a!;
  expect(refused.json().code).toBe("auth.alert_used");
  expect((await me(account.token)).statusCode).toBe(401);
  expect((await me(second.json().token as string)).statusCode).toBe(401);

  const resetToken = done.json().resetToken as string;
  const valid = await t.app.inject({ method: "POST", url: "/api/auth/verify-reset-token", payload: { token: resetToken }, remoteAddress: nextIp() });
  expect(valid.json()).toEqual({ valid: true, email: account.email });
  const again = await t.app.inject({ method: "POST", url: "/api/auth/secure-account", payload: { token }, remoteAddress: nextIp() });
  expect(again.json().code).toBe("auth.alert_used");
  const check = await t.app.inject({ method: "POST", url: "/api/auth/sign-in-alert-token", payload: { token }, remoteAddress: nextIp() });
  expect(check.json().code).toBe("auth.alert_used");
});

it("a link works only for its own account, and not after it expired", async () => {
  const owner = await register("en");
  const bystander = await register("en");
  await login(owner.email);
  await login(bystander.email);
  const ownerToken = linkToken(await mailsTo(owner.email), "secure-account")!;
  const bystanderToken = linkToken(await mailsTo(bystander.email), "secure-account")!;

  const used = await t.app.inject({ method: "POST", url: "/api/auth/secure-account", payload: { token: ownerToken }, remoteAddress: nextIp() });
  const reset = used.json().resetToken as string;
  expect((await t.app.inject({ method: "POST", url: "/api/auth/verify-reset-token", payload: { token: reset } })).json().email).toBe(owner.email);
  expect((await me(owner.token)).statusCode).toBe(401);
  expect((await me(bystander.token)).statusCode).toBe(200);

  const unknown = await t.app.inject({ method: "POST", url: "/api/auth/secure-account", payload: { token: "not-a-real-token" }, remoteAddress: nextIp() });
  expect(unknown.json().code).toBe("auth.alert_invalid");
  await t.db.query("UPDATE sign_in_alerts SET expires_at = now() - interval '1 second' WHERE used_at IS NULL");
  const expired = await t.app.inject({ method: "POST", url: "/api/auth/secure-account", payload: { token: bystanderToken }, remoteAddress: nextIp() });
  expect(expired.json().code).toBe("auth.alert_expired");
  expect((await me(bystander.token)).statusCode).toBe(200);
});
