import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small stand-in for api.stripe.com: the official SDK is pointed at it (STRIPE_API_BASE), so the tests exercise
 * the real request encoding, auth header and error handling. It records every call and keeps the objects the
 * provider reads back (customers, checkout sessions, subscriptions, invoices and their payments, refunds, prices,
 * portal configurations and sessions), which a test can change to play Stripe's part. `failRequests` makes chosen
 * calls answer an error (401, 404, 429, 500 …), as Stripe does when a key is revoked, an object is gone, we are
 * rate-limited or Stripe itself fails.
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
  latest_invoice: string | null;
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

export interface FakeInvoice {
  id: string;
  object: "invoice";
  customer: string;
  number: string;
  created: number;
  total: number;
  /** The total before tax: the fake's invoices carry 21 % Dutch VAT, as Stripe Tax adds it. */
  total_excluding_tax: number;
  currency: string;
  billing_reason: string;
  status: string;
  invoice_pdf: string;
  hosted_invoice_url: string;
  parent: { type: "subscription_details"; subscription_details: { subscription: string; metadata: Record<string, string> } };
  /** The payment intent that paid it (the fake's own bookkeeping; Stripe lists it as an invoice payment). */
  payment_intent: string;
  /** A draft's lines: the subscription's period, then the invoice items added to it. */
  lines?: { object: "list"; data: Record<string, unknown>[] };
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

/** Stripe's error bodies for the statuses tests ask for. */
const ERRORS: Record<number, { type: string; code?: string; message: string }> = {
  400: { type: "invalid_request_error", message: "Bad request" },
  401: { type: "invalid_request_error", message: "Invalid API Key provided: sk_test_****" },
  403: { type: "invalid_request_error", message: "The provided key does not have the required permissions" },
  404: { type: "invalid_request_error", code: "resource_missing", message: "No such object" },
  429: { type: "invalid_request_error", code: "rate_limit", message: "Too many requests hit the API too quickly" },
  500: { type: "api_error", message: "Something went wrong on Stripe's end" },
};

const list = (data: unknown[]) => ({ object: "list", data, has_more: false, url: "/v1/list" });

export async function startFakeStripe() {
  const calls: RecordedCall[] = [];
  const customers = new Map<string, Record<string, unknown>>();
  const sessions = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices = new Map<string, FakeInvoice>();
  const refunds: { id: string; payment_intent: string; amount?: number; reason: string | undefined; metadata: Record<string, string> }[] = [];
  const prices = new Map<string, { id: string; object: "price"; product: string }>();
  const portalConfigurations = new Map<string, Record<string, unknown>>();
  const portalSessions: Record<string, unknown>[] = [];
  const paymentIntents = new Map<string, Record<string, unknown>>();
  const setupIntents = new Map<string, Record<string, unknown>>();
  const products = new Map<string, Record<string, unknown>>();
  /** Answers already given to a POST with an Idempotency-Key: Stripe answers a repeated key with the first answer. */
  const idempotent = new Map<string, string>();
  let answering: string | null = null;
  const failures: { method: string; path: RegExp; status: number }[] = [];
  const holds: { reached: () => void; released: Promise<void> }[] = [];
  let seq = 0;
  const next = (prefix: string) => `${prefix}_test_${++seq}`;
  const now = () => Math.floor(Date.now() / 1000);

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", "request-id": `req_fake_${++seq}`, ...headers });
    if (answering && status === 200) idempotent.set(answering, JSON.stringify(body));
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, status: number, extra: { code?: string; message?: string } = {}) =>
    // Stripe-Should-Retry false: the SDK gives up at once instead of retrying with back-off (the tests' patience).
    send(res, status, { error: { ...(ERRORS[status] ?? ERRORS[500]!), ...extra } }, { "stripe-should-retry": "false" });
  const missing = (res: ServerResponse, id: string) => fail(res, 404, { message: `No such object: '${id}'` });

