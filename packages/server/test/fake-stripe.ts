import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small stand-in for api.stripe.com: the official SDK is pointed at it (STRIPE_API_BASE), so the tests exercise
 * the real request encoding, auth header and error handling. It records every call and keeps the objects the
 * provider reads back (customers, checkout sessions, subscriptions), which a test can change to play Stripe's part.
 */

export interface RecordedCall {
  method: string;
  path: string;
  params: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
}

export interface FakeSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  start_date: number;
  billing_cycle_anchor: number;
  metadata: Record<string, string>;
  items: {
    object: "list";
    data: {
      id: string;
      object: "subscription_item";
      current_period_start: number;
      current_period_end: number;
      price: { id: string; object: "price"; recurring: { interval: "month" | "year"; interval_count: number } };
    }[];
  };
}

/** `a[b][0][c]=x` → { a: { b: { 0: { c: "x" } } } }, the way Stripe's form encoding nests parameters. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = out as Record<string, unknown>;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

export async function startFakeStripe() {
  const calls: RecordedCall[] = [];
  const customers = new Map<string, Record<string, unknown>>();
  const sessions = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, FakeSubscription>();
  const holds: { reached: () => void; released: Promise<void> }[] = [];
  let seq = 0;
  const next = (prefix: string) => `${prefix}_test_${++seq}`;
  const now = () => Math.floor(Date.now() / 1000);

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json", "request-id": `req_${++seq}` });
    res.end(JSON.stringify(body));
  };
  const missing = (res: ServerResponse, id: string) =>
    send(res, 404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such object: '${id}'` } });

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const raw = Buffer.concat(chunks).toString("utf8");
      const params = req.method === "GET" ? parseForm(url.searchParams.toString()) : parseForm(raw);
      calls.push({ method: req.method ?? "", path: url.pathname, params, headers: req.headers });

      if (req.headers.authorization !== `Bearer ${fake.secretKey}`) {
        return send(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }

      let m: RegExpExecArray | null;
      if (req.method === "POST" && url.pathname === "/v1/customers") {
        const customer = { id: next("cus"), object: "customer", ...params };
        customers.set(customer.id, customer);
        return send(res, 200, customer);
      }
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const id = next("cs");
        const embedded = params.ui_mode === "embedded_page";
        const session = {
          id,
          object: "checkout.session",
          mode: params.mode,
          ui_mode: params.ui_mode,
          customer: params.customer,
          client_reference_id: params.client_reference_id,
          metadata: params.metadata ?? {},
          url: embedded ? null : `https://checkout.stripe.com/c/pay/${id}`,
          client_secret: embedded ? `${id}_secret_fake` : null,
          subscription: null,
          status: "open",
          expires_at: now() + 86_400,
        };
        sessions.set(id, session);
        return send(res, 200, session);
      }
      if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname))) {
        const subscription = subscriptions.get(m[1]!);
        if (!subscription) return missing(res, m[1]!);
        const hold = req.method === "GET" ? holds.shift() : undefined;
        if (hold) {
          // The state as it is now, answered only when the test releases it: a slow Stripe.
          const snapshot = JSON.parse(JSON.stringify(subscription)) as FakeSubscription;
          hold.reached();
          void hold.released.then(() => send(res, 200, snapshot));
          return;
        }
        if (req.method === "DELETE") {
          if (fake.failCancel) return send(res, 500, { error: { type: "api_error", message: "Something went wrong on Stripe's end" } });
          Object.assign(subscription, { status: "canceled", cancel_at_period_end: false, canceled_at: now(), ended_at: now() });
          return send(res, 200, subscription);
        }
        if (req.method === "POST") {
          if (params.cancel_at_period_end !== undefined) {
            subscription.cancel_at_period_end = params.cancel_at_period_end === "true";
            subscription.canceled_at = subscription.cancel_at_period_end ? now() : null;
          }
        }
        return send(res, 200, subscription);
      }
      return send(res, 404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const fake = {
    secretKey: "sk_test_fake_123",
    /** Makes cancelling a subscription (DELETE) fail with a 500, as an outage at Stripe would. */
    failCancel: false,
    url: `http://127.0.0.1:${port}`,
    calls,
    customers,
    sessions,
    subscriptions,
    /**
     * Makes the next read of a subscription slow: Stripe takes the state at once and answers it on release().
     * `reached` resolves when that read has arrived.
     */
    holdNextRead() {
      let reached!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => (reached = resolve));
      holds.push({ reached, released: new Promise<void>((resolve) => (release = resolve)) });
      return { reached: arrived, release };
    },
    /** Calls to one endpoint, e.g. callsTo("POST", "/v1/checkout/sessions"). */
    callsTo: (method: string, path: string | RegExp) =>
      calls.filter((c) => c.method === method && (typeof path === "string" ? c.path === path : path.test(c.path))),
    /** What Stripe does when a Checkout Session is paid: a subscription exists, the session points at it. */
    completeSession(sessionId: string, opts: { priceId: string; interval: "month" | "year"; status?: string }) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const start = now();
      const end = start + (opts.interval === "year" ? 365 : 30) * 86_400;
      const subscription: FakeSubscription = {
        id: next("sub"),
        object: "subscription",
        customer: session.customer as string,
        status: opts.status ?? "active",
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        created: start,
        start_date: start,
        billing_cycle_anchor: start,
        metadata: session.metadata as Record<string, string>,
        items: {
          object: "list",
          data: [
            {
              id: next("si"),
              object: "subscription_item",
              current_period_start: start,
              current_period_end: end,
              price: { id: opts.priceId, object: "price", recurring: { interval: opts.interval, interval_count: 1 } },
            },
          ],
        },
      };
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, { status: "complete", subscription: subscription.id });
      return { session: { ...session }, subscription };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

let eventSeq = 0;
/** A Stripe event envelope around a snapshot of `object`; `created` lets a test send events out of order. */
export function stripeEvent(type: string, object: unknown, created = Math.floor(Date.now() / 1000)) {
  return {
    id: `evt_test_${Date.now()}_${++eventSeq}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: JSON.parse(JSON.stringify(object)) as unknown },
  };
}
