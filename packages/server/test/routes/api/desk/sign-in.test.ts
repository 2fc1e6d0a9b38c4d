import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECOVERY_CODE_COUNT } from "@agency/contract";
import { base32Encode } from "../../../../src/auth-factors/base32";
import { matchTotp, otpauthUrl, totpCode, totpStep } from "../../../../src/auth-factors/totp";
import { hashRecoveryCode, newRecoveryCodes } from "../../../../src/auth-factors/recovery-codes";
import { buildTestApp, nextIp, type TestApp } from "../../../support/helpers";
import { STAFF_PASSWORD, auditEntries, deskLogin, freshCode, invitedStaff, makeStaff, signedInStaff } from "../../../support/desk-helpers";

/** Staff sign-in: enrolment from the link, the password with a second factor, sessions that end, customers kept out. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { LOGIN_RATE_LIMIT_ACCOUNT: "5", LOGIN_RATE_LIMIT_IP: "50" } });
}, 180_000);
afterAll(async () => t?.close());

describe("TOTP (RFC 6238) and recovery codes", () => {
  const secret = base32Encode(Buffer.from("12345678901234567890"));
  it("matches the RFC 6238 SHA-1 test vectors (the last 6 digits)", () => {
    expect(totpCode(secret, Math.floor(59 / 30))).toBe("287082");
    expect(totpCode(secret, Math.floor(1111111109 / 30))).toBe("081804");
    expect(totpCode(secret, Math.floor(1234567890 / 30))).toBe("005924");
    expect(totpCode(secret, Math.floor(2000000000 / 30))).toBe("279037");
  });

  it("accepts one step either side, not two, and never a step at or before the last one used", () => {
    const at = 1_700_000_000_000;
    const now = totpStep(at);
    expect(matchTotp(secret, totpCode(secret, now - 1), { at })).toBe(now - 1);
    expect(matchTotp(secret, totpCode(secret, now + 1), { at })).toBe(now + 1);
    expect(matchTotp(secret, totpCode(secret, now - 2), { at })).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now), { at, after: now })).toBeNull();
    expect(matchTotp(secret, "12345", { at })).toBeNull();
  });

  it("makes an otpauth address and ten distinct recovery codes stored only as hashes", () => {
    expect(otpauthUrl({ issuer: "Agency desk", account: "a@b.nl", secret: "ABC" })).toBe(
      "otpauth://totp/Agency%20desk:a%40b.nl?secret=ABC&issuer=Agency+desk&algorithm=SHA1&digits=6&period=30",
    );
    const { codes, hashes } = newRecoveryCodes(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    expect(hashRecoveryCode(codes[0]!.toLowerCase().replace(/-/g, " "))).toBe(hashes[0]);
  });
});

describe("enrolment", () => {
  const enrol = (token: string, code: string, password = STAFF_PASSWORD) =>
    t.app.inject({ method: "POST", url: "/api/desk/enrolment", payload: { token, password, code }, remoteAddress: nextIp() });

  it("shows the secret, takes the password and a code, hands out 10 recovery codes once; the link then is dead", async () => {
    const { token, email } = await invitedStaff(t, "admin");
    const shown = await t.app.inject({ url: `/api/desk/enrolment?token=${token}` });
    expect(shown.statusCode).toBe(200);
    const { totpSecret, otpauthUrl: url } = shown.json();
    expect(shown.json().email).toBe(email);
    expect(url).toContain(`secret=${totpSecret}`);
    // The same secret every time the page is opened, until the link is used.
    expect((await t.app.inject({ url: `/api/desk/enrolment?token=${token}` })).json().totpSecret).toBe(totpSecret);

    expect((await enrol(token, "000000")).json().code).toBe("desk.code_invalid");
    expect((await enrol(token, totpCode(totpSecret, totpStep()), "password")).json().code).toBe("auth.common_password");
    const done = await enrol(token, totpCode(totpSecret, totpStep()));
    expect(done.statusCode).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);

    expect((await enrol(token, totpCode(totpSecret, totpStep() + 1))).json().code).toBe("desk.enrolment_used");
    expect((await t.app.inject({ url: `/api/desk/enrolment?token=${token}` })).json().code).toBe("desk.enrolment_used");
    expect((await t.app.inject({ url: "/api/desk/enrolment?token=nonsense" })).json().code).toBe("desk.enrolment_invalid");

    // Signed in with the new password and the next code; the code used for enrolment is spent.
    expect((await deskLogin(t, { email, password: STAFF_PASSWORD, code: totpCode(totpSecret, totpStep()) })).json().code).toBe("desk.sign_in_failed");
    const login = await deskLogin(t, { email, password: STAFF_PASSWORD, code: totpCode(totpSecret, totpStep() + 1) });
    expect(login.statusCode).toBe(200);
    expect(await auditEntries(t, "staff.enrol")).toContainEqual(expect.objectContaining({ actor: email }));
  });

  it("uses a link once also when it is sent twice at the same moment", async () => {
    const { token } = await invitedStaff(t);
    const { totpSecret } = (await t.app.inject({ url: `/api/desk/enrolment?token=${token}` })).json();
    const code = totpCode(totpSecret, totpStep());
    const answers = await Promise.all([enrol(token, code), enrol(token, code), enrol(token, code)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    expect(answers.filter((a) => a.statusCode === 400).map((a) => a.json().code)).toEqual(["desk.enrolment_used", "desk.enrolment_used"]);
  });

  it("refuses a link older than 24 hours", async () => {
    const { token, id } = await invitedStaff(t);
    await t.db.query("UPDATE staff_enrolments SET expires_at = now() - interval '1 second' WHERE staff_id = $1", [id]);
    expect((await t.app.inject({ url: `/api/desk/enrolment?token=${token}` })).json().code).toBe("desk.enrolment_expired");
    expect((await enrol(token, "123456")).json().code).toBe("desk.enrolment_expired");
  });
});

describe("sign-in", () => {
  it("needs the password and a current code, and answers one error for any of them missing or wrong, each audited", async () => {
    const staff = await makeStaff(t, "staff");
    const wrongPassword = await deskLogin(t, { email: staff.email, password: "wrong-password", code: await freshCode(t, staff.id, staff.secret) });
    const none = await deskLogin(t, { email: staff.email, password: STAFF_PASSWORD });
    const wrongCode = await deskLogin(t, { email: staff.email, password: STAFF_PASSWORD, code: "000000" });
    const nobody = await deskLogin(t, { email: "nobody@agency.example", password: STAFF_PASSWORD, code: "000000" });
    // Nothing tells a guesser that the password was right before the code.
    for (const res of [wrongPassword, none, wrongCode, nobody]) {
      expect([res.statusCode, res.json().code, res.json().error]).toEqual([400, "desk.sign_in_failed", wrongPassword.json().error]);
    }
    const failures = await auditEntries(t, "desk.sign_in_failed");
    expect(failures.filter((e) => e.actor === staff.email).map((e) => e.detail.reason)).toEqual(["password", "code", "code"]);
    expect(failures).toContainEqual(expect.objectContaining({ actor: "nobody@agency.example", target: null, detail: { reason: "password" } }));
    expect(failures.every((e) => e.ip !== "")).toBe(true);

    const code = await freshCode(t, staff.id, staff.secret);
    const ok = await deskLogin(t, { email: staff.email, password: STAFF_PASSWORD, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toMatch(/^desk_/);
    // The same code again, even at once: refused.
    expect((await deskLogin(t, { email: staff.email, password: STAFF_PASSWORD, code })).json().code).toBe("desk.sign_in_failed");
    const signIns = await auditEntries(t, "desk.sign_in");
    expect(signIns).toContainEqual(expect.objectContaining({ actor: staff.email, detail: { factor: "totp" } }));
    expect(signIns.at(-1)!.ip).not.toBe("");
  });

  it("takes an unused recovery code once in place of the code", async () => {
    const staff = await makeStaff(t, "staff");
    const { codes, hashes } = newRecoveryCodes(10);
    await t.db.query("INSERT INTO staff_recovery_codes (staff_id, code_hash) SELECT $1, unnest($2::text[])", [staff.id, hashes]);
    const body = { email: staff.email, password: STAFF_PASSWORD, code: codes[3]!.toLowerCase() };
    const [first, second] = await Promise.all([deskLogin(t, body), deskLogin(t, body)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    expect((await deskLogin(t, body)).json().code).toBe("desk.sign_in_failed");
    expect((await deskLogin(t, { ...body, code: codes[4] })).statusCode).toBe(200);
  });

  it("limits wrong codes like wrong passwords", async () => {
    const staff = await makeStaff(t, "staff");
    const ip = nextIp();
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await deskLogin(t, { email: staff.email, password: STAFF_PASSWORD, code: "000000" }, ip)).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
    const blocked = await deskLogin(t, { email: staff.email, password: STAFF_PASSWORD, code: await freshCode(t, staff.id, staff.secret) }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe("auth.too_many_attempts");
  });
});

describe("who opens the desk", () => {
  const deskCalls = [
    ["GET", "/api/desk/me"],
    ["POST", "/api/desk/logout"],
    ["GET", "/api/desk/leads"],
    ["GET", "/api/desk/leads.csv"],
    ["GET", "/api/desk/leads/1"],
    ["PATCH", "/api/desk/leads/1"],
    ["POST", "/api/desk/leads/1/release"],
    ["GET", "/api/desk/customers"],
    ["GET", "/api/desk/customers/00000000-0000-4000-8000-000000000000"],
    ["POST", "/api/desk/customers/00000000-0000-4000-8000-000000000000/resend-verification"],
    ["POST", "/api/desk/customers/00000000-0000-4000-8000-000000000000/cancel-subscription"],
    ["DELETE", "/api/desk/customers/00000000-0000-4000-8000-000000000000"],
    ["GET", "/api/desk/audit"],
    ["GET", "/api/desk/staff"],
    ["POST", "/api/desk/staff"],
    ["DELETE", "/api/desk/staff/00000000-0000-4000-8000-000000000000"],
  ] as const;

  it("answers every call but enrolment and login 401 without a staff session, and 403 to a customer, in their language", async () => {
    const reg = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { name: "Klant", email: `klant-${Date.now()}@example.com`, password: "klant-pass-2024", language: "nl" },
      remoteAddress: nextIp(),
    });
    const customer = { authorization: `Bearer ${reg.json().token}` };
    for (const [method, url] of deskCalls) {
      const payload = method === "GET" || method === "DELETE" ? undefined : {};
      const none = await t.app.inject({ method, url, payload });
      expect([url, none.statusCode, none.json().code]).toEqual([url, 401, "auth.required"]);
      const forged = await t.app.inject({ method, url, payload, headers: { authorization: "Bearer desk_forged-token-of-enough-length-000000" } });
      expect([url, forged.statusCode]).toEqual([url, 401]);
      const refused = await t.app.inject({ method, url, payload, headers: customer });
      expect([url, refused.statusCode, refused.json().code]).toEqual([url, 403, "desk.forbidden"]);
    }
    const dutch = await t.app.inject({ url: "/api/desk/leads", headers: customer });
    expect(dutch.json().error).toMatch(/alleen voor medewerkers/);
  });

  it("tells who is signed in, and signs out", async () => {
    const staff = await signedInStaff(t, "admin");
    const me = await t.app.inject({ url: "/api/desk/me", headers: staff.headers });
    expect(me.json().staff).toMatchObject({ email: staff.email, role: "admin", enrolled: true });
    expect((await t.app.inject({ method: "POST", url: "/api/desk/logout", headers: staff.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/desk/me", headers: staff.headers })).statusCode).toBe(401);
  });

  it("ends a session after 30 minutes without use, and 12 hours after sign-in however busy", async () => {
    const idle = await signedInStaff(t, "staff");
    await t.db.query("UPDATE staff_sessions SET last_seen_at = now() - interval '29 minutes' WHERE staff_id = $1", [idle.id]);
    expect((await t.app.inject({ url: "/api/desk/me", headers: idle.headers })).statusCode).toBe(200);
    await t.db.query("UPDATE staff_sessions SET last_seen_at = now() - interval '31 minutes' WHERE staff_id = $1", [idle.id]);
    expect((await t.app.inject({ url: "/api/desk/me", headers: idle.headers })).statusCode).toBe(401);

    const busy = await signedInStaff(t, "staff");
    const { rows } = await t.db.query<{ hours: number }>(
      "SELECT extract(epoch FROM expires_at - created_at)::float8 / 3600 AS hours FROM staff_sessions WHERE staff_id = $1",
      [busy.id],
    );
    expect(rows[0]!.hours).toBeCloseTo(12, 2);
    await t.db.query("UPDATE staff_sessions SET expires_at = now() - interval '1 second', last_seen_at = now() WHERE staff_id = $1", [busy.id]);
    expect((await t.app.inject({ url: "/api/desk/me", headers: busy.headers })).statusCode).toBe(401);
  });
});
