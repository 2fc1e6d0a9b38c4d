import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Db } from "../db/db";
import { STRIPE_HANDLED_EVENTS } from "../payments/stripe/webhooks";
import { countOverdue, longestWait } from "../requests/queue-repository";

/**
 * Everything the server counts for an operator, in one Prometheus registry per app instance (so two apps in one
 * process, as in the tests, never share counts). The app's own names carry the `agency_` prefix; process metrics
 * (event-loop lag, memory, CPU) keep prom-client's standard names (`process_…`, `nodejs_…`), which stock dashboards
 * and alerts expect (a prefix also turned three of its gauges into names ending in `_total`, which promtool refuses).
 * Every counter an alert of deploy/prometheus/alerts.yml reads exists from the start at 0 for each label value the
 * alert uses: `increase()` needs a sample before the first failure to see it.
 */
export interface Metrics {
  readonly registry: Registry;
  /** Every answer, by method, route pattern and status; the histogram also gives the rate. */
  readonly requestDuration: Histogram<"method" | "route" | "status">;
  readonly requests: Counter<"method" | "route" | "status">;
  /** Mails handed to the mail server or the outbox folder, by outcome (sent, failed). */
  readonly mails: Counter<"outcome">;
  /** Stripe webhook deliveries, by event type and outcome (handled, duplicate, ignored, rejected, failed). */
  readonly webhookEvents: Counter<"type" | "outcome">;
  /** Quote requests posted to LEAD_WEBHOOK_URL, by outcome (delivered, or failed: given up after 24 hours). */
  readonly leadWebhooks: Counter<"outcome">;
  /** Requests refused by a rate limit, by limit. */
  readonly rateLimited: Counter<"limit">;
  /** Pages the server rendered: answered from the page cache (hit), rendered by React (render), or failed. */
  readonly pageRenders: Counter<"result">;
  /** New passwords checked against the breached-password range API, by outcome (breached, clean, unavailable). */
  readonly breachedPasswordChecks: Counter<"outcome">;
  /** Stops the process metrics' timers (app close). */
  stop(): void;
}

type PoolStats = ReturnType<NonNullable<Db["poolStats"]>>;

/**
 * Messages owed and not yet delivered, per queue: each topic of the outbox (`contact.notification`, `auth.reset`,
 * `subscription.started`, …). Rows given up (failed) are not owed any more; the mail counter shows those attempts.
 */
const PENDING_MAIL_SQL = `
  SELECT topic AS queue, count(*)::int AS pending, extract(epoch FROM now() - min(created_at))::float8 AS oldest_seconds
    FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL GROUP BY topic`;

