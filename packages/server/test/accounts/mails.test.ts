import { buildTestApp, captureLogs, linkToken, nextIp, type TestApp } from "../support/helpers";
import { freePort } from "../support/processes";
import { mailText, startSmtp } from "../support/smtp";

/**
 * Account mails are never lost: a reset link asked for while the mail server is down is delivered, once, when it is
 * back, however many instances try; the log names the recipient masked and never the link.
 */

const SITE = "https://agency.example";
let port: number;
let t: TestApp;
let other: TestApp;
const logs = captureLogs();

beforeAll(async () => {
  // Mail is down: nothing listens on the port the instances are given, until the test starts a server there.
  port = await freePort();
  const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: SITE, LOG_LEVEL: "info", NODE_ENV: "production", PAYMENTS: "test" };
  t = await buildTestApp({ env, logStream: logs.logStream });
  other = await buildTestApp({ db: t.db, env });
});
afterAll(async () => {
  await other?.app.close();
  await t?.close();
});

it("delivers a reset mail asked for during an SMTP outage exactly once when the server is back", async () => {
  const email = `outage-${Date.now()}@example.com`;
  const registered = await t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { name: "Otto Outage", email, password: "secret1-pass", language: "en" },
    remoteAddress: nextIp(),
  });
  expect(registered.statusCode).toBe(201);
  const asked = await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email }, remoteAddress: nextIp() });
  // The visitor is told the mail is on its way, and it is: queued, not lost.
  expect(asked.statusCode).toBe(200);
  await t.app.settle();
  const item = async () =>
    (
      await t.db.query<{ attempts: number; sent: boolean; failed: boolean; last_error: string }>(
        "SELECT attempts, sent_at IS NOT NULL AS sent, failed_at IS NOT NULL AS failed, last_error FROM outbox WHERE topic = 'auth.reset' AND ref = $1",
        [`user:${registered.json().user.id as string}`],
      )
    ).rows;
  expect(await item()).toEqual([{ attempts: 1, sent: false, failed: false, last_error: expect.stringMatching(/ECONNREFUSED/) }]);

  // The mail server comes back; the retry is due; both instances' jobs run at the same moment, twice.
  const smtp = await startSmtp(port);
  try {
    await t.db.query("UPDATE outbox SET next_attempt_at = now() WHERE sent_at IS NULL AND failed_at IS NULL");
    await Promise.all([t.app.outbox.deliver(), other.app.outbox.deliver()]);
    await Promise.all([t.app.outbox.deliver(), other.app.outbox.deliver()]);
    const resets = smtp.mails.filter((m) => m.to.includes(email) && /Subject: Reset your password/.test(m.raw));
    expect(resets).toHaveLength(1);
    const token = linkToken(mailText(resets[0]!.raw), "reset-password")!;
    expect((await t.app.inject({ method: "POST", url: "/api/auth/verify-reset-token", payload: { token } })).json()).toEqual({ valid: true, email });
    expect(await item()).toEqual([{ attempts: 2, sent: true, failed: false, last_error: null }]);
  } finally {
    await smtp.close();
  }

  const text = logs.text();
  expect(text).toContain("o***@example.com");
  expect(text).not.toContain(email);
  expect(text).not.toMatch(/token=/);
});
