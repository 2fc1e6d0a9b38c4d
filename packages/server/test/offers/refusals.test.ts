import { buildTestApp, nextIp, quoteRequest, type TestApp } from "../support/helpers";
import { auditEntries, signedInStaff, type StaffLogin } from "../support/desk-helpers";
import { company, companyOf, person } from "../support/teams-harness";
import {
  accept,
  acceptAndPay,
  deliver,
  invoicesOf,
  mails,
  makeOffer,
  newOffer,
  offerRow,
  payAtTestCheckout,
  payNow,
  publicOf,
  view,
} from "../support/offers-harness";
import { expireOpenOffers } from "../../src/offers/delivery";
import { activePackageOf } from "../../src/offers/packages-repository";

/**
 * Every refusal of the sale, from the adversary's side: who may call the desk's offer calls, an offer past its 30
 * days, signing twice at once, paying twice (two checkouts of one deposit), delivering twice at once or before the
 * deposit, and declining. Each is refused without changing what was stored.
 */

const SITE = "https://agency.example";
let t: TestApp;
let staff: StaffLogin;

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: SITE } });
  staff = await signedInStaff(t, "staff");
});
afterAll(async () => {
  await t?.close();
});

const audits = async (action: string, offerId: string) => (await auditEntries(t, action)).filter((e) => e.target === `offer:${offerId}`);

describe("the desk's offer calls", () => {
  it("are for staff only: none is 401, a customer's token 403, for making, listing, reading, sending and delivering", async () => {
    const { offer } = await makeOffer(t, staff);
    const customer = await person(t);
    const calls = [
      { method: "POST" as const, url: "/api/desk/offers", payload: newOffer() },
      { method: "GET" as const, url: "/api/desk/offers" },
      { method: "GET" as const, url: `/api/desk/offers/${offer.id}` },
      { method: "POST" as const, url: `/api/desk/offers/${offer.id}/send` },
      { method: "POST" as const, url: `/api/desk/offers/${offer.id}/delivered` },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).json().code).toBe("auth.required");
      const stranger = await t.app.inject({ ...call, headers: customer.headers });
      expect([stranger.statusCode, stranger.json().code]).toEqual([403, "desk.forbidden"]);
    }
    expect(await offerRow(t, offer.id)).toMatchObject({ status: "sent", delivered_at: null });
  });

  it("refuses an unknown lead, a package that does not exist and a one-time amount of nothing; links a lead that exists", async () => {
    const refuse = (payload: object) => t.app.inject({ method: "POST", url: "/api/desk/offers", headers: staff.headers, payload });
    expect((await refuse(newOffer({ leadId: 999_999 }))).json().code).toBe("desk.lead_not_found");
    expect((await refuse({ ...newOffer(), package: "gold" })).statusCode).toBe(400);
    const free = await refuse(newOffer({ package: "starter", lines: [{ description: "Korting", amountCents: -49_900 }] }));
    expect([free.statusCode, free.json().code]).toEqual([400, "offers.invalid_total"]);

    const lead = await t.app.inject({ method: "POST", url: "/api/contact", payload: quoteRequest({ fillMs: 10_000 }), remoteAddress: nextIp() });
    expect(lead.statusCode).toBe(200);
    const { rows } = await t.db.query<{ id: number }>("SELECT id FROM contact_requests ORDER BY id DESC LIMIT 1");
    const { offer } = await makeOffer(t, staff, newOffer({ leadId: rows[0]!.id }));
    expect(offer.leadId).toBe(rows[0]!.id);
  });

  it("lists by status with the total, and reads one with its history", async () => {
    const { offer } = await makeOffer(t, staff);
    const list = (await t.app.inject({ url: "/api/desk/offers?status=sent", headers: staff.headers })).json();
    expect(list.total).toBeGreaterThan(0);
    expect(list.offers.every((o: { status: string }) => o.status === "sent")).toBe(true);
    const detail = (await t.app.inject({ url: `/api/desk/offers/${offer.id}`, headers: staff.headers })).json().offer;
    expect(detail.history.map((e: { action: string; actor: string }) => [e.action, e.actor])).toEqual([["offer.created", staff.email]]);
    expect(detail.link).toMatch(/^https:\/\/agency\.example\/offer\?token=/);
    expect((await t.app.inject({ url: "/api/desk/offers/00000000-0000-4000-8000-000000000000", headers: staff.headers })).json().code).toBe("offers.not_found");
  });
});

