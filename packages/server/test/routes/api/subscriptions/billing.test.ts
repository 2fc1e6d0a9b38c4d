import { stripeEvent } from "../../../support/fake-stripe";
import { buildTestApp } from "../../../support/helpers";
import {
  axeViolations,
  createCheckout,
  current,
  deliver,
  localCheckout,
  localSubscriber,
  mailsTo,
  openStripeSession,
  payLocal,
  pdfText,
  PRICE_MONTHLY,
  PRICE_YEARLY,
  register,
  SITE,
  startHarness,
  stripeSubscriber,
  subjectOf,
  type Customer,
  type Harness,
} from "../../../support/payments-harness";

/**
 * Billing self-service: 'Manage billing' (POST /subscriptions/portal) opens Stripe's customer portal, configured by
 * the server, or the test portal with test payments; GET /subscriptions/invoices lists the invoices with their PDFs;
 * VAT: Stripe Checkout asks for the billing address and a VAT number (automatic tax on request), and the test
 * provider's invoices carry 21 % VAT for a Dutch address. The payment-failed mail leads to 'Manage billing'.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

type App = Harness["local"];
const portal = (app: App, user: Customer, body: Record<string, unknown> = {}) =>
  app.app.inject({ method: "POST", url: "/api/subscriptions/portal", headers: user.headers, payload: { returnUrl: `${SITE}/dashboard/settings`, ...body } });
const invoices = async (app: App, user: Customer) => {
  const res = await app.app.inject({ url: "/api/subscriptions/invoices", headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json().invoices as { id: string; number: string; total: number; currency: string; status: string; pdf_url: string; created_at: string }[];
};
const form = (app: App, url: string, fields: Record<string, string>) =>
  app.app.inject({ method: "POST", url, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: new URLSearchParams(fields).toString() });
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

describe("test payments: invoices with VAT", () => {
  it("writes the first invoice with 21% VAT for a Dutch address, and lists it with its PDF", async () => {
    const { user } = await localSubscriber(h.local, { country: "NL" });
    const [invoice, ...more] = await invoices(h.local, user);
    expect(more).toEqual([]);
    expect(invoice).toEqual({
      id: expect.any(String),
      number: expect.stringMatching(/^TEST-\d{6}$/),
      created_at: expect.any(String),
      total: 566.28,
      currency: "EUR",
      status: "paid",
      pdf_url: expect.stringMatching(/^https:\/\/agency\.example\/api\/subscriptions\/test-invoices\/[\w-]{43}\.pdf$/),
    });
    const pdf = await h.local.app.inject({ url: pathOf(invoice!.pdf_url) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.toString("latin1").startsWith("%PDF-1.4")).toBe(true);
    const text = pdfText(pdf.rawPayload);
    for (const line of ["TEST INVOICE", "Subtotal (excl. VAT)", "VAT 21%", "€468.00", "€98.28", "€566.28", "Netherlands", invoice!.number]) {
      expect(text).toContain(line);
    }
    // The customer's own copy of their data has the billing details and the invoice too.
    const exported = (await h.local.app.inject({ url: "/api/account/export", headers: user.headers })).json();
    expect(exported.billing_details).toEqual({ country: "NL", vat_number: null });
    expect(exported.invoices).toEqual([
      expect.objectContaining({ number: invoice!.number, subtotal: 468, vat: 98.28, total: 566.28, currency: "EUR", status: "paid", country: "NL" }),
    ]);
    // The PDF is opened without the bearer token: its address is the key, and a guess finds nothing.
    expect((await h.local.app.inject({ url: "/api/subscriptions/test-invoices/notarealinvoiceidnotarealinvoice.pdf" })).statusCode).toBe(404);
  });

  it("adds no VAT line for an address outside the Netherlands, and prints the VAT number given", async () => {
    const user = await register(h.local, "nl");
    const paid = await payLocal(h.local, await localCheckout(h.local, user), { country: "BE", vat_number: "be 0123.456.789" });
    expect(paid.statusCode).toBe(303);
    const [invoice] = await invoices(h.local, user);
    expect(invoice!.total).toBe(468);
    const text = pdfText((await h.local.app.inject({ url: pathOf(invoice!.pdf_url) })).rawPayload);
    expect(text).toContain("Btw-nummer: BE0123456789");
    expect(text).toContain("België");
    expect(text).not.toContain("Btw 21%");
  });

  it("refuses a malformed VAT number on the checkout page with a message, and charges nothing", async () => {
    const user = await register(h.local, "nl");
    const path = await localCheckout(h.local, user);
    const res = await payLocal(h.local, path, { country: "NL", vat_number: "not a vat number" });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Vul een btw-nummer in zoals NL123456789B01");
    expect(res.body).toContain('aria-invalid="true"');
    expect(await current(h.local, user)).toBeNull();
    expect((await payLocal(h.local, path, { country: "NL", vat_number: "NL123456789B01" })).statusCode).toBe(303);
  });
});

describe("test payments: 'Manage billing' opens the test portal", () => {
  it("switches from yearly to monthly with proration: two invoices, the second crediting the unused year", async () => {
    const { user } = await localSubscriber(h.local, { country: "NL", language: "en" });
    const opened = await portal(h.local, user, { language: "en" });
    expect(opened.statusCode).toBe(200);
    const { url } = opened.json() as { url: string };
    expect(url).toMatch(/^https:\/\/agency\.example\/api\/subscriptions\/test-portal\/[\w-]{43}$/);

    const page = await h.local.app.inject({ url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(page.body).toContain("Test billing portal — no money is charged");
    expect(page.body).toContain("Switch to monthly billing");
    expect(page.body).toContain(`href="${SITE}/dashboard/settings"`);
    expect(await axeViolations(page.body)).toEqual([]);

    const switched = await form(h.local, `${pathOf(url)}/switch`, { period: "monthly" });
    expect(switched.statusCode).toBe(303);
    const after = await h.local.app.inject({ url: pathOf(`${SITE}${String(switched.headers.location)}`) });
    expect(after.body).toContain("Your subscription is now billed monthly.");
    expect(after.body).toContain("Switch to yearly billing");
    expect((await current(h.local, user))!.billing_period).toBe("monthly");

    const list = await invoices(h.local, user);
    expect(list.map((i) => i.status)).toEqual(["paid", "paid"]);
    // Newest first: €49 for the month, minus nearly all of the €468 year just paid, plus 21% VAT: a credit.
    expect(list[0]!.total).toBeLessThan(0);
    expect(list[0]!.total).toBeGreaterThan(-(468 - 49) * 1.21 - 0.5);
    const pdf = pdfText((await h.local.app.inject({ url: pathOf(list[0]!.pdf_url) })).rawPayload);
    expect(pdf).toContain("Unused time on Pro Plan (billed yearly)");
    expect(pdf).toContain("Pro Plan, billed monthly");
    // Switching to the period it already has changes nothing.
    expect((await form(h.local, `${pathOf(url)}/switch`, { period: "monthly" })).statusCode).toBe(303);
    expect(await invoices(h.local, user)).toHaveLength(2);
  });

  it("is in Dutch for a Dutch visitor, axe-clean, and saves billing details (refusing a bad VAT number)", async () => {
    const { user } = await localSubscriber(h.local, { country: "BE", language: "nl" });
    const { url } = (await portal(h.local, user, { language: "nl" })).json() as { url: string };
    const page = await h.local.app.inject({ url: pathOf(url) });
    expect(page.body).toContain('<html lang="nl">');
    expect(page.body).toContain("Testportaal voor facturatie — er wordt niets afgeschreven");
    expect(await axeViolations(page.body)).toEqual([]);

    const refused = await form(h.local, `${pathOf(url)}/details`, { country: "NL", vat_number: "123" });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("Vul een btw-nummer in zoals NL123456789B01");
    expect(await axeViolations(refused.body)).toEqual([]);
    const saved = await form(h.local, `${pathOf(url)}/details`, { country: "NL", vat_number: "NL123456789B01" });
    expect(saved.statusCode).toBe(303);
    const after = await h.local.app.inject({ url: pathOf(`${SITE}${String(saved.headers.location)}`) });
    expect(after.body).toContain("Je factuurgegevens zijn opgeslagen.");
    expect(after.body).toContain('value="NL123456789B01"');
  });

  it("refuses a return address outside the site (400), a user nothing is billed for (404), and an expired portal (410)", async () => {
    const { user } = await localSubscriber(h.local);
    const evil = await portal(h.local, user, { returnUrl: "https://evil.example/" });
    expect(evil.statusCode).toBe(400);
    expect(evil.json()).toMatchObject({ code: "subscriptions.invalid_redirect", fields: ["returnUrl"] });
    expect((await portal(h.local, await register(h.local))).statusCode).toBe(404);

    const { url } = (await portal(h.local, user)).json() as { url: string };
    await h.local.db.query("UPDATE local_portal_sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [url.split("/").pop()]);
    expect((await h.local.app.inject({ url: pathOf(url) })).statusCode).toBe(410);
    expect((await form(h.local, `${pathOf(url)}/switch`, { period: "monthly" })).statusCode).toBe(410);
    expect((await current(h.local, user))!.billing_period).toBe("yearly");
  });

  it("ends a portal link with the login session that opened it: after logout the page answers as expired and leads to the login page", async () => {
    const { user } = await localSubscriber(h.local, { language: "nl" });
    const login = await h.local.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password: user.password } });
    expect(login.statusCode).toBe(200);
    const phone = { authorization: `Bearer ${login.json().token as string}` };

    const { url } = (await portal(h.local, user, { language: "nl" })).json() as { url: string };
    const { url: phoneUrl } = (await portal(h.local, { ...user, headers: phone }, { language: "nl" })).json() as { url: string };
    const open = await h.local.app.inject({ url: pathOf(url) });
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain('name="vat_number"');

    const out = await h.local.app.inject({ method: "POST", url: "/api/auth/logout", headers: user.headers });
    expect(out.statusCode).toBe(200);
    const { rows } = await h.local.db.query("SELECT id FROM local_portal_sessions WHERE id = $1", [url.split("/").pop()]);
    expect(rows).toEqual([]);

    const back = await h.local.app.inject({ url: pathOf(url), headers: { "accept-language": "nl" } });
    expect(back.statusCode).toBe(410);
    expect(back.headers["cache-control"]).toBe("no-store");
    expect(back.headers.refresh).toBe(`0; url=${SITE}/login`);
    expect(back.body).toContain("Facturatiepagina verlopen");
    expect(back.body).toContain("Deze facturatiepagina is gesloten toen je uitlogde.");
    expect(back.body).not.toContain("vat_number");
    expect(back.body).not.toContain("TEST-");
    expect(await axeViolations(back.body)).toEqual([]);
    const english = await h.local.app.inject({ url: pathOf(url), headers: { "accept-language": "en" } });
    expect(english.body).toContain("This billing page closed when you logged out.");

    // Nothing of the portal works any more: not the switch, the details, the test renewals nor the pay page.
    expect((await form(h.local, `${pathOf(url)}/switch`, { period: "monthly" })).statusCode).toBe(410);
    expect((await form(h.local, `${pathOf(url)}/details`, { country: "NL", vat_number: "NL123456789B01" })).statusCode).toBe(410);
    expect((await form(h.local, `${pathOf(url)}/simulate`, { kind: "failed" })).statusCode).toBe(410);
    expect((await h.local.app.inject({ url: `${pathOf(url)}/pay` })).statusCode).toBe(410);
    const still = (await current(h.local, { ...user, headers: phone }))!;
    expect(still.billing_period).toBe("yearly");
    expect(still.status).toBe("active");

    // The other device's session, and its link, are untouched; signing out everywhere else ends that one too.
    expect((await h.local.app.inject({ url: pathOf(phoneUrl) })).statusCode).toBe(200);
    const relogin = await h.local.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password: user.password } });
    const laptop = { authorization: `Bearer ${relogin.json().token as string}` };
    const others = await h.local.app.inject({ method: "DELETE", url: "/api/account/sessions", headers: laptop });
    expect(others.statusCode).toBe(200);
    expect((await h.local.app.inject({ url: pathOf(phoneUrl) })).statusCode).toBe(410);
  });

  it("keeps 'back to your account' for a link whose hour passed while its session still works", async () => {
    const { user } = await localSubscriber(h.local);
    const { url } = (await portal(h.local, user)).json() as { url: string };
    await h.local.db.query("UPDATE local_portal_sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [url.split("/").pop()]);
    const page = await h.local.app.inject({ url: pathOf(url), headers: { "accept-language": "en" } });
    expect(page.statusCode).toBe(410);
    expect(page.headers.refresh).toBeUndefined();
    expect(page.body).toContain("Open &#39;Manage billing&#39; again from your account.");
    expect(page.body).toContain(`href="${SITE}/dashboard/settings"`);
  });

  it("works under the preview base", async () => {
    const { user } = await localSubscriber(h.local);
    const res = await h.local.app.inject({
      method: "POST",
      url: "/preview/abc/def/api/subscriptions/portal",
      headers: user.headers,
      payload: { returnUrl: `${SITE}/preview/abc/def/dashboard/settings` },
    });
    expect(res.json().url).toMatch(/^https:\/\/agency\.example\/preview\/abc\/def\/api\/subscriptions\/test-portal\//);
    const [invoice] = (await h.local.app.inject({ url: "/preview/abc/def/api/subscriptions/invoices", headers: user.headers })).json().invoices;
    expect(invoice.pdf_url).toMatch(/^https:\/\/agency\.example\/preview\/abc\/def\/api\/subscriptions\/test-invoices\//);
  });
});

describe("Stripe: customer portal, invoices and VAT", () => {
  it("opens Stripe's portal with a configuration made once: card, invoices, address and VAT number, monthly ↔ yearly with proration", async () => {
    const { user } = await stripeSubscriber(h, "nl");
    const res = await portal(h.stripe, user, { language: "nl" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: expect.stringMatching(/^https:\/\/billing\.stripe\.com\/p\/session\//) });

    const created = h.fake.callsTo("POST", "/v1/billing_portal/configurations");
    expect(created).toHaveLength(1);
    expect(created[0]!.params).toMatchObject({
      business_profile: { privacy_policy_url: `${SITE}/privacy-policy`, terms_of_service_url: `${SITE}/terms` },
      features: {
        payment_method_update: { enabled: "true" },
        invoice_history: { enabled: "true" },
        customer_update: { enabled: "true", allowed_updates: { 0: "address", 1: "tax_id", 2: "name" } },
        subscription_update: {
          enabled: "true",
          default_allowed_updates: { 0: "price" },
          proration_behavior: "create_prorations",
          products: { 0: { product: "prod_test_pro", prices: { 0: PRICE_MONTHLY, 1: PRICE_YEARLY } } },
        },
        subscription_cancel: { enabled: "false" },
      },
    });
    const session = h.fake.callsTo("POST", "/v1/billing_portal/sessions").at(-1)!;
    const configuration = [...h.fake.portalConfigurations.keys()][0];
    expect(session.params).toEqual({
      customer: h.fake.subscriptions.get([...h.fake.subscriptions.keys()].at(-1)!)!.customer,
      configuration,
      return_url: `${SITE}/dashboard/settings`,
      locale: "nl",
    });

    // A second visit, and another server process, reuse that configuration instead of making another.
    expect((await portal(h.stripe, user)).statusCode).toBe(200);
    const other = await buildTestApp({ db: h.stripe.db, env: Object.fromEntries(stripeEnvOf(h)) });
    try {
      expect((await portal(other, user)).statusCode).toBe(200);
    } finally {
      await other.app.close();
    }
    expect(h.fake.callsTo("POST", "/v1/billing_portal/configurations")).toHaveLength(1);
  });

  it("lists the invoices as Stripe has them; a switch made in the portal reaches the site through its webhook", async () => {
    const { user, subscription } = await stripeSubscriber(h);
    const first = await invoices(h.stripe, user);
    expect(first).toEqual([
      {
        id: subscription.latest_invoice,
        number: expect.stringMatching(/^FAKE-/),
        created_at: expect.any(String),
        total: 566.28,
        currency: "EUR",
        status: "paid",
        pdf_url: `https://pay.stripe.com/invoice/${subscription.latest_invoice}/pdf`,
      },
    ]);
    h.fake.switchPrice(subscription.id, { priceId: PRICE_MONTHLY, interval: "month", amount: -44_761 });
    expect((await deliver(h, stripeEvent("customer.subscription.updated", subscription))).statusCode).toBe(200);
    expect((await current(h.stripe, user))!.billing_period).toBe("monthly");
    expect((await invoices(h.stripe, user)).map((i) => i.total)).toEqual([-447.61, 566.28]);
  });

  it("has Checkout collect the billing address and VAT number, and use automatic tax when STRIPE_AUTOMATIC_TAX=1", async () => {
    const taxed = await buildTestApp({ db: h.stripe.db, env: { ...Object.fromEntries(stripeEnvOf(h)), STRIPE_AUTOMATIC_TAX: "1" } });
    try {
      const user = await register(taxed);
      expect((await createCheckout(taxed, user)).statusCode).toBe(200);
      expect(h.fake.callsTo("POST", "/v1/checkout/sessions").at(-1)!.params).toMatchObject({
        billing_address_collection: "required",
        tax_id_collection: { enabled: "true" },
        customer_update: { address: "auto", name: "auto" },
        automatic_tax: { enabled: "true" },
      });
    } finally {
      await taxed.app.close();
    }
    const user = await register(h.stripe);
    expect((await createCheckout(h.stripe, user)).statusCode).toBe(200);
    expect(h.fake.callsTo("POST", "/v1/checkout/sessions").at(-1)!.params).not.toHaveProperty("automatic_tax");
  });

  it("answers 502/503 payments.unavailable when Stripe fails, for the portal and the invoices", async () => {
    const { user } = await stripeSubscriber(h);
    let stop = h.fake.failRequests(401, "POST", "/v1/billing_portal/sessions");
    const refused = await portal(h.stripe, user);
    stop();
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ code: "payments.unavailable" });
    stop = h.fake.failRequests(429, "GET", "/v1/invoices");
    const limited = await h.stripe.app.inject({ url: "/api/subscriptions/invoices", headers: user.headers });
    stop();
    expect(limited.statusCode).toBe(503);
  });

  it("links the payment-failed mail to 'Manage billing'", async () => {
    const { user, subscription } = await stripeSubscriber(h, "nl");
    subscription.status = "past_due";
    const invoice = { id: "in_failed", object: "invoice", customer: subscription.customer, parent: { subscription_details: { subscription: subscription.id } } };
    expect((await deliver(h, stripeEvent("invoice.payment_failed", invoice))).statusCode).toBe(200);
    const mail = (await mailsTo(h, user.email)).find((m) => subjectOf(m).startsWith("Betaling mislukt"));
    expect(mail).toContain(`'Facturatie beheren': ${SITE}/billing`);
  });
});

describe("the page a customer returns to asks the server what became of the checkout", () => {
  const outcome = (app: App, user: Customer, id: string) => app.app.inject({ url: `/api/subscriptions/checkouts/${encodeURIComponent(id)}`, headers: user.headers });
  const checkoutParam = (url: string) => new URL(url).searchParams.get("checkout")!;

  it("test payments: paid just now, open, closed after an hour, refunded; nobody else's", async () => {
    const user = await register(h.local);
    const path = await localCheckout(h.local, user);
    const second = await localCheckout(h.local, user);
    const { rows } = await h.local.db.query<{ external_id: string }>("SELECT external_id FROM checkout_sessions WHERE user_id = $1 ORDER BY created_at", [user.id]);
    const reference = rows[0]!.external_id;
    expect((await outcome(h.local, user, reference)).json()).toEqual({ status: "open" });

    const paid = await payLocal(h.local, path);
    expect(checkoutParam(String(paid.headers.location))).toBe(reference);
    expect((await outcome(h.local, user, reference)).json()).toEqual({ status: "paid" });
    // Someone else's checkout id, or one that never existed, tells nothing.
    expect((await outcome(h.local, await register(h.local), reference)).statusCode).toBe(404);
    expect((await outcome(h.local, user, "local_nope")).statusCode).toBe(404);
    expect((await h.local.app.inject({ url: `/api/subscriptions/checkouts/${reference}` })).statusCode).toBe(401);

    // A second checkout, opened before the first was paid, paid after it: refunded.
    const refunded = checkoutParam(String((await payLocal(h.local, second)).headers.location));
    expect((await outcome(h.local, user, refunded)).json()).toEqual({ status: "refunded" });

    // A bookmarked return address, an hour later: no payment to confirm.
    await h.local.db.query("UPDATE checkout_sessions SET completed_at = now() - interval '61 minutes' WHERE external_id = $1", [reference]);
    expect((await outcome(h.local, user, reference)).json()).toEqual({ status: "closed" });
  });

  it("Stripe: paid at Stripe before its webhook arrived counts as paid; an open session as open", async () => {
    const user = await register(h.stripe);
    expect((await createCheckout(h.stripe, user)).statusCode).toBe(200);
    const id = openStripeSession(h, user);
    expect((await outcome(h.stripe, user, id)).json()).toEqual({ status: "open" });
    h.fake.completeSession(id, { priceId: PRICE_YEARLY, interval: "year" });
    expect((await outcome(h.stripe, user, id)).json()).toEqual({ status: "paid" });
    expect(h.fake.callsTo("GET", `/v1/checkout/sessions/${id}`).length).toBeGreaterThan(0);
  });

  it("Stripe: a session completed with a direct debit still to arrive is processing, not paid", async () => {
    const user = await register(h.stripe);
    expect((await createCheckout(h.stripe, user)).statusCode).toBe(200);
    const id = openStripeSession(h, user);
    h.fake.completeSession(id, { priceId: PRICE_YEARLY, interval: "year" });
    // SEPA Direct Debit: the session completes unpaid; the money comes days later.
    Object.assign(h.fake.sessions.get(id)!, { payment_status: "unpaid" });
    expect((await outcome(h.stripe, user, id)).json()).toEqual({ status: "processing" });
    Object.assign(h.fake.sessions.get(id)!, { payment_status: "paid" });
    expect((await outcome(h.stripe, user, id)).json()).toEqual({ status: "paid" });
  });
});

/** The Stripe app's settings, for another app on the same database. */
function stripeEnvOf(harness: Harness): [string, string][] {
  const s = harness.stripe.config.stripe;
  return [
    ["PUBLIC_URL", harness.stripe.config.publicUrl],
    ["STRIPE_SECRET_KEY", s.secretKey!],
    ["STRIPE_WEBHOOK_SECRET", s.webhookSecret!],
    ["STRIPE_PRICE_MONTHLY", s.priceMonthly!],
    ["STRIPE_PRICE_YEARLY", s.priceYearly!],
    ["STRIPE_API_BASE", s.apiBase!],
  ];
}