export function createMetrics(db: Db, options: { processMetrics: boolean }): Metrics {
  const registry = new Registry();
  const stopProcessMetrics = options.processMetrics ? startProcessMetrics(registry) : () => {};

  const requestDuration = new Histogram({
    name: "agency_http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const requests = new Counter({
    name: "agency_http_requests_total",
    help: "Requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const mails = new Counter({ name: "agency_mails_total", help: "Mails sent or failed to send, by outcome", labelNames: ["outcome"] as const, registers: [registry] });
  const webhookEvents = new Counter({
    name: "agency_webhook_events_total",
    help: "Stripe webhook deliveries, by event type and outcome",
    labelNames: ["type", "outcome"] as const,
    registers: [registry],
  });
  const leadWebhooks = new Counter({
    name: "agency_lead_webhooks_total",
    help: "Quote requests posted to the lead webhook, by outcome (delivered, or failed: given up after 24 hours of retries)",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  // The alert on given-up leads compares with the 0 a start begins with.
  for (const outcome of ["delivered", "failed"]) leadWebhooks.inc({ outcome }, 0);
  // The webhook alert reads rejected (a bad signature, always type "unverified") and failed, by the signed event's type.
  webhookEvents.inc({ type: "unverified", outcome: "rejected" }, 0);
  for (const type of [...STRIPE_HANDLED_EVENTS, "unknown"]) webhookEvents.inc({ type, outcome: "failed" }, 0);
  for (const outcome of ["sent", "failed"]) mails.inc({ outcome }, 0);
  const rateLimited = new Counter({ name: "agency_rate_limited_total", help: "Requests refused by a rate limit, by limit", labelNames: ["limit"] as const, registers: [registry] });
  const pageRenders = new Counter({
    name: "agency_page_renders_total",
    help: "Server-rendered pages: answered from the page cache (hit), rendered by React (render), or failed",
    labelNames: ["result"] as const,
    registers: [registry],
  });

  const breachedPasswordChecks = new Counter({
    name: "agency_breached_password_checks_total",
    help: "New passwords checked against the breached-password range API, by outcome (breached, clean, unavailable: accepted unchecked)",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  // Every outcome from 0, so an alert on the first unavailable check after a start has a series to compare with.
  for (const outcome of ["breached", "clean", "unavailable"]) breachedPasswordChecks.inc({ outcome }, 0);
  for (const result of ["render", "hit", "failed"]) pageRenders.inc({ result }, 0);

  // A scrape asks every metric at once (in one turn of the event loop): one query serves both gauges of that scrape.
  type PendingRow = { queue: string; pending: number; oldest_seconds: number };
  let reading: Promise<PendingRow[]> | undefined;
  const pendingRows = () => {
    if (!reading) {
      reading = db.query<PendingRow>(PENDING_MAIL_SQL).then((result) => result.rows);
      setImmediate(() => (reading = undefined));
    }
    return reading;
  };
  const pendingGauge = (name: string, help: string, pick: (row: PendingRow) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["queue"] as const,
      registers: [registry],
      async collect() {
        const rows = await pendingRows();
        // A topic with nothing owed any more drops out of the answer: its series go, rather than keep their last value.
        this.reset();
        for (const row of rows) this.set({ queue: row.queue }, pick(row));
      },
    });
  pendingGauge("agency_mail_pending", "Mails owed and not yet sent, by queue", (row) => row.pending);
  pendingGauge("agency_mail_oldest_pending_seconds", "Age of the oldest mail owed and not yet sent, by queue", (row) => row.oldest_seconds);

  // Customer requests waiting for the agency's answer, read from the database at each scrape (every instance reports
  // the same figures): the alert on the first fires hours before the site's 24-hour promise is broken.
  const databaseGauge = (name: string, help: string, read: (db: Db) => Promise<number>) =>
    new Gauge({ name, help, registers: [registry], collect: async function () { this.set(await read(db)); } });
  databaseGauge("agency_customer_requests_overdue", "Open customer requests whose customer has waited 20 hours or more for the agency's answer", countOverdue);
  databaseGauge(
    "agency_customer_requests_oldest_waiting_seconds",
    "How long the customer of the longest-waiting open request has waited for an answer (0 when none waits)",
    longestWait,
  );

  const pool = db.poolStats?.bind(db);
  if (pool) {
    const poolGauge = (name: string, help: string, pick: (stats: PoolStats) => number) =>
      new Gauge({ name, help, registers: [registry], collect: function () { this.set(pick(pool())); } });
    poolGauge("agency_db_pool_connections", "Open connections of the database pool", (s) => s.total);
    poolGauge("agency_db_pool_idle_connections", "Idle connections of the database pool", (s) => s.idle);
    poolGauge("agency_db_pool_waiting_queries", "Queries waiting for a free connection of the pool", (s) => s.waiting);
  }

  return { registry, requestDuration, requests, mails, webhookEvents, leadWebhooks, rateLimited, pageRenders, breachedPasswordChecks, stop: stopProcessMetrics };
}

/** prom-client's process metrics (event-loop lag, heap, CPU, handles) into `registry` under their standard names. */
function startProcessMetrics(registry: Registry): () => void {
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  // Three gauges whose names end in _total, which the exposition format keeps for counters (promtool refuses them);
  // the same counts remain, by type, in nodejs_active_handles, nodejs_active_requests and nodejs_active_resources.
  for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"]) registry.removeSingleMetric(name);
  return () => registry.clear();
}