describe("the offer's link", () => {
  it("answers 404 for an unknown token and for an upgrade still waiting for staff", async () => {
    expect((await view(t, "no-such-token")).json().code).toBe("offers.not_found");
    expect((await accept(t, "no-such-token")).json().code).toBe("offers.not_found");
  });

  it("after 30 days: 410 to opening, signing, paying and declining; listed and logged as expired, once", async () => {
    const { offer, token } = await makeOffer(t, staff);
    await t.db.query("UPDATE offers SET expires_at = now() - interval '1 minute' WHERE id = $1", [offer.id]);
    for (const res of [await view(t, token), await accept(t, token), await payNow(t, token)]) {
      expect([res.statusCode, res.json().code]).toEqual([410, "offers.expired"]);
    }
    const declined = await t.app.inject({ method: "POST", url: `/api/offers/${token}/decline`, payload: {}, remoteAddress: nextIp() });
    expect(declined.statusCode).toBe(410);
    const expired = (await t.app.inject({ url: "/api/desk/offers?status=expired", headers: staff.headers })).json();
    expect(expired.offers.map((o: { id: string }) => o.id)).toContain(offer.id);
    await expireOpenOffers(t.app);
    await expireOpenOffers(t.app);
    expect(await audits("offer.expired", offer.id)).toHaveLength(1);
    expect((await offerRow(t, offer.id)).status).toBe("expired");
  });

  it("is signed once: two signatures at the same moment, one is taken and the other refused", async () => {
    const { offer, token } = await makeOffer(t, staff);
    const answers = await Promise.all([accept(t, token, "Jan Bakker"), accept(t, token, "Piet Bakker")]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe("offers.already_accepted");
    expect(await audits("offer.accepted", offer.id)).toHaveLength(1);
    expect((await accept(t, token)).json().code).toBe("offers.already_accepted");
    // A signed offer is not declined afterwards.
    expect((await t.app.inject({ method: "POST", url: `/api/offers/${token}/decline`, payload: {}, remoteAddress: nextIp() })).json().code).toBe(
      "offers.already_accepted",
    );
  });

  it("is paid once: of two checkouts of one deposit paid at the same moment, the second is refunded", async () => {
    const { offer, token } = await makeOffer(t, staff);
    const first = await accept(t, token);
    // A second tab: paying again closes the first checkout, whose page then says it was cancelled.
    const second = await payNow(t, token);
    expect((await payAtTestCheckout(t, first.json().checkoutUrl, "card")).statusCode).toBe(410);
    // Two checkouts open at once (as a race between two tabs leaves them), both paid.
    const third = await t.app.payments.local.createPaymentCheckout({
      purpose: "offer_deposit",
      reference: offer.id,
      company: null,
      email: offer.email,
      name: offer.name,
      amountCents: 1,
      description: "race",
      locale: "nl",
      successUrl: `${SITE}/offer`,
      cancelUrl: `${SITE}/offer`,
      apiBaseUrl: `${SITE}/api`,
      keepMandate: true,
    });
    const paid = await Promise.all([payAtTestCheckout(t, second.json().checkoutUrl, "ideal"), payAtTestCheckout(t, third.checkoutUrl, "card")]);
    expect(paid.map((p) => p.statusCode)).toEqual([303, 303]);
    const { rows } = await t.db.query<{ status: string }>("SELECT status FROM payment_checkouts WHERE reference = $1 AND status IN ('paid', 'refunded') ORDER BY status", [
      offer.id,
    ]);
    expect(rows.map((r) => r.status)).toEqual(["paid", "refunded"]);
    expect((await invoicesOf(t, offer.id)).filter((i) => i.kind === "deposit")).toHaveLength(1);
    expect(await audits("offer.paid", offer.id)).toHaveLength(1);
    const { rows: accounts } = await t.db.query("SELECT 1 FROM users WHERE email = $1", [offer.email]);
    expect(accounts).toHaveLength(1);
    expect((await mails(t, offer.email)).filter((m) => /^Subject: .*OFF-/m.test(m) && /application\/pdf/.test(m))).toHaveLength(1);
    expect((await payNow(t, token)).json().code).toBe("offers.not_payable");
  });

  it("is declined with a reason kept for staff; it can be neither signed nor declined again", async () => {
    const { offer, token } = await makeOffer(t, staff);
    const declined = await t.app.inject({ method: "POST", url: `/api/offers/${token}/decline`, payload: { reason: "Te duur" }, remoteAddress: nextIp() });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().offer.status).toBe("declined");
    expect((await accept(t, token)).json().code).toBe("offers.declined");
    expect((await t.app.inject({ method: "POST", url: `/api/offers/${token}/decline`, remoteAddress: nextIp() })).json().code).toBe("offers.declined");
    const detail = (await t.app.inject({ url: `/api/desk/offers/${offer.id}`, headers: staff.headers })).json().offer;
    expect(detail).toMatchObject({ status: "declined", declineReason: "Te duur" });
  });
});

