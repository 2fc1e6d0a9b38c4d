import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serializeError } from "../../src/lib/logger";
import { buildTestApp, captureLogs, createTestDb, linkToken, nextIp, outboxMailsTo, quoteRequest, type TestApp } from "../support/helpers";
import { mailText, startSmtp } from "../support/smtp";

/**
 * What a visitor types reaches the agency and nobody else: no log line holds a lead's name, company or message
 * (at any level, SMTP or the development outbox, the webhook failing), and mail to an address nobody has verified
 * repeats none of the sender's own text, name included.
 */
const NAME = "Zebulon Quargleplex";
const COMPANY = "Vonkelbraam Holding";
const MESSAGE = "Pleasebuyfromus-xyzzy-cheap-pills";
const GOAL = "Frobnicate-the-gorblax";
const WEBSITE = "https://spam-in-website.example/buy-now";

let db: Awaited<ReturnType<typeof createTestDb>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let receiver: Server;
let smtpApp: TestApp;
let outboxApp: TestApp;
const smtpLogs = captureLogs();
const outboxLogs = captureLogs();

beforeAll(async () => {
  smtp = await startSmtp();
  // A receiver that fails every post and echoes what it was sent, as a careless one does in its error.
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => response.writeHead(400).end(`bad lead: ${Buffer.concat(chunks).toString("utf8")}`));
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const webhook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/leads`;
  db = await createTestDb();
  const env = { LOG_LEVEL: "trace", CONTACT_RATE_LIMIT: "1000", AGENCY_INBOX: "leads@agency.example", LEAD_WEBHOOK_URL: webhook };
  smtpApp = await buildTestApp({ db: db.db, env: { ...env, SMTP_URL: smtp.url }, logStream: smtpLogs.logStream });
  outboxApp = await buildTestApp({ db: db.db, env, logStream: outboxLogs.logStream });
}, 180_000);
afterAll(async () => {
  await smtpApp?.close();
  await outboxApp?.close();
  await db?.cleanup();
  await smtp?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

const lead = (email: string, language = "en") =>
  quoteRequest({ email, language, name: NAME, company: COMPANY, message: MESSAGE, primaryGoal: GOAL, currentWebsite: WEBSITE, features: ["online-booking"] });

describe("no lead's name, company or message in any log line", () => {
  it.each([
    ["SMTP", () => smtpApp, smtpLogs],
    ["the development outbox", () => outboxApp, outboxLogs],
  ])("through %s, the agency's mail, the confirmation and a failing webhook, at trace level", async (_how, app, logs) => {
    const email = `privacy-${Date.now()}@example.nl`;
    const res = await app().app.inject({ method: "POST", url: "/api/contact", payload: lead(email), remoteAddress: nextIp() });
    expect(res.statusCode).toBe(200);
    await app().app.settle();
    await app().app.outbox.deliver();
    // The mails and the post did go out (or were tried), so their log lines are there to be read.
    const { rows } = await app().db.query<{ channel: string; attempts: number }>(
      "SELECT channel, attempts FROM outbox WHERE ref = (SELECT 'contact_request:' || id FROM contact_requests WHERE email = $1)",
      [email],
    );
    expect(rows.map((r) => r.channel).sort()).toEqual(["lead-webhook", "mail", "mail"]);
    expect(rows.every((r) => r.attempts >= 1)).toBe(true);
    const text = logs.text();
    expect(text).toMatch(/mail/);
    for (const secret of [NAME, "Zebulon", "Quargleplex", COMPANY, "Vonkelbraam", MESSAGE, GOAL]) expect(text).not.toContain(secret);
  });
});

describe("a database error in the log", () => {
  it("keeps its code, message and constraint but not the row it quotes", () => {
    const error = Object.assign(new Error('new row for relation "contact_requests" violates check constraint "x"'), {
      code: "23514",
      constraint: "x",
      detail: `Failing row contains (1, ${NAME}, ${COMPANY}, ${MESSAGE}).`,
    });
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain("23514");
    expect(logged).toContain("violates check constraint");
    for (const secret of ["Zebulon", "Vonkelbraam", MESSAGE]) expect(logged).not.toContain(secret);
  });
});

describe("mail to an address nobody has verified repeats none of the sender's text", () => {
  it.each([
    ["en", "Hello,", "Your choices:", "Features: Online booking"],
    ["nl", "Hallo,", "Je keuzes:", "Functies: Online reserveren"],
  ])("the quote confirmation (%s) greets without a name and lists only the choices", async (language, hello, choices, feature) => {
    const email = `confirm-${language}-${Date.now()}@example.nl`;
    const res = await smtpApp.app.inject({ method: "POST", url: "/api/contact", payload: lead(email, language), remoteAddress: nextIp() });
    expect(res.statusCode).toBe(200);
    await smtpApp.app.settle();
    const mails = smtp.mails.filter((m) => m.to.includes(email)).map((m) => mailText(m.raw));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    for (const text of [hello, choices, feature, "24"]) expect(mail).toContain(text);
    for (const free of ["Zebulon", "Quargleplex", "Vonkelbraam", MESSAGE, GOAL, "spam-in-website", "12345678"]) expect(mail).not.toContain(free);
    // The agency's own mail still has everything.
    const agency = smtp.mails.filter((m) => m.to.includes("leads@agency.example") && mailText(m.raw).includes(email)).map((m) => mailText(m.raw));
    for (const text of [NAME, COMPANY, MESSAGE]) expect(agency.join("\n")).toContain(text);
  });

  it("the verification mail of a registration greets without the name typed with it", async () => {
    const email = `register-${Date.now()}@example.nl`;
    const res = await outboxApp.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email, password: "a long enough password 123", name: `${NAME} visit spam.example`, language: "en" },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(201);
    await outboxApp.app.settle();
    const mails = outboxMailsTo(outboxApp.dataDir, email);
    expect(mails).toHaveLength(1);
    expect(linkToken(mails, "verify-email")).toBeTruthy();
    expect(mails[0]).toContain("Hello,");
    expect(mails[0]).not.toContain("Zebulon");
    expect(mails[0]).not.toContain("spam.example");
  });

  it("a reset mail to an account whose address is not verified greets without its name", async () => {
    const email = `reset-${Date.now()}@example.nl`;
    const register = await outboxApp.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email, password: "a long enough password 123", name: NAME, language: "en" },
      remoteAddress: nextIp(),
    });
    expect(register.statusCode).toBe(201);
    const res = await outboxApp.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email, language: "en" }, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(200);
    await outboxApp.app.settle();
    const reset = outboxMailsTo(outboxApp.dataDir, email).filter((mail) => mail.includes("reset-password?token="));
    expect(reset).toHaveLength(1);
    expect(reset[0]).toContain("Hello,");
    expect(reset[0]).not.toContain("Zebulon");
  });
});
