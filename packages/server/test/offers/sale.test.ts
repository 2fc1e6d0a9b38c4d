import { agencyYearMonth, offerAmounts, packageFeesCents, VAT_RATE } from "@agency/contract";
import { activePackageOf } from "../../src/offers/packages-repository";
import { runSubscriptionRenewal } from "../../src/jobs/subscription-renewal";
import { buildTestApp, linkToken, type TestApp } from "../support/helpers";
import { auditEntries, signedInStaff, type StaffLogin } from "../support/desk-helpers";
import { acceptAndPay, deliver, invoicesOf, mails, makeOffer, newOffer, offerRow, payAtTestCheckout, payNow, publicOf, view } from "../support/offers-harness";

/**
 * The whole sale with the test provider, over HTTP as the desk and the customer's browser reach it: an offer made in
 * the desk and mailed, opened without a session, signed, its deposit paid with iDEAL at the test bank (an account and
 * a company made for a new address, the package held, the signed offer mailed to both sides), delivered (the balance
 * invoiced, the monthly fee started on the first of the next month by direct debit), the balance paid, and the first
 * monthly invoice.
 */

const SITE = "https://agency.example";
let t: TestApp;
let staff: StaffLogin;

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: SITE, AGENCY_INBOX: "desk@agency.example", INVOICE_ISSUER_NAME: "Pixelwerf B.V." } });
  staff = await signedInStaff(t, "staff");
});
afterAll(async () => {
  await t?.close();
});

/** The year of the invoice series at `at`: the year in the Netherlands. */
const year = (at: Date = new Date()) => agencyYearMonth(at).year;