describe("delivery", () => {
  it("waits for the deposit, and happens once when two colleagues mark it delivered at the same moment", async () => {
    const { offer, token } = await makeOffer(t, staff, newOffer({ package: "starter" }));
    expect((await deliver(t, staff, offer.id)).json().code).toBe("offers.not_paid");
    await acceptAndPay(t, token, "ideal");
    const colleague = await signedInStaff(t, "admin");
    const answers = await Promise.all([deliver(t, staff, offer.id), deliver(t, colleague, offer.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe("offers.already_delivered");
    expect((await invoicesOf(t, offer.id)).filter((i) => i.kind === "balance")).toHaveLength(1);
    const { rows } = await t.db.query("SELECT 1 FROM subscriptions WHERE company_id = (SELECT company_id FROM offers WHERE id = $1)", [offer.id]);
    expect(rows).toHaveLength(1);
    expect(await audits("offer.delivered", offer.id)).toHaveLength(1);
    expect((await publicOf(t, token)).status).toBe("delivered");
  });

  it("of a new package is refused for a company that has a subscription of another kind", async () => {
    const owner = await person(t);
    const { rows } = await t.db.query<{ company_id: string }>("SELECT company_id FROM company_members WHERE user_id = $1", [owner.id]);
    await t.db.query(
      `INSERT INTO subscriptions (company_id, user_id, plan_id, billing_period, provider, status, current_period_start, current_period_end, billing_anchor)
       VALUES ($1, $2, 'pro', 'monthly', 'local', 'active', now(), now() + interval '1 month', now())`,
      [rows[0]!.company_id, owner.id],
    );
    const res = await t.app.inject({ method: "POST", url: "/api/desk/offers", headers: staff.headers, payload: newOffer({ email: owner.email }) });
    expect([res.statusCode, res.json().code]).toEqual([409, "offers.has_subscription"]);
  });
});

describe("who may order for a company", () => {
  it("its owner or a billing member only: an admin's or a member's address is refused in the desk, at the signature and at the deposit", async () => {
    const team = await company(t);
    for (const role of ["admin", "member"] as const) {
      const res = await t.app.inject({ method: "POST", url: "/api/desk/offers", headers: staff.headers, payload: newOffer({ email: team.people[role].email }) });
      expect([res.statusCode, res.json().code]).toEqual([409, "offers.not_buyer"]);
    }
    // Made while the address was a billing member's; the role is taken away before the signature.
    const { offer, token } = await makeOffer(t, staff, newOffer({ email: team.people.billing.email, package: "starter" }));
    await t.db.query("UPDATE company_members SET role = 'member' WHERE user_id = $1", [team.people.billing.id]);
    const refused = await accept(t, token);
    expect([refused.statusCode, refused.json().code]).toEqual([403, "offers.not_buyer"]);
    expect(await offerRow(t, offer.id)).toMatchObject({ status: "sent", signed_at: null, company_id: null });
    // Given back: signed for the company; taken away again before paying: no checkout for the deposit.
    await t.db.query("UPDATE company_members SET role = 'billing' WHERE user_id = $1", [team.people.billing.id]);
    expect((await accept(t, token)).statusCode).toBe(200);
    expect(await offerRow(t, offer.id)).toMatchObject({ status: "accepted", company_id: team.id });
    await t.db.query("UPDATE company_members SET role = 'member' WHERE user_id = $1", [team.people.billing.id]);
    expect((await payNow(t, token)).json().code).toBe("offers.not_buyer");
    await t.db.query("UPDATE company_members SET role = 'billing' WHERE user_id = $1", [team.people.billing.id]);
    expect((await payAtTestCheckout(t, (await payNow(t, token)).json().checkoutUrl)).statusCode).toBe(303);
    expect(await activePackageOf(t.db, team.id)).toMatchObject({ id: "starter", offerId: offer.id });
  });

  it("an account whose address nobody proved: the order goes to its company, whoever registered it is signed out and locked out", async () => {
    const squatter = await person(t);
    await t.db.query("UPDATE users SET email_verified_at = NULL, password_hash = 'known' WHERE id = $1", [squatter.id]);
    const { offer, token } = await makeOffer(t, staff, newOffer({ email: squatter.email, package: "starter" }));
    await acceptAndPay(t, token);
    expect((await offerRow(t, offer.id)).company_id).toBe(await companyOf(t, squatter.id));
    expect((await t.app.inject({ url: "/api/auth/me", headers: squatter.headers })).statusCode).toBe(401);
    const { rows } = await t.db.query<{ password_hash: string; email_verified_at: Date | null }>("SELECT password_hash, email_verified_at FROM users WHERE id = $1", [
      squatter.id,
    ]);
    expect(rows[0]!.password_hash).not.toBe("known");
    expect(rows[0]!.email_verified_at).toBeNull();
    expect((await mails(t, squatter.email)).filter((m) => /reset-password\?token=/.test(m))).toHaveLength(1);
  });
});
