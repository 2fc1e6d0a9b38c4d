import { buildTestApp, linkToken, nextIp, type TestApp } from "../../../support/helpers";
import { mailText, startSmtp } from "../../../support/smtp";
import { deviceOf } from "../../../../src/sessions/device";

/**
 * What a signed-in user manages on the settings page: the name, the password (the current one asked for; this device
 * stays signed in, the others end, a notice is mailed), the e-mail address (it changes only when the link sent to the
 * new address is followed; the old address gets a notice; nobody learns whether an address has an account), and the
 * signed-in devices.
 */

const SITE = "https://agency.example";
const PASSWORD = "secret1-pass";
const CHROME_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: SITE, LOGIN_RATE_LIMIT_ACCOUNT: "3" } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let seq = 0;
const uniqueEmail = (prefix = "settings") => `${prefix}${++seq}-${Date.now()}@example.com`;

function call(method: "GET" | "POST" | "PATCH" | "DELETE", url: string, headers: Record<string, string>, payload?: object, ip = nextIp()) {
  return t.app.inject({ method, url, headers, remoteAddress: ip, ...(payload ? { payload } : {}) });
}

async function signUp(userAgent = CHROME_MAC, language: "nl" | "en" = "en") {
  const email = uniqueEmail();
  const res = await call("POST", "/api/auth/register", { "user-agent": userAgent }, { name: "Sam Setting", email, password: PASSWORD, language });
  expect(res.statusCode).toBe(201);
  const { token, user } = res.json() as { token: string; user: { id: string } };
  return { email, id: user.id, token, headers: { authorization: `Bearer ${token}` } };
}

