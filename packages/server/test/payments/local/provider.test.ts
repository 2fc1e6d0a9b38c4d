import { buildTestApp, type TestApp } from "../../support/helpers";
import { mailText, startSmtp } from "../../support/smtp";
import { axeViolations, checkoutBody, createCheckout, current, paymentMails, register, SITE, type Customer } from "../../support/payments-harness";
import { runSubscriptionRenewal } from "../../../src/jobs/subscription-renewal";
import { insertSubscription } from "../../../src/payments/subscriptions-repository";
import { membershipOf } from "../../../src/teams/repository";

/**
 * The local test provider end to end: plans, the refusals of create-checkout, the server-rendered checkout page
 * driven over HTTP (Pay, Cancel, reuse), cancel/resume, the renewal job and the mails, in both languages.
 */

const PARTNER = "https://partner.example";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: SITE, ALLOWED_ORIGINS: PARTNER } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The path of an absolute URL on the site, for inject. */
const pathOf = (url: string) => {
  const u = new URL(url);
  expect(u.origin).toBe(SITE);
  return u.pathname + u.search;
};

/** Form actions of the checkout page, in document order (Pay, Cancel). */
function formActions(html: string): string[] {
  return [...html.matchAll(/<form method="post" action="([^"]+)"/g)].map((m) => m[1]!.replace(/&#38;/g, "&"));
}

async function openCheckout(user: Customer, extra: Record<string, unknown> = {}, base = "/api") {
  const res = await createCheckout(t, user, extra, base);
  expect(res.statusCode).toBe(200);
  const { checkoutUrl } = res.json() as { checkoutUrl: string };
  const page = await t.app.inject({ url: pathOf(checkoutUrl) });
  return { checkoutUrl, page, actions: formActions(page.body) };
}

const postForm = (path: string) =>
  t.app.inject({ method: "POST", url: path, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "" });

async function settledMailsTo(email: string) {
  await t.app.settle();
  return paymentMails(smtp.mails.filter((m) => m.to.includes(email)).map((m) => mailText(m.raw)));
}

const DAY = 24 * 60 * 60 * 1000;

