import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "@agency/contract";
import { LEAD_SIGNATURE_TOLERANCE_SECONDS, signLeadWebhook, verifyLeadSignature } from "../../src/contact/webhook-signature";
import { buildTestApp, nextIp, quoteRequest, type TestApp } from "../support/helpers";

/**
 * The lead webhook: every quote request the agency is notified of is posted, signed, to LEAD_WEBHOOK_URL through the
 * outbox; a receiver that fails is tried again later, and after 24 hours of failures the post is given up and counted.
 */
const SECRET = "lead-webhook-secret-of-at-least-32-characters";

interface Received {
  body: string;
  signature: string | undefined;
  status: number;
}

/** A local receiver: answers each post with the next status of `plan` (then 200), or never with "hang". */
let plan: (number | "hang")[] = [];
const received: Received[] = [];
let receiver: Server;
let t: TestApp;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const next = plan.shift() ?? 200;
      if (next === "hang") return;
      received.push({ body: Buffer.concat(chunks).toString("utf8"), signature: request.headers["agency-signature"] as string | undefined, status: next });
      response.writeHead(next).end(next === 200 ? "ok" : "receiver is down");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/leads`;
  t = await buildTestApp({ env: { LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: SECRET, LEAD_WEBHOOK_TIMEOUT_MS: "300", CONTACT_RATE_LIMIT: "1000" } });
}, 180_000);
afterAll(async () => {
  await t?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

const send = (payload: Record<string, unknown>) => t.app.inject({ method: "POST", url: "/api/contact", payload, remoteAddress: nextIp() });
const postsAbout = (email: string) => received.filter((post) => post.body.includes(email));
const webhookRow = async (email: string) => {
  const { rows } = await t.db.query<{ id: number; attempts: number; sent: boolean; failed: boolean; last_error: string | null; retry_hours: number }>(
    `SELECT o.id, o.attempts, o.sent_at IS NOT NULL AS sent, o.failed_at IS NOT NULL AS failed, o.last_error,
            extract(epoch FROM o.give_up_at - c.created_at)::float8 / 3600 AS retry_hours
       FROM outbox o JOIN contact_requests c ON o.ref = 'contact_request:' || c.id
      WHERE o.topic = 'contact.webhook' AND c.email = $1`,
    [email],
  );
  return rows;
};
const failedCount = async () => (await t.app.metrics.leadWebhooks.get()).values.find((v) => v.labels.outcome === "failed")?.value ?? 0;

describe("the lead webhook", () => {
  it("posts a stored quote request once, signed, after the receiver failed the first attempt", async () => {
    plan = [500];
    const email = "webhook-retry@bakkerij.nl";
    expect((await send(quoteRequest({ email, company: "Bakkerij", message: "Graag een webshop." }))).statusCode).toBe(200);
    await t.app.settle();
    // The first attempt got a 500: nothing delivered yet, a retry is scheduled with the receiver's answer as the error.
    expect(postsAbout(email).map((post) => post.status)).toEqual([500]);
    const [pending] = await webhookRow(email);
    expect(pending).toMatchObject({ attempts: 1, sent: false, failed: false, last_error: expect.stringContaining("500") });
    expect(pending!.retry_hours).toBeCloseTo(24, 1);

    // The retry is due (the backoff has passed): the outbox job posts it again, and once only.
    await t.db.query("UPDATE outbox SET next_attempt_at = now() WHERE id = $1", [pending!.id]);
    await t.app.outbox.deliver();
    await t.app.outbox.deliver();
    const delivered = postsAbout(email).filter((post) => post.status === 200);
    expect(delivered).toHaveLength(1);
    expect(await webhookRow(email)).toMatchObject([{ attempts: 2, sent: true, failed: false }]);

    const [post] = delivered;
    expect(post!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyLeadSignature({ header: post!.signature, body: post!.body, secret: SECRET })).toBe(true);
    const lead = JSON.parse(post!.body);
    expect(lead).toMatchObject({ type: "quote_request.created", id: expect.any(Number), data: { name: "Jan Bakker", email, company: "Bakkerij", message: "Graag een webshop." } });
  });

  it("refuses a replayed post (an old timestamp), an altered body and another secret", () => {
    const body = JSON.stringify({ type: "quote_request.created", id: 1, data: { email: "a@b.nl" } });
    const signature = signLeadWebhook(SECRET, body);
    expect(verifyLeadSignature({ header: signature, body, secret: SECRET })).toBe(true);
    const later = new Date(Date.now() + (LEAD_SIGNATURE_TOLERANCE_SECONDS + 60) * 1000);
    expect(verifyLeadSignature({ header: signature, body, secret: SECRET, now: later })).toBe(false);
    const old = signLeadWebhook(SECRET, body, new Date(Date.now() - 3600 * 1000));
    expect(verifyLeadSignature({ header: old, body, secret: SECRET })).toBe(false);
    expect(verifyLeadSignature({ header: signature, body: body.replace("a@b.nl", "x@b.nl"), secret: SECRET })).toBe(false);
    expect(verifyLeadSignature({ header: signature, body, secret: `${SECRET}-other` })).toBe(false);
    // A fresh timestamp pasted onto an old signature does not pass either.
    const restamped = signature.replace(/^t=\d+/, `t=${Math.floor(Date.now() / 1000) + 1}`);
    expect(verifyLeadSignature({ header: restamped, body, secret: SECRET })).toBe(false);
    expect(verifyLeadSignature({ header: undefined, body, secret: SECRET })).toBe(false);
  });

  it("gives a post up after 24 hours of failures: marked failed and counted", async () => {
    const before = await failedCount();
    const email = "webhook-down@bakkerij.nl";
    plan = [503, 503];
    expect((await send(quoteRequest({ email }))).statusCode).toBe(200);
    await t.app.settle();
    const [first] = await webhookRow(email);
    expect(first).toMatchObject({ attempts: 1, sent: false, failed: false });

    // Nearly 24 hours later the next attempt fails too and no retry fits before the give-up time: given up.
    await t.db.query("UPDATE outbox SET next_attempt_at = now(), give_up_at = now() + interval '10 seconds' WHERE id = $1", [first!.id]);
    await t.app.outbox.deliver();
    expect(await webhookRow(email)).toMatchObject([{ attempts: 2, sent: false, failed: true }]);
    expect(await failedCount()).toBe(before + 1);

    // One whose give-up time passed while it waited (the server was down) is given up by the job without an attempt.
    const other = "webhook-late@bakkerij.nl";
    plan = [503];
    await send(quoteRequest({ email: other }));
    await t.app.settle();
    await t.db.query("UPDATE outbox SET give_up_at = now() - interval '1 second' FROM contact_requests c WHERE outbox.ref = 'contact_request:' || c.id AND c.email = $1 AND topic = 'contact.webhook'", [other]);
    await t.app.outbox.deliver();
    expect(await webhookRow(other)).toMatchObject([{ attempts: 1, failed: true }]);
    expect(await failedCount()).toBe(before + 2);
    const metrics = await t.app.metrics.registry.metrics();
    expect(metrics).toContain(`agency_lead_webhooks_total{outcome="failed"} ${before + 2}`);
  });

  it("gives up an attempt the receiver does not answer in time, and retries it later", async () => {
    plan = ["hang"];
    const email = "webhook-slow@bakkerij.nl";
    expect((await send(quoteRequest({ email }))).statusCode).toBe(200);
    await t.app.settle();
    expect(await webhookRow(email)).toMatchObject([{ attempts: 1, sent: false, failed: false, last_error: expect.stringMatching(/timeout/i) }]);
  });

  it("posts nothing for a request caught as spam or held for review, as the agency is not mailed about them", async () => {
    const spam = "webhook-spam@bakkerij.nl";
    const fast = "webhook-fast@bakkerij.nl";
    const person = "webhook-person@bakkerij.nl";
    plan = [];
    await send(quoteRequest({ email: spam, [HONEYPOT_FIELD]: "http://spam.example" }));
    await send(quoteRequest({ email: fast, fillMs: 500 }));
    await send(quoteRequest({ email: person, fillMs: 60_000 }));
    await t.app.settle();
    await t.app.outbox.deliver();
    expect(postsAbout(person).map((post) => post.status)).toEqual([200]);
    expect(postsAbout(spam)).toEqual([]);
    expect(postsAbout(fast)).toEqual([]);
    expect(await webhookRow(spam)).toEqual([]);
    expect(await webhookRow(fast)).toEqual([]);
  });
});