describe("an offer from the desk, accepted and paid in the browser, delivered", () => {
  it("runs from the desk to the first monthly invoice, each step once and written to the audit log", async () => {
    const body = newOffer({ package: "professional", lines: [{ description: "Extra landingspagina", amountCents: 15_000 }] });
    const { offer, token } = await makeOffer(t, staff, body);
    const fees = packageFeesCents("professional");
    expect(offer).toMatchObject({
      status: "sent",
      kind: "new",
      startupFeeCents: fees.startupFeeCents,
      monthlyFeeCents: fees.monthlyFeeCents,
      depositCents: Math.round((fees.startupFeeCents + 15_000) / 2),
      currency: "EUR",
      vatRate: 21,
    });
    expect(offer.number).toMatch(new RegExp(`^OFF-\\d{4}-\\d{4}$`));
    expect(Date.parse(offer.expiresAt) - Date.now()).toBeGreaterThan(29.9 * 24 * 3600_000);

    // The customer's mail links to the offer's page in Dutch.
    const [offerMail] = await mails(t, body.email);
    expect(offerMail).toContain(`${SITE}/offer?token=${token}`);
    expect(linkToken(offerMail!, "offer")).toBe(token);

    // Opened without a session: viewed, once.
    const seen = await publicOf(t, token);
    expect(seen).toMatchObject({ status: "viewed", payable: null, package: { id: "professional", name: "Professional" } });
    expect(seen.package.features).toContain("Meertalig");
    expect(seen.lines.map((l) => l.description)).toEqual(["Professional-pakket: opstartkosten", "Extra landingspagina"]);
    expect(seen.oneTime).toEqual({ netCents: 114_900, vatCents: 24_129, totalCents: 139_029 });
    expect((await view(t, token)).json().offer.status).toBe("viewed");
    expect((await auditEntries(t, "offer.viewed")).filter((e) => e.target === `offer:${offer.id}`)).toHaveLength(1);

    // Signed and paid with iDEAL at the test bank.
    const paid = await acceptAndPay(t, token, "ideal");
    expect(paid.headers.location).toBe(`${SITE}/offer?token=${token}&lang=nl&paid=deposit`);
    const afterPay = await publicOf(t, token);
    expect(afterPay).toMatchObject({ status: "accepted", signature: { name: "Jan Bakker" }, needsMandate: false, payable: null });
    const stored = await offerRow(t, offer.id);
    expect(stored).toMatchObject({ signed_name: "Jan Bakker", terms_version: "2025-01-05" });
    expect(stored.signed_ip).toBeTruthy();
    expect(String(stored.mandate_ref)).toMatch(/^TEST-MANDATE-/);

    // An account and a company were made for the address; the company holds the package.
    const { rows: users } = await t.db.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [body.email]);
    expect(users).toHaveLength(1);
    const companyId = stored.company_id as string;
    expect(await activePackageOf(t.db, companyId)).toMatchObject({ id: "professional", delivered: false });

    const [deposit] = await invoicesOf(t, offer.id);
    expect(deposit).toMatchObject({ kind: "deposit", status: "paid", number: `TEST-${year()}-0001`, company_id: companyId });
    expect(deposit!.total_cents).toBe(afterPay.deposit.totalCents);

    // Both sides get the signed offer; the new account gets a link to choose its password.
    const customerMails = await mails(t, body.email);
    expect(customerMails.some((m) => /Content-Type: application\/pdf; name=OFF-/.test(m) && m.includes(deposit!.number))).toBe(true);
    expect(linkToken(customerMails, "reset-password")).toBeTruthy();
    expect((await mails(t, "desk@agency.example")).some((m) => m.includes(offer.number) && /application\/pdf/.test(m))).toBe(true);

    // Delivered: the balance is invoiced with 14 days to pay, and the monthly fee starts on the first of next month.
    const delivered = await deliver(t, staff, offer.id);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().offer.status).toBe("delivered");
    const balance = (await invoicesOf(t, offer.id)).find((i) => i.kind === "balance")!;
    expect(balance).toMatchObject({ status: "open", number: `TEST-${year()}-0002` });
    expect(balance.due_at!.getTime() - balance.issued_at.getTime()).toBe(14 * 24 * 3600_000);
    // Deposit and balance add up to the offer, to the cent.
    expect(deposit!.total_cents + balance.total_cents).toBe(seen.oneTime.totalCents);
    expect(deposit!.vat_cents + balance.vat_cents).toBe(seen.oneTime.vatCents);

    const { rows: subs } = await t.db.query<{ plan_id: string; status: string; current_period_end: Date; provider: string }>(
      "SELECT plan_id, status, current_period_end, provider FROM subscriptions WHERE company_id = $1",
      [companyId],
    );
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ plan_id: "professional", status: "active", provider: "local" });
    expect(subs[0]!.current_period_end.getUTCDate()).toBe(1);
    expect((await activePackageOf(t.db, companyId))?.delivered).toBe(true);

    // The balance mail links back to the offer's page, where the balance is paid.
    expect((await mails(t, body.email)).some((m) => m.includes(balance.number) && m.includes(`/offer?token=${token}`))).toBe(true);
    expect((await publicOf(t, token)).payable).toBe("balance");
    const pay = await payNow(t, token);
    expect(pay.statusCode, pay.body).toBe(200);
    expect((await payAtTestCheckout(t, pay.json().checkoutUrl, "card")).statusCode).toBe(303);
    expect((await invoicesOf(t, offer.id)).find((i) => i.kind === "balance")?.status).toBe("paid");
    expect((await payNow(t, token)).json().code).toBe("offers.not_payable");

    // The first of the month: the first monthly invoice, collected by direct debit.
    const renewal = await runSubscriptionRenewal(t.db, new Date(subs[0]!.current_period_end.getTime() + 60_000));
    expect(renewal.renewed).toBe(1);
    const { rows: monthly } = await t.db.query<{ number: string; net_cents: number; vat_cents: number; total_cents: number; status: string; issued_at: Date }>(
      "SELECT number, net_cents, vat_cents, total_cents, status, issued_at FROM invoices WHERE company_id = $1 AND kind = 'monthly'",
      [companyId],
    );
    const expected = offerAmounts({ startupFeeCents: 0, extraCents: [], monthlyFeeCents: fees.monthlyFeeCents, vatRate: VAT_RATE }).monthly;
    const issued = monthly[0]!.issued_at;
    expect(issued.getTime()).toBe(subs[0]!.current_period_end.getTime());
    // The next number of the year it is issued in: a January invoice starts the new year's series.
    const number = `TEST-${year(issued)}-${year(issued) === year() ? "0003" : "0001"}`;
    expect(monthly).toEqual([{ number, net_cents: expected.netCents, vat_cents: expected.vatCents, total_cents: expected.totalCents, status: "paid", issued_at: issued }]);
    // The renewal's mail says what that invoice charged, VAT included.
    const { rows: said } = await t.db.query("SELECT invoice_total_cents, invoice_tax_cents FROM subscriptions WHERE company_id = $1", [companyId]);
    expect(said).toEqual([{ invoice_total_cents: expected.totalCents, invoice_tax_cents: expected.vatCents }]);

    // The company's data export holds the offer with its signature, and its invoices.
    const session = await t.app.sessions.create(users[0]!.id);
    const exported = (await t.app.inject({ url: "/api/account/export", headers: { authorization: `Bearer ${session}` } })).json();
    expect(exported.offers).toEqual([expect.objectContaining({ number: offer.number, status: "delivered", signed_name: "Jan Bakker", signed_ip: stored.signed_ip })]);
    expect(exported.invoices.map((i: { number: string }) => i.number)).toEqual([deposit!.number, balance.number, monthly[0]!.number]);

    const history = (await t.app.inject({ url: `/api/desk/offers/${offer.id}`, headers: staff.headers })).json().offer.history as { action: string }[];
    expect(history.map((e) => e.action)).toEqual(["offer.created", "offer.viewed", "offer.accepted", "offer.paid", "offer.delivered", "offer.balance_paid"]);

    // A monthly fee that has ended holds the package no more (what requests' priority and allowance read).
    await t.db.query("UPDATE subscriptions SET status = 'canceled' WHERE company_id = $1", [companyId]);
    expect(await activePackageOf(t.db, companyId)).toBeNull();
  });
});