describe("plans", () => {
  it("answers the seeded Pro plan with its fields and currency (English without Accept-Language)", async () => {
    const res = await t.app.inject({ url: "/api/subscriptions/plans" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      plans: [
        {
          id: "pro",
          name: "Pro Plan",
          description: expect.any(String),
          price_monthly: 49,
          price_yearly: 468,
          currency: "EUR",
          features: ["Unlimited team members", "500GB storage", "All integrations", "Priority support", "Advanced analytics", "Full API access"],
        },
      ],
    });
  });

  it("answers the plan's name, description and features in the request's language", async () => {
    const nl = await t.app.inject({ url: "/api/subscriptions/plans", headers: { "accept-language": "nl-NL,nl;q=0.9,en;q=0.8" } });
    expect(nl.json().plans[0]).toMatchObject({
      id: "pro",
      name: "Pro-abonnement",
      description: "Alles wat je team nodig heeft om online te groeien.",
      price_monthly: 49,
      features: ["Onbeperkt aantal teamleden", "500GB opslag", "Alle integraties", "Voorrang bij support", "Geavanceerde analyses", "Volledige API-toegang"],
    });
    const en = await t.app.inject({ url: "/api/subscriptions/plans", headers: { "accept-language": "en-US,en;q=0.9" } });
    expect(en.json().plans[0]).toMatchObject({ name: "Pro Plan", description: "Everything your team needs to grow online." });
  });

  it("falls back to the plan's own texts for a language it has no translation in", async () => {
    await t.db.query(
      `INSERT INTO plans (id, name, description, price_monthly_cents, price_yearly_cents, features, sort_order, active)
       VALUES ('agency', 'Agency Plan', 'For agencies.', 9900, 99000, '["Everything in Pro"]', 1, true)`,
    );
    t.app.payments.plans.invalidate();
    try {
      const res = await t.app.inject({ url: "/api/subscriptions/plans", headers: { "accept-language": "nl" } });
      expect(res.json().plans.map((p: { name: string }) => p.name)).toEqual(["Pro-abonnement", "Agency Plan"]);
    } finally {
      await t.db.query("DELETE FROM plans WHERE id = 'agency'");
      t.app.payments.plans.invalidate();
    }
  });

  it("is cacheable per language: Cache-Control, Vary: Accept-Language, and an ETag that If-None-Match turns into 304", async () => {
    const nl = await t.app.inject({ url: "/api/subscriptions/plans", headers: { "accept-language": "nl" } });
    const en = await t.app.inject({ url: "/api/subscriptions/plans", headers: { "accept-language": "en" } });
    for (const res of [nl, en]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("public, max-age=60");
      expect(String(res.headers.vary).split(/, */)).toContain("Accept-Language");
      expect(res.headers.etag).toMatch(/^W\/"[\w-]+"$/);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    }
    expect(nl.headers.etag).not.toBe(en.headers.etag);

    const again = await t.app.inject({ url: "/api/subscriptions/plans", headers: { "accept-language": "nl", "if-none-match": String(nl.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(nl.headers.etag);
    expect(again.headers["cache-control"]).toBe("public, max-age=60");
    // The Dutch tag does not match the English answer.
    const other = await t.app.inject({ url: "/api/subscriptions/plans", headers: { "accept-language": "en", "if-none-match": String(nl.headers.etag) } });
    expect(other.statusCode).toBe(200);
    expect(other.json().plans[0].name).toBe("Pro Plan");
  });

  it("is served from memory until the plans change, then shows the change with a new ETag", async () => {
    const before = await t.app.inject({ url: "/api/subscriptions/plans", headers: { "accept-language": "en" } });
    await t.db.query("UPDATE plans SET price_monthly_cents = 5900 WHERE id = 'pro'");
    try {
      // Within the minute, the answer is the one in memory: no query per request.
      const cached = await t.app.inject({ url: "/api/subscriptions/plans", headers: { "accept-language": "en" } });
      expect(cached.json().plans[0].price_monthly).toBe(49);
      expect(cached.headers.etag).toBe(before.headers.etag);

      t.app.payments.plans.invalidate();
      const changed = await t.app.inject({ url: "/api/subscriptions/plans", headers: { "accept-language": "en", "if-none-match": String(before.headers.etag) } });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().plans[0].price_monthly).toBe(59);
      expect(changed.headers.etag).not.toBe(before.headers.etag);
    } finally {
      await t.db.query("UPDATE plans SET price_monthly_cents = 4900 WHERE id = 'pro'");
      t.app.payments.plans.invalidate();
    }
  });

  it("is also served under a preview base", async () => {
    const res = await t.app.inject({ url: "/preview/abc/def/api/subscriptions/plans" });
    expect(res.statusCode).toBe(200);
    expect(res.json().plans[0].id).toBe("pro");
  });
});

describe("current subscription", () => {
  it("needs a session: 401 without one", async () => {
    const res = await t.app.inject({ url: "/api/subscriptions/current" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "Please log in to continue.", code: "auth.required" });
  });

  it("is null for a user without a subscription", async () => {
    expect(await current(t, await register(t))).toBeNull();
  });
});

describe("create-checkout refusals", () => {
  let user: Customer;
  beforeAll(async () => {
    user = await register(t);
  });

  it("needs a session", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/subscriptions/create-checkout", payload: checkoutBody() });
    expect(res.statusCode).toBe(401);
  });

  it("refuses an unknown plan with 400", async () => {
    const res = await createCheckout(t, user, { planId: "platinum" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "This plan is not available.", code: "subscriptions.unknown_plan", fields: ["planId"] });
  });

  it("refuses an unknown billing period with 400", async () => {
    const res = await createCheckout(t, user, { billingPeriod: "weekly" });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(["billingPeriod"]);
    expect(res.json()).toMatchObject({ error: "Some of the information sent is missing or not valid: billing period.", code: "request.invalid" });
  });

  it.each([
    ["successUrl", "https://evil.example/dashboard"],
    ["cancelUrl", "https://evil.example/subscribe"],
    ["successUrl", "javascript:alert(1)"],
    ["cancelUrl", "/subscribe"],
    ["successUrl", "https://agency.example.evil.example/"],
    ["successUrl", "http://agency.example/dashboard"],
    ["cancelUrl", "https://user:pass@agency.example/subscribe"],
  ])("refuses a %s outside the site's origins (%s) with 400, so there is no open redirect", async (field, url) => {
    const res = await createCheckout(t, user, { [field]: url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.stringMatching(/^The return address \(address after (payment|cancelling)\) must be on this site/), code: "subscriptions.invalid_redirect", fields: [field] });
  });

  it("accepts URLs on an origin from ALLOWED_ORIGINS", async () => {
    const res = await createCheckout(t, user, { successUrl: `${PARTNER}/thanks`, cancelUrl: `${PARTNER}/pricing` });
    expect(res.statusCode).toBe(200);
    expect(res.json().checkoutUrl).toMatch(/^https:\/\/agency\.example\/api\/subscriptions\/test-checkout\/[A-Za-z0-9_-]{43}$/);
  });

  it("answers refusals in the requested language", async () => {
    const res = await createCheckout(t, user, { planId: "platinum", language: "nl" });
    expect(res.json().error).toBe("Dit abonnement is niet beschikbaar.");
  });

  it("refuses a user who already has an active subscription with 409", async () => {
    const buyer = await register(t);
    const { actions } = await openCheckout(buyer);
    expect((await postForm(actions[0]!)).statusCode).toBe(303);
    const res = await createCheckout(t, buyer, { billingPeriod: "monthly" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/already have an active subscription/);
  });

  it.each([
    ["trialing", 409, "subscriptions.already_active"],
    ["active", 409, "subscriptions.already_active"],
    ["past_due", 409, "subscriptions.payment_problem"],
  ])("treats a %s subscription by the one access rule: %i %s", async (status, code, errorCode) => {
    const buyer = await register(t);
    const start = new Date();
    await insertSubscription(t.db, {
      companyId: (await membershipOf(t.db, buyer.id))!.id,
      userId: buyer.id,
      provider: "local",
      externalId: null,
      planId: "pro",
      billingPeriod: "monthly",
      status: status as "trialing",
      currentPeriodStart: start,
      currentPeriodEnd: new Date(start.getTime() + 14 * DAY),
      cancelAtPeriodEnd: false,
      billingAnchor: start,
      startsNow: true,
      endedAt: null,
    });
    expect((await current(t, buyer))?.status).toBe(status);
    const res = await createCheckout(t, buyer);
    expect(res.statusCode).toBe(code);
    expect(res.json().code).toBe(errorCode);
  });
});

describe("local test checkout, driven over HTTP", () => {
  it("completes the whole journey: page in English, Pay, 303 to successUrl, active for a year, mail", async () => {
    const user = await register(t, "en");
    const { checkoutUrl, page, actions } = await openCheckout(user, { language: "en" });
    expect(checkoutUrl.startsWith(`${SITE}/api/subscriptions/test-checkout/`)).toBe(true);

    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html; charset=utf-8/);
    expect(page.headers["cache-control"]).toBe("no-store");
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/form-action 'self' https:\/\/agency\.example/);
    const html = page.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("Test payment — no money is charged");
    expect(html).toContain("Pro Plan");
    expect(html).toContain("Yearly");
    expect(html).toContain("€468.00 per year");
    expect(html).toContain(user.email);
    expect(html).toMatch(/<button type="submit" class="pay">Pay<\/button>/);
    // The billing address, as Stripe Checkout asks for it: the Netherlands unless chosen otherwise, an optional VAT number.
    expect(html).toMatch(/<option value="NL" selected>Netherlands<\/option>/);
    expect(html).toContain('<input id="vat-number" name="vat_number"');
    // What Pay charges, VAT included for a Dutch billing address, as the invoice will have it.
    expect(html).toContain("€468.00 per year, excluding VAT");
    expect(html).toContain("€566.28, including €98.28 VAT (21%)");
    expect(html).toContain("Pay charges the total for the billing address you choose below; the invoice shows the same amount.");
    expect(html).toMatch(/<button type="submit" class="cancel">Cancel<\/button>/);
    expect(html).not.toMatch(/<script/i);
    expect(actions).toHaveLength(2);

    const before = Date.now();
    const pay = await postForm(actions[0]!);
    expect(pay.statusCode).toBe(303);
    // The checkout's public id travels back, for the success page to ask about; it is not the page's capability.
    expect(pay.headers.location).toMatch(/^https:\/\/agency\.example\/dashboard\?subscription=success&checkout=local_[\w-]{43}$/);
    expect(pay.headers.location).not.toContain(checkoutUrl.split("/").pop()!);

    const subscription = await current(t, user);
    expect(subscription).toEqual({
      plan_name: "Pro Plan",
      status: "active",
      current_period_end: expect.any(String),
      cancel_at_period_end: false,
      billing_period: "yearly",
      has_access: true,
      payment_issue: null,
      access_until: null,
    });
    const end = new Date(subscription!.current_period_end).getTime();
    expect(end - before).toBeGreaterThan(364 * DAY);
    expect(end - before).toBeLessThan(367 * DAY);

    const mails = await settledMailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Subject: Your Pro Plan subscription has started");
    // What the first invoice charged, VAT included (the checkout's billing address is Dutch by default).
    expect(mails[0]).toContain("active: €566.28 (including €98.28 VAT) per year.");
    const invoices = await t.app.inject({ url: "/api/subscriptions/invoices", headers: user.headers });
    expect(invoices.json().invoices.map((invoice: { total: number }) => invoice.total)).toEqual([566.28]);
    expect(mails[0]).toContain(`${SITE}/billing?lang=en`);
    // The date as the English pages write it: "March 5, 2027".
    expect(mails[0]).toMatch(/The next billing date is [A-Z][a-z]+ \d{1,2}, \d{4}\./);
    expect(mails[0]).toContain(`${SITE}/dashboard/settings?lang=en`);
  });

  it("shows the page in Dutch with a Dutch price, and activates a month for monthly billing", async () => {
    const user = await register(t, "nl");
    const { page, actions } = await openCheckout(user, { billingPeriod: "monthly" });
    const html = page.body;
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain("Testbetaling — er wordt niets afgeschreven");
    expect(html).toMatch(/€\s49,00 per maand/);
    expect(html).toContain("Maandelijks");
    expect(html).toContain("<dd>Pro-abonnement</dd>");
    expect(html).toContain(">Betalen</button>");
    expect(html).toContain(">Annuleren</button>");

    const before = Date.now();
    expect((await postForm(actions[0]!)).statusCode).toBe(303);
    // The plan's name follows the request's language, else the account's.
    expect((await current(t, user))!.plan_name).toBe("Pro-abonnement");
    const inEnglish = await t.app.inject({ url: "/api/subscriptions/current", headers: { ...user.headers, "accept-language": "en" } });
    expect(inEnglish.json().subscription.plan_name).toBe("Pro Plan");
    const end = new Date((await current(t, user))!.current_period_end).getTime();
    expect(end - before).toBeGreaterThan(27 * DAY);
    expect(end - before).toBeLessThan(32 * DAY);

    const mails = await settledMailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Je Pro-abonnement is gestart");
    expect(mails[0]).toMatch(/actief: €\s59,29 \(inclusief €\s10,29 btw\) per maand\./);
    // The date as the settings page writes it in Dutch: "5 maart 2027".
    expect(mails[0]).toMatch(/De volgende betaaldatum is \d{1,2} (januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december) \d{4}\./);
  });

  it("uses the language sent with the checkout over the account's language", async () => {
    const user = await register(t, "nl");
    const { page } = await openCheckout(user, { language: "en" });
    expect(page.body).toContain('<html lang="en">');
  });

  it("can be paid once: a second Pay shows a clear 409 page and changes nothing", async () => {
    const user = await register(t);
    const { actions } = await openCheckout(user);
    expect((await postForm(actions[0]!)).statusCode).toBe(303);
    const before = await current(t, user);
    const again = await postForm(actions[0]!);
    expect(again.statusCode).toBe(409);
    expect(again.headers["content-type"]).toMatch(/^text\/html/);
    expect(again.body).toContain("Already paid");
    expect(again.body).toMatch(/href="https:\/\/agency\.example\/dashboard\?subscription=success&#38;checkout=local_[\w-]{43}"/);
    expect(await current(t, user)).toEqual(before);
    expect(await settledMailsTo(user.email)).toHaveLength(1);
  });

  it("Cancel redirects to cancelUrl with 303, activates nothing, and closes the session", async () => {
    const user = await register(t);
    const { actions } = await openCheckout(user);
    const cancel = await postForm(actions[1]!);
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(`${SITE}/subscribe?subscription=cancelled`);
    expect(await current(t, user)).toBeNull();

    const pay = await postForm(actions[0]!);
    expect(pay.statusCode).toBe(410);
    expect(pay.body).toContain("Checkout cancelled");
    expect(await current(t, user)).toBeNull();
    // A second Cancel (another tab) still just goes back.
    expect((await postForm(actions[1]!)).headers.location).toBe(`${SITE}/subscribe?subscription=cancelled`);
  });

  it("shows a 404 page for an unknown session, in the visitor's language", async () => {
    const res = await t.app.inject({ url: "/api/subscriptions/test-checkout/not-a-real-session", headers: { "accept-language": "nl-NL,nl;q=0.9" } });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain('<html lang="nl">');
    expect(res.body).toContain("Betaling niet gevonden");
    const pay = await postForm("/api/subscriptions/test-checkout/not-a-real-session/pay");
    expect(pay.statusCode).toBe(404);
  });

  it("shows a 410 page for an expired session", async () => {
    const user = await register(t);
    const { checkoutUrl, actions } = await openCheckout(user);
    const id = checkoutUrl.split("/").pop()!;
    await t.db.query("UPDATE checkout_sessions SET expires_at = now() - interval '1 minute' WHERE id = $1", [id]);
    const page = await t.app.inject({ url: pathOf(checkoutUrl) });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain("Checkout expired");
    expect((await postForm(actions[0]!)).statusCode).toBe(410);
    expect(await current(t, user)).toBeNull();
  });

  it("keeps the preview base: page and buttons under /preview/{first}/{second}/api", async () => {
    const user = await register(t);
    const { checkoutUrl, page, actions } = await openCheckout(user, {}, "/preview/abc/def/api");
    expect(checkoutUrl.startsWith(`${SITE}/preview/abc/def/api/subscriptions/test-checkout/`)).toBe(true);
    expect(page.statusCode).toBe(200);
    expect(actions.every((a) => a.startsWith("/preview/abc/def/api/subscriptions/test-checkout/"))).toBe(true);
    const pay = await postForm(actions[0]!);
    expect(pay.statusCode).toBe(303);
    expect((await current(t, user))!.status).toBe("active");
  });

  it("redirects to a partner origin from ALLOWED_ORIGINS, and allows it in the page's form-action", async () => {
    const user = await register(t);
    const { page, actions } = await openCheckout(user, { successUrl: `${PARTNER}/thanks`, cancelUrl: `${PARTNER}/pricing` });
    expect(String(page.headers["content-security-policy"])).toContain(`form-action 'self' ${PARTNER}`);
    expect((await postForm(actions[0]!)).headers.location).toMatch(/^https:\/\/partner\.example\/thanks\?checkout=local_[\w-]{43}$/);
  });

  it("passes axe's WCAG 2.2 A/AA rules, in both languages and on the error page", async () => {
    const check = axeViolations;
    // The check itself works: a page without lang, title or alt text fails it.
    expect(await check('<html><body><img src="x.png"></body></html>')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^html-has-lang/), expect.stringMatching(/^image-alt/), expect.stringMatching(/^document-title/)]),
    );
    for (const language of ["en", "nl"]) {
      const { page } = await openCheckout(await register(t), { language });
      expect(await check(page.body)).toEqual([]);
    }
    const missing = await t.app.inject({ url: "/api/subscriptions/test-checkout/nope" });
    expect(await check(missing.body)).toEqual([]);
  });
});