async function logIn(email: string, password = PASSWORD, userAgent = SAFARI_IPHONE) {
  const res = await call("POST", "/api/auth/login", { "user-agent": userAgent }, { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().token as string}` };
}

async function mailsTo(to: string, from: number): Promise<string[]> {
  await t.app.settle();
  return smtp.mails.slice(from).filter((m) => m.to.includes(to)).map((m) => mailText(m.raw));
}

const status = async (headers: Record<string, string>) => (await call("GET", "/api/auth/me", headers)).statusCode;

describe("name", () => {
  it("is changed and answered as the user now is", async () => {
    const user = await signUp();
    const res = await call("PATCH", "/api/account/profile", user.headers, { name: "  Sam Renamed " });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, name: "Sam Renamed", email: user.email });
    expect((await call("GET", "/api/auth/me", user.headers)).json().user.name).toBe("Sam Renamed");
    const blank = await call("PATCH", "/api/account/profile", user.headers, { name: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual(["name"]);
    expect((await call("PATCH", "/api/account/profile", {}, { name: "Nobody" })).statusCode).toBe(401);
  });
});

describe("password", () => {
  it("needs the current one; keeps this device, ends the others, stops reset links and mails a notice", async () => {
    const user = await signUp();
    const phone = await logIn(user.email);
    await call("POST", "/api/auth/forgot-password", {}, { email: user.email });
    await t.app.settle();
    const before = smtp.mails.length;
    const resetToken = linkToken(smtp.mails.slice(0).filter((m) => m.to.includes(user.email)).map((m) => mailText(m.raw)), "reset-password")!;

    const wrong = await call("POST", "/api/account/password", { ...user.headers, "accept-language": "nl" }, { currentPassword: "nope", newPassword: "new-secret-9" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: "Het wachtwoord klopt niet.", code: "account.wrong_password", fields: ["currentPassword"] });
    const common = await call("POST", "/api/account/password", user.headers, { currentPassword: PASSWORD, newPassword: "password1" });
    expect(common.json()).toMatchObject({ code: "auth.common_password", fields: ["newPassword"] });

    const res = await call("POST", "/api/account/password", user.headers, { currentPassword: PASSWORD, newPassword: "new-secret-9" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Your password has been changed. Every other device has been logged out." });
    expect(await status(user.headers)).toBe(200);
    expect(await status(phone)).toBe(401);
    expect((await call("POST", "/api/auth/login", {}, { email: user.email, password: PASSWORD })).statusCode).toBe(400);
    await logIn(user.email, "new-secret-9");
    expect((await call("POST", "/api/auth/reset-password", {}, { token: resetToken, newPassword: "another-one-7" })).json().code).toBe("auth.reset_used");

    // The login with the new password came from a browser the account had not seen (no device cookie): its alert
    // is the other mail.
    const mails = await mailsTo(user.email, before);
    expect(mails.filter((m) => /^Subject: New sign-in to your account$/m.test(m))).toHaveLength(1);
    const notices = mails.filter((m) => !/^Subject: New sign-in to your account$/m.test(m));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^Subject: Your password was changed$/m);
    expect(notices[0]).toMatch(/every other device/);
  });

  it("limits wrong current passwords per account, like logins", async () => {
    const user = await signUp();
    for (let i = 0; i < 3; i++) {
      expect((await call("POST", "/api/account/password", user.headers, { currentPassword: `wrong-${i}`, newPassword: "new-secret-9" })).statusCode).toBe(400);
    }
    const limited = await call("POST", "/api/account/password", user.headers, { currentPassword: PASSWORD, newPassword: "new-secret-9" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: "account.too_many_attempts", retryAfter: expect.any(Number) });
  });
});

describe("e-mail address", () => {
  it("changes only when the link sent to the new address is followed; then it is verified and the old one gets a notice", async () => {
    const user = await signUp();
    await t.app.settle();
    const newEmail = uniqueEmail("moved");
    const before = smtp.mails.length;
    const res = await call("POST", "/api/account/email", user.headers, { newEmail: ` ${newEmail.toUpperCase()} `, password: PASSWORD, language: "nl" });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`We hebben een link gestuurd naar ${newEmail}. Je adres verandert zodra je die volgt; tot die tijd houdt je account zijn huidige adres.`);

    // Until the link is followed nothing changes: the old address still logs in, the new one does not.
    expect((await call("GET", "/api/auth/me", user.headers)).json().user).toMatchObject({ email: user.email, pending_email: newEmail });
    expect((await call("POST", "/api/auth/login", {}, { email: newEmail, password: PASSWORD })).statusCode).toBe(400);
    const [link] = await mailsTo(newEmail, before);
    expect(link).toMatch(/^Subject: Bevestig je nieuwe e-mailadres$/m);
    expect(await mailsTo(user.email, before)).toEqual([]);

    const verified = await call("POST", "/api/auth/verify-email", {}, { token: linkToken(link!, "verify-email")! });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().email).toBe(newEmail);
    expect((await call("GET", "/api/auth/me", user.headers)).json().user).toMatchObject({ email: newEmail, email_verified: true, pending_email: null });
    await logIn(newEmail);
    expect((await call("POST", "/api/auth/login", {}, { email: user.email, password: PASSWORD })).statusCode).toBe(400);

    const notices = await mailsTo(user.email, before);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^Subject: The e-mail address of your account was changed$/m);
    expect(notices[0]).toContain(newEmail);
    // The old address is free for someone else now.
    expect((await call("POST", "/api/auth/register", {}, { name: "Next", email: user.email, password: PASSWORD })).statusCode).toBe(201);
  });

  it("answers the same for an address another account has: that address gets a notice, never a link, and nothing changes", async () => {
    const owner = await signUp();
    const other = await signUp();
    await t.app.settle();
    const free = uniqueEmail("free");
    const before = smtp.mails.length;
    const taken = await call("POST", "/api/account/email", other.headers, { newEmail: owner.email, password: PASSWORD });
    const open = await call("POST", "/api/account/email", other.headers, { newEmail: free, password: PASSWORD });
    expect(taken.statusCode).toBe(200);
    expect(open.statusCode).toBe(200);
    expect(taken.json().message.replace(owner.email, "X")).toBe(open.json().message.replace(free, "X"));

    const toOwner = await mailsTo(owner.email, before);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]).toMatch(/^Subject: Someone tried to use your e-mail address$/m);
    expect(linkToken(toOwner, "verify-email")).toBeUndefined();
    expect((await call("GET", "/api/auth/me", other.headers)).json().user).toMatchObject({ email: other.email, pending_email: free });
    expect((await call("GET", "/api/auth/me", owner.headers)).json().user.email).toBe(owner.email);
  });

  it("cannot take an address that another account got after the link was sent", async () => {
    const user = await signUp();
    await t.app.settle();
    const wanted = uniqueEmail("wanted");
    const before = smtp.mails.length;
    await call("POST", "/api/account/email", user.headers, { newEmail: wanted, password: PASSWORD });
    const token = linkToken(await mailsTo(wanted, before), "verify-email")!;
    expect((await call("POST", "/api/auth/register", {}, { name: "Quick", email: wanted, password: PASSWORD })).statusCode).toBe(201);
    const res = await call("POST", "/api/auth/verify-email", {}, { token });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("auth.email_taken");
    expect((await call("GET", "/api/auth/me", user.headers)).json().user.email).toBe(user.email);
  });

  it("needs the password, refuses the current address, and a newer request replaces the older link", async () => {
    const user = await signUp();
    await t.app.settle();
    expect((await call("POST", "/api/account/email", user.headers, { newEmail: uniqueEmail(), password: "wrong" })).json().code).toBe("account.wrong_password");
    const same = await call("POST", "/api/account/email", user.headers, { newEmail: user.email, password: PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ code: "account.same_email", fields: ["newEmail"] });

    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    const before = smtp.mails.length;
    await call("POST", "/api/account/email", user.headers, { newEmail: first, password: PASSWORD });
    await call("POST", "/api/account/email", user.headers, { newEmail: second, password: PASSWORD });
    const old = linkToken(await mailsTo(first, before), "verify-email")!;
    expect((await call("POST", "/api/auth/verify-email", {}, { token: old })).json().code).toBe("auth.verify_used");
    expect((await call("GET", "/api/auth/me", user.headers)).json().user).toMatchObject({ email: user.email, pending_email: second });
  });

  it("mails at most 5 change requests per account per hour", async () => {
    const user = await signUp();
    for (let i = 0; i < 5; i++) expect((await call("POST", "/api/account/email", user.headers, { newEmail: uniqueEmail(), password: PASSWORD })).statusCode).toBe(200);
    const limited = await call("POST", "/api/account/email", user.headers, { newEmail: uniqueEmail(), password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("account.too_many_mails");
  });
});

describe("signed-in devices", () => {
  it("lists each device by browser and system, this one first and marked, with its last use; no address is kept", async () => {
    const user = await signUp(CHROME_MAC);
    await logIn(user.email, PASSWORD, SAFARI_IPHONE);
    await logIn(user.email, PASSWORD, FIREFOX_WINDOWS);
    const res = await call("GET", "/api/account/sessions", user.headers);
    expect(res.statusCode).toBe(200);
    const { sessions } = res.json() as { sessions: { id: string; browser: string; os: string; current: boolean; last_used_at: string }[] };
    expect(sessions.map((s) => [s.browser, s.os, s.current])).toEqual([
      ["Chrome", "macOS", true],
      expect.arrayContaining([expect.any(String)]),
      expect.arrayContaining([expect.any(String)]),
    ]);
    expect(sessions.slice(1).map((s) => `${s.browser} on ${s.os}`).sort()).toEqual(["Firefox on Windows", "Safari on iOS"]);
    expect(Date.now() - Date.parse(sessions[0]!.last_used_at)).toBeLessThan(5 * 60_000);
    const columns = await t.db.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'sessions' AND table_schema = current_schema()",
    );
    expect(columns.rows.map((c) => c.column_name).sort()).toEqual(["browser", "created_at", "device_hash", "expires_at", "id", "last_seen_at", "os", "token_hash", "user_id"]);
  });

  it("signs out everywhere else, and one device at a time; never another account's", async () => {
    const user = await signUp();
    const phone = await logIn(user.email);
    const laptop = await logIn(user.email, PASSWORD, FIREFOX_WINDOWS);
    const stranger = await signUp();

    const { sessions } = (await call("GET", "/api/account/sessions", user.headers)).json() as { sessions: { id: string; current: boolean }[] };
    const laptopId = sessions.find((s) => !s.current)!.id;
    expect((await call("DELETE", `/api/account/sessions/${laptopId}`, stranger.headers)).statusCode).toBe(404);
    expect((await call("DELETE", "/api/account/sessions/not-a-uuid", user.headers)).statusCode).toBe(400);

    const one = await call("DELETE", `/api/account/sessions/${laptopId}`, user.headers);
    expect(one.statusCode).toBe(200);
    expect([await status(phone), await status(laptop)].sort()).toEqual([200, 401]);
    expect((await call("DELETE", `/api/account/sessions/${laptopId}`, user.headers)).json().code).toBe("account.session_not_found");

    await logIn(user.email);
    const rest = await call("DELETE", "/api/account/sessions", { ...user.headers, "accept-language": "nl" });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toEqual({ success: true, message: "2 andere apparaten zijn uitgelogd.", revoked: 2 });
    expect(await status(user.headers)).toBe(200);
    expect(await status(phone)).toBe(401);
    expect(await status(stranger.headers)).toBe(200);
    expect((await call("GET", "/api/account/sessions", user.headers)).json().sessions).toHaveLength(1);
  });
});

describe("how many devices an account keeps", () => {
  const live = async (userId: string) =>
    (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM sessions WHERE user_id = $1", [userId])).rows[0]!.n;

  it("keeps at most 50: a new sign-in ends the session unused the longest, the devices in use stay", async () => {
    const user = await signUp();
    const first = await logIn(user.email);
    // Sessions as a script that signs in again and again leaves them (the same call a login makes), each older than the next.
    for (let i = 0; i < 60; i++) {
      await t.app.sessions.create(user.id);
      await t.db.query("UPDATE sessions SET last_seen_at = last_seen_at - interval '1 second' WHERE user_id = $1", [user.id]);
    }
    expect(await live(user.id)).toBe(50);
    // The two sessions first made are the longest unused: they ended.
    expect(await status(first)).toBe(401);
    expect(await status(user.headers)).toBe(401);
    const newest = await logIn(user.email);
    expect(await live(user.id)).toBe(50);
    expect(await status(newest)).toBe(200);
  });

  it("stays at 50 when many sign-ins arrive at once", async () => {
    const user = await signUp();
    for (let i = 0; i < 45; i++) await t.app.sessions.create(user.id);
    await Promise.all(Array.from({ length: 12 }, () => t.app.sessions.create(user.id)));
    expect(await live(user.id)).toBe(50);
  });

  it("lists them in pages of 10, this device first, with the total", async () => {
    const user = await signUp();
    for (let i = 0; i < 22; i++) await t.app.sessions.create(user.id);
    const page = async (n: number) => (await call("GET", `/api/account/sessions?page=${n}`, user.headers)).json();
    const one = await page(1);
    expect(one).toMatchObject({ page: 1, pages: 3, total: 23 });
    expect(one.sessions).toHaveLength(10);
    expect(one.sessions[0].current).toBe(true);
    const three = await page(3);
    expect(three.sessions).toHaveLength(3);
    const ids = new Set([...one.sessions, ...(await page(2)).sessions, ...three.sessions].map((s: { id: string }) => s.id));
    expect(ids.size).toBe(23);
    expect((await page(4)).sessions).toEqual([]);
    expect((await call("GET", "/api/account/sessions?page=0", user.headers)).statusCode).toBe(400);
  });
});

describe("device names", () => {
  it.each([
    [CHROME_MAC, "Chrome", "macOS"],
    [SAFARI_IPHONE, "Safari", "iOS"],
    [FIREFOX_WINDOWS, "Firefox", "Windows"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", "Edge", "Windows"],
    ["Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36", "Samsung Internet", "Android"],
    ["Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1", "Chrome", "iPadOS"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0", "Opera", "Linux"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36", "Chrome", "Linux"],
    ["curl/8.5.0", null, null],
  ])("%s", (ua, browser, os) => {
    expect(deviceOf(ua)).toEqual({ browser, os });
  });
});
