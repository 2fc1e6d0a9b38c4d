import { Stripe } from "stripe";
import { QUOTE_NOTIFICATION_TOPIC } from "../../../../src/contact/notify";
import type { Mailer } from "../../../../src/mail/mailer";
import { buildTestApp, nextIp, quoteRequest, type TestApp } from "../../../support/helpers";

/** GET /api/metrics: Prometheus text for whoever holds METRICS_TOKEN, and nothing at all without the setting. */

const TOKEN = "metrics-test-token-0123456789abcdef0123";
const WEBHOOK_SECRET = "whsec_metrics_test";

/** A mail server that refuses everything: the quote request stays owed. */
const failingMailer: Mailer = {
  mode: "smtp",
  outboxDir: undefined,
  close: () => {},
  send: async () => {
    throw new Error("connection refused");
  },
};

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    mailer: failingMailer,
    env: {
      METRICS_TOKEN: TOKEN,
      CONTACT_RATE_LIMIT: "1",
      STRIPE_SECRET_KEY: "sk_test_metrics",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: "price_monthly",
      STRIPE_PRICE_YEARLY: "price_yearly",
      STRIPE_API_BASE: "http://127.0.0.1:9",
    },
  });
});
afterAll(async () => t?.close());

const scrape = async () => {
  const res = await t.app.inject({ url: "/api/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** The value of one series in the exposition text, or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

function webhook(type: string, signed: boolean) {
  const payload = JSON.stringify({ id: `evt_${type}_${Date.now()}`, object: "event", type, data: { object: {} } });
  const signature = signed ? Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) : "t=1,v1=bad";
  return t.app.inject({ method: "POST", url: "/api/subscriptions/webhook", headers: { "content-type": "application/json", "stripe-signature": signature }, payload });
}

describe("GET /api/metrics", () => {
  it("does not exist without METRICS_TOKEN", async () => {
    const plain = await buildTestApp({ db: t.db });
    try {
      const res = await plain.app.inject({ url: "/api/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("not_found");
    } finally {
      await plain.close();
    }
  });

  it("answers 403 without the token or with another one, and is not in the OpenAPI document", async () => {
    expect((await t.app.inject({ url: "/api/metrics" })).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/metrics", headers: { authorization: "Bearer wrong" } })).statusCode).toBe(403);
    const doc = (await t.app.inject({ url: "/api/openapi.json" })).json();
    expect(Object.keys(doc.paths)).not.toContain("/api/metrics");
  });

  it("serves Prometheus text: requests and latency by route and status, event-loop lag", async () => {
    await t.app.inject({ url: "/api/health" });
    await t.app.inject({ url: "/preview/a/b/api/health" });
    const res = await t.app.inject({ url: "/api/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const text = res.body;
    // The preview mount counts as the same route.
    expect(sample(text, 'agency_http_requests_total{method="GET",route="/api/health",status="200"}')).toBe(2);
    expect(sample(text, 'agency_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}')).toBe(2);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    // Standard names, no prefix, so stock dashboards work.
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).not.toMatch(/^agency_(nodejs|process)_/m);
    // No gauge ends in _total (promtool check metrics); the by-type gauges carry the same counts.
    expect(text).not.toMatch(/^# TYPE \S+_total gauge$/m);
    expect(text).toMatch(/^# TYPE nodejs_active_handles gauge$/m);
    // An unknown path is one series, whatever the path.
    await t.app.inject({ url: "/api/no-such-thing-1" });
    await t.app.inject({ url: "/api/no-such-thing-2" });
    expect(await scrape()).not.toContain("no-such-thing");
  });

  it("counts failed mail, the mail still owed and its age, and rate-limit refusals by limit", async () => {
    const remoteAddress = nextIp();
    const first = await t.app.inject({ method: "POST", url: "/api/contact", remoteAddress, payload: quoteRequest() });
    expect(first.statusCode).toBe(200);
    await t.app.settle();
    expect((await t.app.inject({ method: "POST", url: "/api/contact", remoteAddress, payload: quoteRequest() })).statusCode).toBe(429);
    const text = await scrape();
    expect(sample(text, 'agency_mails_total{outcome="failed"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, `agency_mail_pending{queue="${QUOTE_NOTIFICATION_TOPIC}"}`)).toBe(1);
    // Subscription mails are outbox topics like any other: none is owed here.
    expect(text).not.toMatch(/agency_mail_pending\{queue="subscription/);
    expect(sample(text, `agency_mail_oldest_pending_seconds{queue="${QUOTE_NOTIFICATION_TOPIC}"}`)).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'agency_rate_limited_total{limit="/api/contact"}')).toBe(1);
  });

  it("starts every counter an alert reads at 0, for each label value the alert uses", async () => {
    const fresh = await buildTestApp({ db: t.db, env: { METRICS_TOKEN: TOKEN } });
    try {
      const text = (await fresh.app.inject({ url: "/api/metrics", headers: { authorization: `Bearer ${TOKEN}` } })).body;
      expect(sample(text, 'agency_lead_webhooks_total{outcome="failed"}')).toBe(0);
      expect(sample(text, 'agency_webhook_events_total{type="unverified",outcome="rejected"}')).toBe(0);
      expect(sample(text, 'agency_webhook_events_total{type="invoice.paid",outcome="failed"}')).toBe(0);
      expect(sample(text, 'agency_mails_total{outcome="failed"}')).toBe(0);
      expect(sample(text, 'agency_breached_password_checks_total{outcome="unavailable"}')).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it("counts webhook events by type and outcome", async () => {
    expect((await webhook("customer.created", true)).statusCode).toBe(200);
    expect((await webhook("customer.created", false)).statusCode).toBe(400);
    const text = await scrape();
    expect(sample(text, 'agency_webhook_events_total{type="customer.created",outcome="ignored"}')).toBe(1);
    expect(sample(text, 'agency_webhook_events_total{type="unverified",outcome="rejected"}')).toBe(1);
  });

  it("reports the database pool on PostgreSQL", async () => {
    const text = await scrape();
    if (t.db.kind === "postgres") expect(sample(text, "agency_db_pool_connections")).toBeGreaterThanOrEqual(1);
    else expect(text).not.toMatch(/^agency_db_pool_connections \d/m);
  });
});