  /** The first invoice of a new subscription, paid by a payment intent (what a completed Checkout Session leaves). */
  function invoiceFor(subscription: FakeSubscription, amount: number): FakeInvoice {
    const id = next("in");
    const invoice: FakeInvoice = {
      id,
      object: "invoice",
      customer: subscription.customer,
      number: `FAKE-${String(seq).padStart(4, "0")}`,
      created: now(),
      total: amount,
      total_excluding_tax: Math.round((amount * 100) / 121),
      currency: "eur",
      billing_reason: "subscription_create",
      status: "paid",
      invoice_pdf: `https://pay.stripe.com/invoice/${id}/pdf`,
      hosted_invoice_url: `https://invoice.stripe.com/i/${id}`,
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      payment_intent: next("pi"),
    };
    invoices.set(id, invoice);
    subscription.latest_invoice = id;
    return invoice;
  }

  function route(req: IncomingMessage, url: URL, params: Record<string, unknown>, res: ServerResponse): void {
    const method = req.method ?? "";
    const path = url.pathname;
    let m: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/customers") {
      const customer = { id: next("cus"), object: "customer", ...params };
      customers.set(customer.id, customer);
      return send(res, 200, customer);
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
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
        payment_intent: null,
        setup_intent: null,
        payment_status: "unpaid",
        customer_email: params.customer_email ?? null,
        status: "open",
        expires_at: now() + 86_400,
      };
      sessions.set(id, session);
      return send(res, 200, session);
    }
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path))) {
      const session = sessions.get(m[1]!);
      if (!session) return missing(res, m[1]!);
      if (m[2]) {
        if (method !== "POST") return missing(res, path);
        if (session.status !== "open") {
          return fail(res, 400, { message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".` });
        }
        session.status = "expired";
      }
      return send(res, 200, session);
    }
    if (method === "POST" && path === "/v1/subscriptions") {
      // A subscription made through the API (not Checkout): on a trial until trial_end when one is asked for.
      const start = now();
      const trialEnd = params.trial_end ? Number(params.trial_end) : null;
      const items = params.items as Record<string, { price?: string; price_data?: { unit_amount: string; recurring?: { interval: string } } }>;
      const priceId = items["0"]!.price ?? next("price");
      const anchor = params.billing_cycle_anchor ? Number(params.billing_cycle_anchor) : null;
      const subscription: FakeSubscription & { trial_end: number | null; default_payment_method: string | null } = {
        id: next("sub"),
        object: "subscription",
        customer: String(params.customer),
        status: trialEnd ? "trialing" : "active",
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        created: start,
        start_date: start,
        billing_cycle_anchor: trialEnd ?? anchor ?? start,
        latest_invoice: null,
        metadata: (params.metadata ?? {}) as Record<string, string>,
        trial_end: trialEnd,
        default_payment_method: (params.default_payment_method as string | undefined) ?? null,
        items: {
          object: "list",
          data: [
            {
              id: next("si"),
              object: "subscription_item",
              current_period_start: start,
              current_period_end: trialEnd ?? anchor ?? start + 30 * 86_400,
              price: {
                id: priceId,
                object: "price",
                ...(items["0"]!.price_data ? { unit_amount: Number(items["0"]!.price_data.unit_amount) } : {}),
                recurring: { interval: priceId.includes("year") ? "year" : "month", interval_count: 1 },
              },
            },
          ],
        },
      };
      subscriptions.set(subscription.id, subscription);
      return send(res, 200, subscription);
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const subscription = subscriptions.get(m[1]!);
      if (!subscription) return missing(res, m[1]!);
      const hold = method === "GET" ? holds.shift() : undefined;
      if (hold) {
        // The state as it is now, answered only when the test releases it: a slow Stripe.
        const snapshot = JSON.parse(JSON.stringify(subscription)) as FakeSubscription;
        hold.reached();
        void hold.released.then(() => send(res, 200, snapshot));
        return;
      }
      if (method === "DELETE") {
        if (fake.failCancel) return fail(res, 500);
        if (subscription.status === "canceled") return fail(res, 400, { message: "This subscription has already been canceled" });
        Object.assign(subscription, { status: "canceled", cancel_at_period_end: false, canceled_at: now(), ended_at: now() });
        return send(res, 200, subscription);
      }
      // `expand[]=latest_invoice`, as the server asks for it: the invoice itself instead of its id.
      const expand = Object.values((params.expand ?? {}) as Record<string, string>);
      if (method === "GET" && expand.includes("latest_invoice") && subscription.latest_invoice) {
        return send(res, 200, { ...subscription, latest_invoice: invoices.get(subscription.latest_invoice) ?? subscription.latest_invoice });
      }
      if (method === "POST") {
        if (params.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = params.cancel_at_period_end === "true";
          subscription.canceled_at = subscription.cancel_at_period_end ? now() : null;
        }
        if (params.metadata) Object.assign(subscription.metadata, params.metadata);
        if (params.default_payment_method) Object.assign(subscription, { default_payment_method: params.default_payment_method });
        const items = params.items as Record<string, { price_data?: { unit_amount: string } }> | undefined;
        const priceData = items?.["0"]?.price_data;
        if (priceData) subscription.items.data[0]!.price = { ...subscription.items.data[0]!.price, id: next("price"), unit_amount: Number(priceData.unit_amount) } as never;
      }
      return send(res, 200, subscription);
    }
    if (method === "GET" && path === "/v1/invoices") {
      const mine = [...invoices.values()].filter((i) => i.customer === url.searchParams.get("customer")).toReversed();
      return send(res, 200, list(mine));
    }
    if (method === "GET" && (m = /^\/v1\/invoices\/([^/]+)$/.exec(path))) {
      const invoice = invoices.get(m[1]!);
      return invoice ? send(res, 200, invoice) : missing(res, m[1]!);
    }
    if (method === "GET" && path === "/v1/invoice_payments") {
      const invoice = invoices.get(url.searchParams.get("invoice") ?? "");
      const payments = invoice
        ? [
            {
              id: next("inpay"),
              object: "invoice_payment",
              invoice: invoice.id,
              status: "paid",
              amount_paid: invoice.total,
              currency: invoice.currency,
              payment: { type: "payment_intent", payment_intent: invoice.payment_intent },
            },
          ]
        : [];
      return send(res, 200, list(payments));
    }
    if (method === "POST" && path === "/v1/refunds") {
      const intent = String(params.payment_intent);
      if (refunds.some((r) => r.payment_intent === intent)) {
        return fail(res, 400, { code: "charge_already_refunded", message: `Charge for ${intent} has already been refunded.` });
      }
      const refund = {
        id: next("re"),
        object: "refund",
        payment_intent: intent,
        ...(params.amount !== undefined ? { amount: Number(params.amount) } : {}),
        reason: params.reason as string | undefined,
        metadata: (params.metadata ?? {}) as Record<string, string>,
        status: "succeeded",
      };
      refunds.push(refund);
      return send(res, 200, refund);
    }
    if ((m = /^\/v1\/prices\/([^/]+)$/.exec(path))) {
      const price = prices.get(m[1]!) ?? { id: m[1]!, object: "price" as const, product: "prod_test_pro" };
      return send(res, 200, price);
    }
    if (path === "/v1/billing_portal/configurations") {
      if (method === "GET") return send(res, 200, list([...portalConfigurations.values()]));
      const configuration = { id: next("bpc"), object: "billing_portal.configuration", active: true, ...params };
      portalConfigurations.set(configuration.id, configuration);
      return send(res, 200, configuration);
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const id = next("bps");
      const session = { id, object: "billing_portal.session", url: `https://billing.stripe.com/p/session/${id}`, ...params };
      portalSessions.push(session);
      return send(res, 200, session);
    }
    // One-off payments, mandates, products and invoice numbers (packages sold online).
    if (method === "GET" && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const intent = paymentIntents.get(m[1]!);
      return intent ? send(res, 200, intent) : missing(res, m[1]!);
    }
    if (method === "GET" && (m = /^\/v1\/setup_intents\/([^/]+)$/.exec(path))) {
      const intent = setupIntents.get(m[1]!);
      return intent ? send(res, 200, intent) : missing(res, m[1]!);
    }
    if (method === "POST" && (m = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const customer = customers.get(m[1]!);
      if (!customer) return missing(res, m[1]!);
      Object.assign(customer, params);
      return send(res, 200, customer);
    }
    if (method === "POST" && path === "/v1/products") {
      const id = String(params.id ?? next("prod"));
      if (products.has(id)) return fail(res, 400, { code: "resource_already_exists", message: `Product already exists: ${id}` });
      const product = { id, object: "product", ...params };
      products.set(id, product);
      return send(res, 200, product);
    }
    if (method === "POST" && path === "/v1/invoiceitems") {
      // An item on a draft invoice: one of its lines, its amount added to the total (no tax on it in the fake).
      const invoice = invoices.get(String(params.invoice));
      if (!invoice) return missing(res, String(params.invoice));
      if (invoice.status !== "draft") return fail(res, 400, { message: "You can only add invoice items to draft invoices" });
      const item = { id: next("ii"), object: "invoiceitem", ...params, amount: Number(params.amount) };
      invoice.lines ??= { object: "list", data: [] };
      invoice.lines.data.push({ id: next("il"), object: "line_item", amount: item.amount, description: params.description, metadata: params.metadata ?? {} });
      invoice.total += item.amount;
      return send(res, 200, item);
    }
    if (method === "POST" && (m = /^\/v1\/invoices\/([^/]+)$/.exec(path))) {
      const invoice = invoices.get(m[1]!);
      if (!invoice) return missing(res, m[1]!);
      if (params.number !== undefined && invoice.status !== "draft") return fail(res, 400, { message: "You can only update the number of a draft invoice" });
      if (params.number !== undefined) invoice.number = String(params.number);
      return send(res, 200, invoice);
    }
    return send(res, 404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` } });
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const raw = Buffer.concat(chunks).toString("utf8");
      const params = req.method === "GET" ? parseForm(url.searchParams.toString()) : parseForm(raw);
      calls.push({ method: req.method ?? "", path: url.pathname, params, headers: req.headers });

      if (req.headers.authorization !== `Bearer ${fake.secretKey}`) return fail(res, 401);
      const failure = failures.find((f) => f.method === req.method && f.path.test(url.pathname));
      if (failure) return fail(res, failure.status);
      const key = req.method === "POST" ? req.headers["idempotency-key"] : undefined;
      const earlier = typeof key === "string" ? idempotent.get(key) : undefined;
      if (earlier) {
        res.writeHead(200, { "content-type": "application/json", "request-id": `req_fake_${++seq}`, "idempotent-replayed": "true" });
        return res.end(earlier);
      }
      answering = typeof key === "string" ? key : null;
      try {
        route(req, url, params, res);
      } finally {
        answering = null;
      }
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
    invoices,
    refunds,
    prices,
    portalConfigurations,
    portalSessions,
    paymentIntents,
    products,
    /**
     * Until the returned function is called, calls matching `method` and `path` answer `status` with Stripe's error
     * body and a request id.
     */
    failRequests(status: number, method: string, path: string | RegExp): () => void {
      const failure = { method, path: typeof path === "string" ? new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) : path, status };
      failures.push(failure);
      return () => void failures.splice(failures.indexOf(failure), 1);
    },
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
    /** What Stripe does when a Checkout Session is paid: a subscription with its paid first invoice exists, the session points at it. */
    completeSession(sessionId: string, opts: { priceId: string; interval: "month" | "year"; status?: string; amount?: number }) {
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
        latest_invoice: null,
        metadata: { ...(session.metadata as Record<string, string>) },
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
      invoiceFor(subscription, opts.amount ?? (opts.interval === "year" ? 56_628 : 5_929));
      Object.assign(session, { status: "complete", payment_status: "paid", subscription: subscription.id });
      return { session: { ...session }, subscription };
    },
    /**
     * A renewal of the subscription that Stripe could not collect: a new period, its invoice open (payable on its
     * hosted page), the subscription past due.
     */
    failRenewal(subscriptionId: string, opts: { amount?: number; status?: string } = {}) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      const invoice = invoiceFor(subscription, opts.amount ?? 5_929);
      invoice.status = "open";
      invoice.billing_reason = "subscription_cycle";
      subscription.status = opts.status ?? "past_due";
      return invoice;
    },
    /** A renewal Stripe collected: the next period, its invoice paid. */
    renew(subscriptionId: string, opts: { amount?: number } = {}) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      const item = subscription.items.data[0]!;
      const length = item.current_period_end - item.current_period_start;
      Object.assign(item, { current_period_start: item.current_period_end, current_period_end: item.current_period_end + length });
      const invoice = invoiceFor(subscription, opts.amount ?? 5_929);
      invoice.billing_reason = "subscription_cycle";
      return invoice;
    },
    /** What the customer portal does on a switch of price: a new cycle from now, invoiced at once. */
    switchPrice(subscriptionId: string, opts: { priceId: string; interval: "month" | "year"; amount: number }) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      const start = now();
      const item = subscription.items.data[0]!;
      Object.assign(item, {
        current_period_start: start,
        current_period_end: start + (opts.interval === "year" ? 365 : 30) * 86_400,
        price: { id: opts.priceId, object: "price", recurring: { interval: opts.interval, interval_count: 1 } },
      });
      subscription.billing_cycle_anchor = start;
      return invoiceFor(subscription, opts.amount);
    },
    /**
     * What Stripe does when a Checkout Session of a one-off payment is paid: a payment intent whose charge, paid with
     * iDEAL, generated a SEPA Direct Debit payment method; a customer made for the session's e-mail address.
     */
    completePaymentSession(sessionId: string, opts: { ideal?: boolean } = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      let customer = session.customer as string | null;
      if (!customer) {
        customer = next("cus");
        customers.set(customer, { id: customer, object: "customer", email: session.customer_email });
      }
      const ideal = opts.ideal ?? true;
      const pm = ideal ? next("pm") : null;
      const intent = {
        id: next("pi"),
        object: "payment_intent",
        status: "succeeded",
        customer,
        latest_charge: {
          id: next("ch"),
          object: "charge",
          payment_method_details: ideal
            ? { type: "ideal", ideal: { bank: "ing", generated_sepa_debit: pm, generated_sepa_debit_mandate: next("mandate"), iban_last4: "4300" } }
            : { type: "card", card: { brand: "visa", last4: "4242" } },
        },
      };
      paymentIntents.set(intent.id, intent);
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: intent.id, customer });
      return { session: { ...session }, intent, generatedSepaDebit: pm };
    },
    /** What Stripe does when a setup-mode Checkout Session is completed: a setup intent with the new payment method. */
    completeSetupSession(sessionId: string) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const intent = { id: next("seti"), object: "setup_intent", status: "succeeded", payment_method: next("pm"), customer: session.customer };
      setupIntents.set(intent.id, intent);
      Object.assign(session, { status: "complete", setup_intent: intent.id });
      return { session: { ...session }, intent };
    },
    /**
     * The month's invoice of a subscription, as Stripe drafts it an hour before it finalises and collects it (a
     * renewal's: billing_reason subscription_cycle).
     */
    draftInvoice(subscriptionId: string, opts: { amount: number; periodStart: number; periodEnd: number; reason?: string }) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      const invoice = invoiceFor(subscription, opts.amount);
      Object.assign(invoice, {
        status: "draft",
        number: null,
        billing_reason: opts.reason ?? invoice.billing_reason,
        lines: { object: "list", data: [{ period: { start: opts.periodStart, end: opts.periodEnd } }] },
      });
      return invoice;
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
