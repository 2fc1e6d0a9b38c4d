import { packageFeesCents, vatOf } from "@agency/contract";
import { runSubscriptionRenewal } from "../../src/jobs/subscription-renewal";
import { runOfferJobs } from "../../src/offers/delivery";
import { activePackageOf } from "../../src/offers/packages-repository";
import { buildTestApp, nextIp, type TestApp } from "../support/helpers";
import { auditEntries, signedInStaff, type StaffLogin } from "../support/desk-helpers";
import { person, type Person } from "../support/teams-harness";
import { acceptAndPay, deliver, invoicesOf, mails, makeOffer, newOffer, offerRow, payAtTestCheckout, publicOf, tokenOf } from "../support/offers-harness";

/**
 * After the sale: upgrades a customer asks for from the settings (only the difference in startup fee, the new monthly
 * fee from the next month, sent by staff like any offer), the direct debit mandate a card payment still owes, and the
 * one reminder of a balance unpaid after its payment term.
 */

const SITE = "https://agency.example";
let t: TestApp;
let staff: StaffLogin;

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: SITE, AGENCY_INBOX: "desk@agency.example" } });
  staff = await signedInStaff(t, "staff");
});
afterAll(async () => {
  await t?.close();
});

/** A customer (the owner of a company with an account) whose package is delivered. */
async function customerWith(pkg: "starter" | "professional", method: "card" | "ideal" = "ideal") {
  const owner = await person(t);
  const { offer, token } = await makeOffer(t, staff, newOffer({ email: owner.email, package: pkg }));
  await acceptAndPay(t, token, method);
  expect((await deliver(t, staff, offer.id)).statusCode).toBe(200);
  const companyId = (await offerRow(t, offer.id)).company_id as string;
  return { owner, offer, token, companyId };
}

const askUpgrade = (who: Person, pkg: string) =>
  t.app.inject({ method: "POST", url: "/api/packages/upgrade", headers: who.headers, payload: { package: pkg }, remoteAddress: nextIp() });
const current = async (who: Person) => (await t.app.inject({ url: "/api/packages/current", headers: who.headers })).json();

describe("an upgrade asked for from the settings", () => {
  it("charges only the difference, waits for staff to send it, and moves the monthly fee up from the next month", async () => {
    const { owner, companyId } = await customerWith("starter");
    expect(await current(owner)).toMatchObject({ package: { id: "starter", delivered: true }, upgrade: null, upgrades: ["professional", "enterprise"] });
    // Only a higher package, and only the owner or a billing member may ask.
    expect((await askUpgrade(owner, "starter")).json().code).toBe("offers.not_an_upgrade");
    const member = await person(t, { companyId, role: "member" });
    expect((await askUpgrade(member, "enterprise")).json().code).toBe("team.forbidden");

    const asked = await askUpgrade(owner, "enterprise");
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().upgrade).toMatchObject({ package: "enterprise", status: "requested" });
    expect((await askUpgrade(owner, "professional")).json().code).toBe("offers.upgrade_pending");
    expect((await current(owner)).upgrades).toEqual([]);
    expect((await mails(t, "desk@agency.example")).some((m) => m.includes("Enterprise") && m.includes("/desk/offers/"))).toBe(true);

    const { rows: upgrades } = await t.db.query<{ id: string }>("SELECT id FROM offers WHERE company_id = $1 AND kind = 'upgrade'", [companyId]);
    const upgradeId = upgrades[0]!.id;
    const token = await tokenOf(t, upgradeId);
    // Not visible to the customer until staff send it.
    expect((await t.app.inject({ url: `/api/offers/${token}` })).statusCode).toBe(404);
    const sent = await t.app.inject({ method: "POST", url: `/api/desk/offers/${upgradeId}/send`, headers: staff.headers });
    expect(sent.statusCode, sent.body).toBe(200);
    // Mailed in the customer's language, to the offer's page in it.
    expect((await mails(t, owner.email)).some((m) => m.includes(`${SITE}/en/offer?token=${token}&lang=en`))).toBe(true);
    expect((await t.app.inject({ method: "POST", url: `/api/desk/offers/${upgradeId}/send`, headers: staff.headers })).json().code).toBe("offers.not_requested");

    const difference = packageFeesCents("enterprise").startupFeeCents - packageFeesCents("starter").startupFeeCents;
    const offer = await publicOf(t, token);
    expect(offer).toMatchObject({
      kind: "upgrade",
      fromPackage: { id: "starter" },
      package: { id: "enterprise" },
      startupFeeCents: difference,
      monthlyFeeCents: packageFeesCents("enterprise").monthlyFeeCents,
      deposit: { netCents: difference / 2, vatCents: vatOf(difference / 2, 21) },
    });
    expect(offer.lines[0]!.description).toBe("Upgrade from Starter to Enterprise: difference in startup fee");

    // Paid by card: the package's mandate from its iDEAL deposit carries on.
    await acceptAndPay(t, token, "card");
    expect((await publicOf(t, token)).needsMandate).toBe(false);
    expect(await activePackageOf(t.db, companyId)).toMatchObject({ id: "enterprise", delivered: true });
    expect((await deliver(t, staff, upgradeId)).statusCode).toBe(200);

    const { rows: subs } = await t.db.query<{ plan_id: string; current_period_end: Date }>("SELECT plan_id, current_period_end FROM subscriptions WHERE company_id = $1", [
      companyId,
    ]);
    expect(subs).toHaveLength(1);
    expect(subs[0]!.plan_id).toBe("enterprise");
    await runSubscriptionRenewal(t.db, new Date(subs[0]!.current_period_end.getTime() + 60_000));
    const { rows: monthly } = await t.db.query<{ net_cents: number }>("SELECT net_cents FROM invoices WHERE company_id = $1 AND kind = 'monthly'", [companyId]);
    expect(monthly.map((m) => m.net_cents)).toEqual([packageFeesCents("enterprise").monthlyFeeCents]);
    const balances = (await invoicesOf(t, upgradeId)).map((i) => i.kind);
    expect(balances).toEqual(["deposit", "balance"]);
  });

  it("is refused to a company without a delivered package, and from the desk for a package that is not higher", async () => {
    const lone = await person(t);
    expect((await askUpgrade(lone, "professional")).json().code).toBe("offers.no_package");
    const { owner } = await customerWith("professional");
    const lower = await t.app.inject({ method: "POST", url: "/api/desk/offers", headers: staff.headers, payload: newOffer({ email: owner.email, package: "starter" }) });
    expect([lower.statusCode, lower.json().code]).toEqual([409, "offers.not_an_upgrade"]);
    // From the desk, an offer to a package holder's address is an upgrade.
    const up = await t.app.inject({ method: "POST", url: "/api/desk/offers", headers: staff.headers, payload: newOffer({ email: owner.email, package: "enterprise" }) });
    expect(up.json().offer).toMatchObject({ kind: "upgrade", fromPackage: "professional", startupFeeCents: 100_000 });
  });
});

