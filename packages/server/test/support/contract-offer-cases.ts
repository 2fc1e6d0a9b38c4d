import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { ErrorCode } from "@agency/contract";
import { nextIp, type TestApp } from "./helpers";
import { STAFF_PASSWORD, freshCode, makeStaff } from "./desk-helpers";
import { newOffer, payAtTestCheckout } from "./offers-harness";
import { companyOf, person } from "./teams-harness";

/**
 * The contract test's cases for offers, packages and upgrades (/api/offers…, /api/packages…, /api/desk/offers…), one
 * or more per documented operation, status and code. The app's per-IP limit of token checks is 1, so a second call
 * from one address is over it; Stripe's refusal (401) and failure (500) come from the apps of the same database.
 */

interface Case {
  status: number;
  code?: ErrorCode;
  run: () => Promise<LightMyRequestResponse>;
}

type Headers = Record<string, string>;

export function offerCases({ local, refused, failing }: { local: TestApp; refused: TestApp; failing: TestApp }): Record<string, Case[]> {
  const call = (method: InjectOptions["method"], url: string, headers: Headers = {}, payload?: unknown, app = local, remoteAddress = nextIp()) =>
    app.app.inject({ method, url, headers, remoteAddress, ...(payload === undefined ? {} : { payload: payload as InjectOptions["payload"] }) });
  let staffHeaders: Headers | undefined;
  const staff = async (): Promise<Headers> => {
    if (staffHeaders) return staffHeaders;
    const member = await makeStaff(local, "staff");
    const res = await call("POST", "/api/desk/login", {}, { email: member.email, password: STAFF_PASSWORD, code: await freshCode(local, member.id, member.secret) });
    return (staffHeaders = { authorization: `Bearer ${res.json().token}` });
  };
  const customer = async () => (await person(local)).headers;

  type State = "sent" | "expired" | "declined" | "signed" | "paid" | "carded" | "delivered";
  /** An offer in `state`, made through the desk: its id and token. */
  const offer = async (state: State, extra: Record<string, unknown> = {}) => {
    const made = await call("POST", "/api/desk/offers", await staff(), { ...newOffer(), ...extra });
    const { id } = made.json().offer as { id: string };
    const { rows } = await local.db.query<{ token: string }>("SELECT token FROM offers WHERE id = $1", [id]);
    const token = rows[0]!.token;
    if (state === "expired") await local.db.query("UPDATE offers SET expires_at = now() - interval '1 minute' WHERE id = $1", [id]);
    if (state === "declined") await call("POST", `/api/offers/${token}/decline`, {}, {});
    if (["signed", "paid", "carded", "delivered"].includes(state)) {
      const accepted = await call("POST", `/api/offers/${token}/accept`, {}, { name: "Jan Bakker", acceptTerms: true });
      if (state !== "signed") await payAtTestCheckout(local, accepted.json().checkoutUrl, state === "carded" ? "card" : "ideal");
    }
    if (state === "delivered") await call("POST", `/api/desk/offers/${id}/delivered`, await staff());
    return { id, token };
  };
  /** A company's owner whose package is delivered (or, `delivered: false`, only paid). */
  const holder = async (delivered = true) => {
    const owner = await person(local);
    const made = await offer(delivered ? "delivered" : "paid", { email: owner.email, package: "starter" });
    return { owner, offerId: made.id, companyId: await companyOf(local, owner.id) };
  };
  /** An upgrade a customer asked for, waiting for staff. */
  const requested = async () => {
    const { owner } = await holder();
    await call("POST", "/api/packages/upgrade", owner.headers, { package: "professional" });
    const { rows } = await local.db.query<{ id: string }>("SELECT id FROM offers WHERE email = $1 AND status = 'requested'", [owner.email]);
    return { id: rows[0]!.id, owner };
  };
  /** A company with a running plan subscription (not a package). */
  const subscriber = async () => {
    const owner = await person(local);
    await local.db.query(
      `INSERT INTO subscriptions (company_id, user_id, plan_id, billing_period, provider, status, current_period_start, current_period_end, billing_anchor)
       VALUES ($1, $2, 'pro', 'monthly', 'local', 'active', now(), now() + interval '1 month', now())`,
      [await companyOf(local, owner.id), owner.id],
    );
    return owner;
  };
  /** A plain member of a company: an address that may not order for it. */
  const member = async () => person(local, { companyId: await companyOf(local, (await person(local)).id), role: "member" });
  /** An offer in `state` whose address became a plain member's after it was made. */
  const ofMember = async (state: State) => {
    const made = await offer(state);
    await local.db.query("UPDATE offers SET email = $2 WHERE id = $1", [made.id, (await member()).email]);
    return made;
  };
  const secondFromOneAddress = async (url: string, payload?: unknown) => {
    const ip = nextIp();
    await call("POST", url, {}, payload, local, ip);
    return call("POST", url, {}, payload, local, ip);
  };
  const unknown = "no-such-offer-token";
  const noId = "00000000-0000-4000-8000-000000000000";
  const accept = { name: "Jan Bakker", acceptTerms: true };

  return {
    "GET /api/offers/{token}": [
      { status: 200, run: async () => call("GET", `/api/offers/${(await offer("sent")).token}`) },
      { status: 400, run: () => call("GET", `/api/offers/${"x".repeat(201)}`) },
      { status: 404, code: "offers.not_found", run: () => call("GET", `/api/offers/${unknown}`) },
      { status: 410, code: "offers.expired", run: async () => call("GET", `/api/offers/${(await offer("expired")).token}`) },
    ],
    "POST /api/offers/{token}/accept": [
      { status: 200, run: async () => call("POST", `/api/offers/${(await offer("sent")).token}/accept`, {}, accept) },
      { status: 400, run: async () => call("POST", `/api/offers/${(await offer("sent")).token}/accept`, {}, { name: "Jan", acceptTerms: false }) },
      { status: 403, code: "offers.not_buyer", run: async () => call("POST", `/api/offers/${(await ofMember("sent")).token}/accept`, {}, accept) },
      { status: 404, code: "offers.not_found", run: () => call("POST", `/api/offers/${unknown}/accept`, {}, accept) },
      { status: 409, code: "offers.already_accepted", run: async () => call("POST", `/api/offers/${(await offer("signed")).token}/accept`, {}, accept) },
      { status: 409, code: "offers.declined", run: async () => call("POST", `/api/offers/${(await offer("declined")).token}/accept`, {}, accept) },
      {
        status: 409,
        code: "offers.has_subscription",
        run: async () => {
          const owner = await subscriber();
          const made = await call("POST", "/api/desk/offers", await staff(), newOffer());
          // The address got an account and a subscription after the offer was made.
          await local.db.query("UPDATE offers SET email = $2 WHERE id = $1", [made.json().offer.id, owner.email]);
          const { rows } = await local.db.query<{ token: string }>("SELECT token FROM offers WHERE id = $1", [made.json().offer.id]);
          return call("POST", `/api/offers/${rows[0]!.token}/accept`, {}, accept);
        },
      },
      { status: 410, code: "offers.expired", run: async () => call("POST", `/api/offers/${(await offer("expired")).token}/accept`, {}, accept) },
      { status: 429, code: "request.too_many", run: async () => secondFromOneAddress(`/api/offers/${(await offer("sent")).token}/accept`, accept) },
      { status: 502, code: "payments.unavailable", run: async () => call("POST", `/api/offers/${(await offer("sent")).token}/accept`, {}, accept, refused) },
      { status: 503, code: "payments.unavailable", run: async () => call("POST", `/api/offers/${(await offer("sent")).token}/accept`, {}, accept, failing) },
    ],
    "POST /api/offers/{token}/pay": [
      { status: 200, run: async () => call("POST", `/api/offers/${(await offer("signed")).token}/pay`) },
      { status: 403, code: "offers.not_buyer", run: async () => call("POST", `/api/offers/${(await ofMember("signed")).token}/pay`) },
      { status: 404, code: "offers.not_found", run: () => call("POST", `/api/offers/${unknown}/pay`) },
      { status: 409, code: "offers.not_payable", run: async () => call("POST", `/api/offers/${(await offer("sent")).token}/pay`) },
      { status: 410, code: "offers.expired", run: async () => call("POST", `/api/offers/${(await offer("expired")).token}/pay`) },
      { status: 429, code: "request.too_many", run: async () => secondFromOneAddress(`/api/offers/${(await offer("signed")).token}/pay`) },
      { status: 502, code: "payments.unavailable", run: async () => call("POST", `/api/offers/${(await offer("signed")).token}/pay`, {}, undefined, refused) },
      { status: 503, code: "payments.unavailable", run: async () => call("POST", `/api/offers/${(await offer("signed")).token}/pay`, {}, undefined, failing) },
    ],
    "POST /api/offers/{token}/mandate": [
      { status: 200, run: async () => call("POST", `/api/offers/${(await offer("carded")).token}/mandate`) },
      { status: 404, code: "offers.not_found", run: () => call("POST", `/api/offers/${unknown}/mandate`) },
      { status: 409, code: "offers.not_paid", run: async () => call("POST", `/api/offers/${(await offer("signed")).token}/mandate`) },
      { status: 409, code: "offers.mandate_exists", run: async () => call("POST", `/api/offers/${(await offer("paid")).token}/mandate`) },
      { status: 429, code: "request.too_many", run: async () => secondFromOneAddress(`/api/offers/${(await offer("carded")).token}/mandate`) },
      { status: 502, code: "payments.unavailable", run: async () => call("POST", `/api/offers/${(await offer("carded")).token}/mandate`, {}, undefined, refused) },
      { status: 503, code: "payments.unavailable", run: async () => call("POST", `/api/offers/${(await offer("carded")).token}/mandate`, {}, undefined, failing) },
    ],
    "POST /api/offers/{token}/decline": [
      { status: 200, run: async () => call("POST", `/api/offers/${(await offer("sent")).token}/decline`, {}, { reason: "Te duur" }) },
      { status: 400, run: async () => call("POST", `/api/offers/${(await offer("sent")).token}/decline`, {}, { reason: "x".repeat(1001) }) },
      { status: 404, code: "offers.not_found", run: () => call("POST", `/api/offers/${unknown}/decline`, {}, {}) },
      { status: 409, code: "offers.already_accepted", run: async () => call("POST", `/api/offers/${(await offer("signed")).token}/decline`, {}, {}) },
      { status: 409, code: "offers.declined", run: async () => call("POST", `/api/offers/${(await offer("declined")).token}/decline`, {}, {}) },
      { status: 410, code: "offers.expired", run: async () => call("POST", `/api/offers/${(await offer("expired")).token}/decline`, {}, {}) },
      { status: 429, code: "request.too_many", run: async () => secondFromOneAddress(`/api/offers/${(await offer("sent")).token}/decline`, {}) },
    ],
    "GET /api/packages/current": [
      { status: 200, run: async () => call("GET", "/api/packages/current", (await holder()).owner.headers) },
      { status: 401, code: "auth.required", run: () => call("GET", "/api/packages/current") },
      {
        status: 403,
        code: "team.forbidden",
        run: async () => {
          const p = await person(local);
          await local.db.query("DELETE FROM company_members WHERE user_id = $1", [p.id]);
          return call("GET", "/api/packages/current", p.headers);
        },
      },
    ],
    "POST /api/packages/upgrade": [
      { status: 201, run: async () => call("POST", "/api/packages/upgrade", (await holder()).owner.headers, { package: "enterprise" }) },
      { status: 400, run: async () => call("POST", "/api/packages/upgrade", (await holder()).owner.headers, { package: "platinum" }) },
      { status: 401, code: "auth.required", run: () => call("POST", "/api/packages/upgrade", {}, { package: "enterprise" }) },
      {
        status: 403,
        code: "team.forbidden",
        run: async () => call("POST", "/api/packages/upgrade", (await person(local, { companyId: (await holder()).companyId, role: "member" })).headers, { package: "enterprise" }),
      },
      { status: 409, code: "offers.no_package", run: async () => call("POST", "/api/packages/upgrade", await customer(), { package: "enterprise" }) },
      { status: 409, code: "offers.not_an_upgrade", run: async () => call("POST", "/api/packages/upgrade", (await holder()).owner.headers, { package: "starter" }) },
      { status: 409, code: "offers.upgrade_pending", run: async () => call("POST", "/api/packages/upgrade", (await requested()).owner.headers, { package: "enterprise" }) },
    ],
    "GET /api/desk/offers": [
      { status: 200, run: async () => call("GET", "/api/desk/offers?status=sent", await staff()) },
      { status: 400, run: async () => call("GET", "/api/desk/offers?status=lost", await staff()) },
      { status: 401, code: "auth.required", run: () => call("GET", "/api/desk/offers") },
      { status: 403, code: "desk.forbidden", run: async () => call("GET", "/api/desk/offers", await customer()) },
    ],
    "POST /api/desk/offers": [
      { status: 201, run: async () => call("POST", "/api/desk/offers", await staff(), newOffer({ lines: [{ description: "Extra pagina", amountCents: 15_000 }] })) },
      { status: 400, run: async () => call("POST", "/api/desk/offers", await staff(), { ...newOffer(), package: "gold" }) },
      {
        status: 400,
        code: "offers.invalid_total",
        run: async () => call("POST", "/api/desk/offers", await staff(), newOffer({ package: "starter", lines: [{ description: "Korting", amountCents: -49_900 }] })),
      },
      { status: 401, code: "auth.required", run: () => call("POST", "/api/desk/offers", {}, newOffer()) },
      { status: 403, code: "desk.forbidden", run: async () => call("POST", "/api/desk/offers", await customer(), newOffer()) },
      { status: 404, code: "desk.lead_not_found", run: async () => call("POST", "/api/desk/offers", await staff(), newOffer({ leadId: 2_000_000_000 })) },
      { status: 409, code: "offers.no_package", run: async () => call("POST", "/api/desk/offers", await staff(), newOffer({ email: (await holder(false)).owner.email })) },
      {
        status: 409,
        code: "offers.not_an_upgrade",
        run: async () => call("POST", "/api/desk/offers", await staff(), newOffer({ email: (await holder()).owner.email, package: "starter" })),
      },
      {
        status: 409,
        code: "offers.upgrade_pending",
        run: async () => call("POST", "/api/desk/offers", await staff(), newOffer({ email: (await requested()).owner.email, package: "enterprise" })),
      },
      { status: 409, code: "offers.has_subscription", run: async () => call("POST", "/api/desk/offers", await staff(), newOffer({ email: (await subscriber()).email })) },
      { status: 409, code: "offers.not_buyer", run: async () => call("POST", "/api/desk/offers", await staff(), newOffer({ email: (await member()).email })) },
    ],
    "GET /api/desk/offers/{id}": [
      { status: 200, run: async () => call("GET", `/api/desk/offers/${(await offer("sent")).id}`, await staff()) },
      { status: 400, run: async () => call("GET", "/api/desk/offers/not-a-uuid", await staff()) },
      { status: 401, code: "auth.required", run: () => call("GET", `/api/desk/offers/${noId}`) },
      { status: 403, code: "desk.forbidden", run: async () => call("GET", `/api/desk/offers/${noId}`, await customer()) },
      { status: 404, code: "offers.not_found", run: async () => call("GET", `/api/desk/offers/${noId}`, await staff()) },
    ],
    "POST /api/desk/offers/{id}/send": [
      { status: 200, run: async () => call("POST", `/api/desk/offers/${(await requested()).id}/send`, await staff()) },
      { status: 400, run: async () => call("POST", "/api/desk/offers/not-a-uuid/send", await staff()) },
      { status: 401, code: "auth.required", run: () => call("POST", `/api/desk/offers/${noId}/send`) },
      { status: 403, code: "desk.forbidden", run: async () => call("POST", `/api/desk/offers/${noId}/send`, await customer()) },
      { status: 404, code: "offers.not_found", run: async () => call("POST", `/api/desk/offers/${noId}/send`, await staff()) },
      { status: 409, code: "offers.not_requested", run: async () => call("POST", `/api/desk/offers/${(await offer("sent")).id}/send`, await staff()) },
    ],
    "POST /api/desk/offers/{id}/delivered": [
      { status: 200, run: async () => call("POST", `/api/desk/offers/${(await offer("paid")).id}/delivered`, await staff()) },
      { status: 400, run: async () => call("POST", "/api/desk/offers/not-a-uuid/delivered", await staff()) },
      { status: 401, code: "auth.required", run: () => call("POST", `/api/desk/offers/${noId}/delivered`) },
      { status: 403, code: "desk.forbidden", run: async () => call("POST", `/api/desk/offers/${noId}/delivered`, await customer()) },
      { status: 404, code: "offers.not_found", run: async () => call("POST", `/api/desk/offers/${noId}/delivered`, await staff()) },
      { status: 409, code: "offers.already_delivered", run: async () => call("POST", `/api/desk/offers/${(await offer("delivered")).id}/delivered`, await staff()) },
      { status: 409, code: "offers.not_paid", run: async () => call("POST", `/api/desk/offers/${(await offer("signed")).id}/delivered`, await staff()) },
      {
        status: 409,
        code: "offers.no_package",
        run: async () => {
          // An upgrade paid for a package whose monthly fee has gone.
          const { owner, companyId } = await holder();
          const up = await offer("paid", { email: owner.email, package: "enterprise" });
          await local.db.query("UPDATE company_packages SET subscription_id = NULL WHERE company_id = $1", [companyId]);
          return call("POST", `/api/desk/offers/${up.id}/delivered`, await staff());
        },
      },
      {
        status: 409,
        code: "offers.has_subscription",
        run: async () => {
          const owner = await person(local);
          const paid = await offer("paid", { email: owner.email });
          await local.db.query(
            `INSERT INTO subscriptions (company_id, user_id, plan_id, billing_period, provider, status, current_period_start, current_period_end, billing_anchor)
             VALUES ($1, $2, 'pro', 'monthly', 'local', 'active', now(), now() + interval '1 month', now())`,
            [await companyOf(local, owner.id), owner.id],
          );
          return call("POST", `/api/desk/offers/${paid.id}/delivered`, await staff());
        },
      },
      { status: 502, code: "payments.unavailable", run: async () => stripeDelivery(refused) },
      { status: 503, code: "payments.unavailable", run: async () => stripeDelivery(failing) },
    ],
  };

  /** A paid offer whose deposit Stripe took (its company a Stripe customer), delivered on `app`, whose Stripe refuses or fails. */
  async function stripeDelivery(app: TestApp) {
    const owner = await person(local);
    const paid = await offer("paid", { email: owner.email });
    await local.db.query("UPDATE invoices SET provider = 'stripe' WHERE offer_id = $1", [paid.id]);
    await local.db.query("INSERT INTO payment_customers (company_id, provider, customer_id) VALUES ($1, 'stripe', $2)", [
      await companyOf(local, owner.id),
      `cus_offer_${paid.id}`,
    ]);
    return call("POST", `/api/desk/offers/${paid.id}/delivered`, await staff(), undefined, app);
  }
}