describe("cancel and resume (local provider)", () => {
  it("cancels at period end, keeps access, resumes, and is idempotent", async () => {
    const user = await register(t);
    const { actions } = await openCheckout(user);
    await postForm(actions[0]!);
    const active = await current(t, user);

    const cancel = await t.app.inject({ method: "POST", url: "/api/subscriptions/cancel", headers: user.headers });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().subscription).toEqual({ ...active, cancel_at_period_end: true });
    expect(await current(t, user)).toEqual({ ...active, cancel_at_period_end: true });

    const again = await t.app.inject({ method: "POST", url: "/api/subscriptions/cancel", headers: user.headers });
    expect(again.statusCode).toBe(200);
    expect(again.json().subscription.cancel_at_period_end).toBe(true);

    const resume = await t.app.inject({ method: "POST", url: "/api/subscriptions/resume", headers: user.headers });
    expect(resume.statusCode).toBe(200);
    expect(resume.json().subscription).toEqual(active);
    expect(await current(t, user)).toEqual(active);
  });

  it("answers 404 without a subscription and 401 without a session", async () => {
    const user = await register(t, "nl");
    const res = await t.app.inject({ method: "POST", url: "/api/subscriptions/cancel", headers: user.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Geen actief abonnement", code: "subscriptions.none" });
    expect((await t.app.inject({ method: "POST", url: "/api/subscriptions/resume" })).statusCode).toBe(401);
  });
});

describe("renewal job (local provider)", () => {
  async function subscribed(language: "nl" | "en", billingPeriod: "monthly" | "yearly") {
    const user = await register(t, language);
    const { actions } = await openCheckout(user, { billingPeriod });
    await postForm(actions[0]!);
    await t.app.settle();
    return user;
  }

  it("renews an active subscription whose period is over for the next period", async () => {
    const user = await subscribed("en", "monthly");
    // The subscription started on Jan 31 and its first month is over: the next period ends on the last day of Feb.
    await t.db.query(
      `UPDATE subscriptions SET billing_anchor = '2031-01-31T10:00:00Z', current_period_start = '2031-01-31T10:00:00Z',
              current_period_end = '2031-02-28T10:00:00Z' WHERE user_id = $1`,
      [user.id],
    );
    const result = await runSubscriptionRenewal(t.db, new Date("2031-03-01T00:00:00Z"));
    expect(result.renewed).toBeGreaterThanOrEqual(1);
    const subscription = await current(t, user);
    expect(subscription).toMatchObject({ status: "active", cancel_at_period_end: false });
    expect(subscription!.current_period_end).toBe("2031-03-31T10:00:00.000Z");
    // The renewal's mail says what its invoice charged, VAT included, to the cent; a second run sends nothing more.
    await t.app.outbox.deliver(result.mailIds);
    expect((await runSubscriptionRenewal(t.db, new Date("2031-03-01T00:00:00Z"))).mailIds).toEqual([]);
    const mails = await settledMailsTo(user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain("Subject: Your Pro Plan subscription has been renewed");
    expect(mails[1]).toContain("renewed until March 31, 2031. We charged €59.29 (including €10.29 VAT) for it.");
    const invoices = await t.app.inject({ url: "/api/subscriptions/invoices", headers: user.headers });
    expect(invoices.json().invoices[0].total).toBe(59.29);
  });

  it("ends a subscription cancelled at period end and mails the user in their language", async () => {
    const user = await subscribed("nl", "yearly");
    await t.app.inject({ method: "POST", url: "/api/subscriptions/cancel", headers: user.headers });
    await t.db.query("UPDATE subscriptions SET current_period_end = now() - interval '1 minute' WHERE user_id = $1", [user.id]);

    const result = await runSubscriptionRenewal(t.db);
    expect(result.ended).toBeGreaterThanOrEqual(1);
    expect(await current(t, user)).toBeNull();
    const { rows } = await t.db.query<{ status: string; ended_at: Date | null }>("SELECT status, ended_at FROM subscriptions WHERE user_id = $1", [
      user.id,
    ]);
    expect(rows).toEqual([{ status: "canceled", ended_at: expect.any(Date) }]);

    await t.app.outbox.deliver(result.mailIds);
    const mails = await settledMailsTo(user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain("Je Pro-abonnement is be");
    expect(mails[1]).toContain(`${SITE}/subscribe`);

    // Ended means ended: resume is refused, a new checkout is allowed.
    expect((await t.app.inject({ method: "POST", url: "/api/subscriptions/resume", headers: user.headers })).statusCode).toBe(404);
    expect((await createCheckout(t, user)).statusCode).toBe(200);
  });

  it("leaves subscriptions alone while their period runs, and a second run does nothing twice", async () => {
    const user = await subscribed("en", "yearly");
    const before = await current(t, user);
    await runSubscriptionRenewal(t.db);
    const second = await runSubscriptionRenewal(t.db);
    expect(second).toEqual({ renewed: 0, ended: 0, mailIds: [] });
    expect(await current(t, user)).toEqual(before);
  });
});

describe("subscription mail delivery", () => {
  it("keeps a mail that could not be sent and retries it with the outbox's backoff", async () => {
    const user = await register(t, "en");
    // The sign-up's verification mail goes first; the next one to fail is the subscription's.
    await t.app.settle();
    smtp.failNext(1);
    const { actions } = await openCheckout(user);
    await postForm(actions[0]!);
    expect(await settledMailsTo(user.email)).toHaveLength(0);
    const { rows } = await t.db.query<{ id: number; sent_at: Date | null; last_error: string | null; attempts: number; retry_in: number }>(
      `SELECT id, sent_at, last_error, attempts, extract(epoch FROM next_attempt_at - now())::int AS retry_in
         FROM outbox WHERE channel = 'subscription-mail' AND ref = $1`,
      [`user:${user.id}`],
    );
    expect(rows).toEqual([{ id: expect.any(Number), sent_at: null, last_error: expect.any(String), attempts: 1, retry_in: expect.any(Number) }]);
    // The outbox's first retry is due 30 seconds after the failed attempt; the job leaves it alone until then.
    expect(rows[0]!.retry_in).toBeGreaterThan(20);
    expect(rows[0]!.retry_in).toBeLessThanOrEqual(30);
    expect(await t.app.outbox.deliver()).toBe(0);

    await t.db.query("UPDATE outbox SET next_attempt_at = now() WHERE id = $1", [rows[0]!.id]);
    expect(await t.app.outbox.deliver()).toBeGreaterThanOrEqual(1);
    expect(await settledMailsTo(user.email)).toHaveLength(1);
  });
});

describe("OpenAPI document", () => {
  it("documents the subscription calls, but not the test checkout page", async () => {
    const res = await t.app.inject({ url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as Record<string, unknown>);
    for (const call of ["plans", "current", "create-checkout", "cancel", "resume", "webhook"]) {
      expect(paths).toContain(`/api/subscriptions/${call}`);
    }
    expect(paths.some((p) => p.includes("test-checkout"))).toBe(false);
  });
});

describe("webhook without Stripe", () => {
  it("answers 404: there is nothing to receive events for", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/subscriptions/webhook", headers: { "content-type": "application/json" }, payload: "{}" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/Stripe is not configured/);
  });
});