describe("the direct debit mandate", () => {
  it("is asked for when the deposit was paid by card, given with iDEAL at the test bank, once", async () => {
    const owner = await person(t);
    const { offer, token } = await makeOffer(t, staff, newOffer({ email: owner.email }));
    await acceptAndPay(t, token, "card");
    expect((await publicOf(t, token)).needsMandate).toBe(true);
    expect((await mails(t, owner.email)).some((m) => /machtiging/.test(m))).toBe(true);
    const started = await t.app.inject({ method: "POST", url: `/api/offers/${token}/mandate`, remoteAddress: nextIp() });
    expect(started.statusCode, started.body).toBe(200);
    const page = await t.app.inject({ url: new URL(started.json().checkoutUrl).pathname });
    expect(page.body).not.toContain('value="card"');
    expect((await payAtTestCheckout(t, started.json().checkoutUrl, "ideal")).statusCode).toBe(303);
    expect((await publicOf(t, token)).needsMandate).toBe(false);
    expect((await t.app.inject({ method: "POST", url: `/api/offers/${token}/mandate`, remoteAddress: nextIp() })).json().code).toBe("offers.mandate_exists");
    expect((await auditEntries(t, "offer.mandate")).filter((e) => e.target === `offer:${offer.id}`)).toHaveLength(1);
  });
});

describe("a balance unpaid after its payment term", () => {
  it("shows in the desk as overdue and reminds the customer once", async () => {
    const { offer, token } = await customerWith("starter");
    const balance = (await invoicesOf(t, offer.id)).find((i) => i.kind === "balance")!;
    await t.db.query("UPDATE invoices SET due_at = now() - interval '1 hour' WHERE id = $1", [balance.id]);
    const overdue = (await t.app.inject({ url: "/api/desk/offers?overdue=true", headers: staff.headers })).json();
    expect(overdue.offers.find((o: { id: string }) => o.id === offer.id)).toMatchObject({ balanceOverdue: true });

    await runOfferJobs(t.app);
    await runOfferJobs(t.app);
    const reminders = (await mails(t, offer.email)).filter((m) => m.includes(`Herinnering: factuur ${balance.number}`));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toContain(`/offer?token=${token}`);
    expect((await auditEntries(t, "offer.balance_reminded")).filter((e) => e.target === `offer:${offer.id}`)).toHaveLength(1);
    expect((await publicOf(t, token)).invoices.find((i) => i.kind === "balance")).toMatchObject({ overdue: true, status: "open" });
  });
});
