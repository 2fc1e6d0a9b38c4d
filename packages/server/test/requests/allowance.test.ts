import { VAT_RATE, vatOf } from "@agency/contract";
import { runRetention } from "../../src/jobs/retention";
import { runSubscriptionRenewal } from "../../src/jobs/subscription-renewal";
import { billableOverage } from "../../src/requests/allowance";
import { calendarMonth, monthNamed, previousMonth } from "../../src/requests/calendar";
import { buildTestApp, type TestApp } from "../support/helpers";
import { signedInStaff, type StaffLogin } from "../support/desk-helpers";
import { call, company, person, subscribe, type Company, type Person } from "../support/teams-harness";
import { backdate, fileAs, giveEntitlement, reply, staffOf } from "../support/requests-harness";
import { acceptAndPay, deliver, makeOffer, newOffer, offerRow } from "../support/offers-harness";

/**
 * The month's minutes: counted per calendar month in Europe/Amsterdam, 240 with Enterprise and 120 otherwise; the
 * extra time past them, agreed to by the owner or a billing member and then on the next renewal invoice once; the
 * requests in the data export, erased with the company, and kept no longer than the privacy policy says.
 */

let t: TestApp;
let staff: StaffLogin;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: "https://agency.example", REQUESTS_RATE_LIMIT: "1000", REQUESTS_RATE_LIMIT_IP: "1000" } });
  staff = await staffOf(t);
});
afterAll(async () => t?.close());

const body = { kind: "content", subject: "Texts", message: "Two texts to change." };
const allowance = async (c: Company) => (await call(t, "GET", "/api/requests", c.people.member)).json();
const subscribed = async () => {
  const c = await company(t);
  await subscribe(t, c);
  return c;
};
/** A reply of `minutes`, written at `at`. */
async function logged(id: string, minutes: number, at?: Date) {
  await reply(t, staff, id, { message: `${minutes} minutes`, minutes });
  if (at) await t.db.query("UPDATE customer_request_messages SET created_at = $2 WHERE id = (SELECT max(id) FROM customer_request_messages WHERE request_id = $1)", [id, at]);
}

describe("calendar months in Europe/Amsterdam", () => {
  it("begin at midnight there, in summer time and in winter time", () => {
    expect(calendarMonth(new Date("2027-03-31T21:59:59.999Z")).period).toBe("2027-03");
    expect(calendarMonth(new Date("2027-03-31T22:00:00.000Z")).period).toBe("2027-04");
    expect(calendarMonth(new Date("2027-01-31T22:59:59.999Z")).period).toBe("2027-01");
    expect(calendarMonth(new Date("2027-01-31T23:00:00.000Z")).period).toBe("2027-02");
    expect(calendarMonth(new Date("2026-12-31T23:30:00.000Z"))).toEqual({
      period: "2027-01",
      start: new Date("2026-12-31T23:00:00.000Z"),
      end: new Date("2027-01-31T23:00:00.000Z"),
    });
    // March has a day of 23 hours (the clocks go forward on the 28th): it ends in summer time.
    expect(monthNamed("2027-03")).toEqual({ period: "2027-03", start: new Date("2027-02-28T23:00:00.000Z"), end: new Date("2027-03-31T22:00:00.000Z") });
    expect(previousMonth(monthNamed("2027-01")!).period).toBe("2026-12");
    expect(monthNamed("2027-13")).toBeNull();
  });

  it("count the minutes logged in this month only: the instant before it began is last month's", async () => {
    const c = await subscribed();
    const { id } = await fileAs(t, c.owner, body);
    const month = calendarMonth();
    await logged(id, 30, new Date(month.start.getTime() - 1));
    await logged(id, 20, month.start);
    await logged(id, 25);
    const { allowance: now } = await allowance(c);
    expect(now).toMatchObject({ includedMinutes: 120, usedMinutes: 45, period: month.period, periodStart: month.start.toISOString(), periodEnd: month.end.toISOString() });
    // The desk counts the same.
    const queued = (await t.app.inject({ url: `/api/desk/requests/${id}`, headers: staff.headers })).json();
    expect(queued.request.minutesLeft).toBe(75);
  });
});

describe("the allowance", () => {
  it("is 240 minutes for Enterprise and 120 for everyone else, Professional and the Pro plan included", async () => {
    const enterprise = await company(t);
    await giveEntitlement(t, enterprise.id, "enterprise");
    expect((await allowance(enterprise)).allowance.includedMinutes).toBe(240);
    const professional = await company(t);
    await giveEntitlement(t, professional.id, "professional");
    expect((await allowance(professional)).allowance.includedMinutes).toBe(120);
    expect((await allowance(await subscribed())).allowance.includedMinutes).toBe(120);
    // Enterprise with a Pro plan too: still the package's.
    await subscribe(t, enterprise);
    expect((await allowance(enterprise)).allowance).toMatchObject({ includedMinutes: 240, hourlyRateCents: 7500, currency: "EUR" });
  });
});

describe("extra time", () => {
  let c: Company;
  let requestId: string;
  beforeAll(async () => {
    c = await subscribed();
    requestId = (await fileAs(t, c.owner, body)).id;
    await logged(requestId, 100);
    await logged(requestId, 50);
  });
  const agree = (who = c.people.billing, minutes = 30, period = calendarMonth().period) => call(t, "POST", "/api/requests/extra-time", who, { period, minutes });

  it("is listed for the month with nothing agreed yet", async () => {
    expect((await allowance(c)).extraTime).toEqual([
      { period: calendarMonth().period, periodStart: calendarMonth().start.toISOString(), extraMinutes: 30, agreedMinutes: 0, invoicedMinutes: 0 },
    ]);
  });

  it("only the owner and billing members may agree to it", async () => {
    for (const who of [c.people.member, c.people.admin]) {
      const res = await agree(who);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("team.forbidden");
    }
    expect(await agreements(c)).toEqual([]);
  });

  it("agreeing to more than there is is refused (the figure moved); agreeing twice records it once", async () => {
    const more = await agree(c.people.billing, 31);
    expect(more.statusCode).toBe(409);
    expect(more.json().code).toBe("requests.extra_time_changed");
    const done = await agree();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().extraTime[0]).toMatchObject({ extraMinutes: 30, agreedMinutes: 30 });
    expect((await agree(c.owner)).statusCode).toBe(200);
    await Promise.all([agree(), agree()]);
    expect(await agreements(c)).toEqual([30]);
  });

  it("time logged afterwards needs agreeing again; only the new minutes are added", async () => {
    await logged(requestId, 15);
    expect((await allowance(c)).extraTime[0]).toMatchObject({ extraMinutes: 45, agreedMinutes: 30 });
    expect((await agree(c.owner, 45)).statusCode).toBe(200);
    expect(await agreements(c)).toEqual([30, 15]);
  });

  it("months other than this one and the one before cannot be agreed to here", async () => {
    const twoAgo = previousMonth(previousMonth(calendarMonth())).period;
    const res = await agree(c.owner, 1, twoAgo);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("requests.period_closed");
    expect((await agree(c.owner, 1, "2027-13")).statusCode).toBe(400);
    // The month before, with nothing past its minutes: nothing to agree to.
    expect((await agree(c.owner, 1, previousMonth(calendarMonth()).period)).json().code).toBe("requests.extra_time_changed");
  });

  it("goes on the next renewal invoice once, at the rate agreed to, and is marked invoiced", async () => {
    const lines = await billableOverage(t.db, c.id);
    expect(lines).toEqual([expect.objectContaining({ period: calendarMonth().period, minutes: 45, hourlyRateCents: 7500, amountCents: 5625, currency: "EUR" })]);

    await t.db.query("UPDATE subscriptions SET current_period_end = now() - interval '1 minute' WHERE company_id = $1", [c.id]);
    expect((await runSubscriptionRenewal(t.db)).renewed).toBeGreaterThanOrEqual(1);
    const invoice = await newestInvoice(c);
    expect(invoice.lines).toEqual([
      expect.objectContaining({ kind: "period" }),
      expect.objectContaining({ kind: "extra_time", minutes: 45, amountCents: 5625, from: calendarMonth().start.toISOString() }),
    ]);
    expect(invoice.subtotal_cents).toBe(4900 + 5625);
    expect(await billableOverage(t.db, c.id)).toEqual([]);
    expect((await allowance(c)).extraTime[0]).toMatchObject({ agreedMinutes: 45, invoicedMinutes: 45 });

    // The renewal after it carries no extra time again.
    await t.db.query("UPDATE subscriptions SET current_period_end = now() - interval '1 minute' WHERE company_id = $1", [c.id]);
    await runSubscriptionRenewal(t.db);
    expect((await newestInvoice(c)).lines.map((line: { kind: string }) => line.kind)).toEqual(["period"]);
    // The PDF names the line.
    const pdf = await t.app.inject({ url: `/api/subscriptions/test-invoices/${invoice.id}.pdf` });
    expect(pdf.statusCode).toBe(200);
  });

  it("the rate agreed to stays, whatever the setting says later", async () => {
    const pricier = await buildTestApp({ db: t.db, env: { REQUESTS_HOURLY_RATE_CENTS: "12000" } });
    try {
      const d = await subscribed();
      const { id } = await fileAs(t, d.owner, body);
      await logged(id, 180);
      const res = await pricier.app.inject({ method: "POST", url: "/api/requests/extra-time", headers: d.owner.headers, payload: { period: calendarMonth().period, minutes: 60 } });
      expect(res.statusCode).toBe(200);
      expect((await billableOverage(t.db, d.id))[0]).toMatchObject({ minutes: 60, hourlyRateCents: 12000, amountCents: 12000 });
    } finally {
      await pricier.app.close();
    }
  });
});

describe("extra time with a package's monthly fee", () => {
  it("goes on the next monthly invoice once, as a line of its own with VAT; time not agreed to stays off it", async () => {
    const { offer, token } = await makeOffer(t, staff, newOffer({ package: "professional" }));
    await acceptAndPay(t, token);
    expect((await deliver(t, staff, offer.id)).statusCode).toBe(200);
    const companyId = (await offerRow(t, offer.id)).company_id as string;
    const owner = await ownerOf(companyId);
    const { id } = await fileAs(t, owner, body);
    await logged(id, 150);
    const agreed = await call(t, "POST", "/api/requests/extra-time", owner, { period: calendarMonth().period, minutes: 30 });
    expect(agreed.statusCode, agreed.body).toBe(200);
    // Logged afterwards and not agreed to: never invoiced.
    await logged(id, 20);

    const renewAfter = async () => {
      const { rows } = await t.db.query<{ current_period_end: Date }>("SELECT current_period_end FROM subscriptions WHERE company_id = $1", [companyId]);
      expect((await runSubscriptionRenewal(t.db, new Date(rows[0]!.current_period_end.getTime() + 60_000))).renewed).toBeGreaterThanOrEqual(1);
      return (
        await t.db.query<{ id: string; net_cents: number; vat_cents: number; lines: { description: string; netCents: number; vatCents: number }[] }>(
          "SELECT id, net_cents, vat_cents, lines FROM invoices WHERE company_id = $1 AND kind = 'monthly' ORDER BY issued_at DESC LIMIT 1",
          [companyId],
        )
      ).rows[0]!;
    };
    const first = await renewAfter();
    const month = new Intl.DateTimeFormat("nl-NL", { month: "long", year: "numeric", timeZone: "Europe/Amsterdam" }).format(calendarMonth().start);
    expect(first.lines).toEqual([
      expect.objectContaining({ netCents: 12_900 }),
      { description: `Extra tijd voor verzoeken in ${month}: 30 minuten boven de inbegrepen tijd`, netCents: 3750, vatCents: vatOf(3750, VAT_RATE) },
    ]);
    expect(first).toMatchObject({ net_cents: 12_900 + 3750, vat_cents: vatOf(12_900, VAT_RATE) + vatOf(3750, VAT_RATE) });
    const { rows: marked } = await t.db.query<{ invoice_ref: string }>("SELECT invoice_ref FROM request_extra_time WHERE company_id = $1", [companyId]);
    expect(marked).toEqual([{ invoice_ref: first.id }]);
    expect((await call(t, "GET", "/api/requests", owner)).json().extraTime[0]).toMatchObject({ extraMinutes: 50, agreedMinutes: 30, invoicedMinutes: 30 });

    // The month after carries the fee alone.
    expect((await renewAfter()).lines).toEqual([expect.objectContaining({ netCents: 12_900 })]);
  });
});

describe("privacy", () => {
  it("the data export holds the company's requests with their threads and agreements, for every member", async () => {
    const c = await subscribed();
    const { reference, id } = await fileAs(t, c.people.member, { ...body, message: "<b>as typed</b>" });
    await logged(id, 125);
    await call(t, "POST", "/api/requests/extra-time", c.owner, { period: calendarMonth().period, minutes: 5 });
    const exported = (await call(t, "GET", "/api/account/export", c.people.admin)).json();
    expect(exported.requests).toEqual([
      expect.objectContaining({
        reference,
        subject: "Texts",
        messages: [
          expect.objectContaining({ from: "customer", author: c.people.member.name, body: "<b>as typed</b>", minutes: null }),
          expect.objectContaining({ from: "agency", minutes: 125 }),
        ],
      }),
    ]);
    expect(exported.extra_time_agreements).toEqual([expect.objectContaining({ minutes: 5, hourly_rate_cents: 7500, agreed_by: c.owner.name, invoiced_at: null })]);
    // Another company's requests are not in it.
    expect((await call(t, "GET", "/api/account/export", (await subscribed()).owner)).json().requests).toEqual([]);
  });

  it("are erased with the company when its last member's account goes; a member going leaves them to the company", async () => {
    const admin = await signedInStaff(t, "admin");
    const c = await subscribed();
    const { id } = await fileAs(t, c.people.member, body);
    const erase = (userId: string) => t.app.inject({ method: "DELETE", url: `/api/desk/customers/${userId}`, headers: admin.headers });
    expect((await erase(c.people.member.id)).statusCode).toBe(200);
    expect((await call(t, "GET", `/api/requests/${id}`, c.owner)).json().messages[0]).toMatchObject({ authorName: "", body: body.message });

    const alone = await person(t);
    const own = (await t.db.query<{ company_id: string }>("SELECT company_id FROM company_members WHERE user_id = $1", [alone.id])).rows[0]!.company_id;
    await giveEntitlement(t, own, "starter");
    const filed = await fileAs(t, alone, body);
    await logged(filed.id, 200);
    await call(t, "POST", "/api/requests/extra-time", alone, { period: calendarMonth().period, minutes: 80 });
    expect((await erase(alone.id)).statusCode).toBe(200);
    for (const table of ["customer_requests", "customer_request_messages", "request_extra_time", "company_packages"]) {
      expect((await t.db.query(`SELECT 1 FROM ${table} WHERE company_id = $1`, [own])).rows, table).toEqual([]);
    }
  });

  it("requests go 2 years after their last message; agreements after 7 years", async () => {
    const c = await subscribed();
    const old = await fileAs(t, c.owner, body);
    const recent = await fileAs(t, c.owner, body);
    await backdate(t, old.id, 2 * 366 * 24);
    await backdate(t, recent.id, 2 * 364 * 24);
    await t.db.query(
      `INSERT INTO request_extra_time (company_id, period, period_start, minutes, hourly_rate_cents, currency, agreed_by_name, agreed_at)
       VALUES ($1, '2019-01', '2018-12-31T23:00:00Z', 10, 7500, 'EUR', 'Old', now() - interval '7 years 1 day'),
              ($1, '2020-01', '2019-12-31T23:00:00Z', 10, 7500, 'EUR', 'Kept', now() - interval '6 years 364 days')`,
      [c.id],
    );
    const removed = await runRetention(t.db);
    expect(removed).toMatchObject({ customerRequests: 1, extraTimeAgreements: 1 });
    const left = (await call(t, "GET", "/api/requests", c.owner)).json().requests.map((r: { id: string }) => r.id);
    expect(left).toEqual([recent.id]);
    expect((await t.db.query("SELECT 1 FROM customer_request_messages WHERE request_id = $1", [old.id])).rows).toEqual([]);
    expect((await t.db.query<{ agreed_by_name: string }>("SELECT agreed_by_name FROM request_extra_time WHERE company_id = $1", [c.id])).rows).toEqual([{ agreed_by_name: "Kept" }]);
  });
});

/** The owner of a company made by an offer, signed in. */
async function ownerOf(companyId: string): Promise<Person> {
  const { rows } = await t.db.query<{ id: string; email: string; name: string }>(
    "SELECT u.id, u.email, u.name FROM company_members m JOIN users u ON u.id = m.user_id WHERE m.company_id = $1 AND m.role = 'owner'",
    [companyId],
  );
  const user = rows[0]!;
  return { ...user, headers: { authorization: `Bearer ${await t.app.sessions.create(user.id)}` } };
}

async function agreements(c: Company): Promise<number[]> {
  return (await t.db.query<{ minutes: number }>("SELECT minutes FROM request_extra_time WHERE company_id = $1 ORDER BY id", [c.id])).rows.map((row) => row.minutes);
}

async function newestInvoice(c: Company) {
  return (
    await t.db.query<{ id: string; lines: { kind: string }[]; subtotal_cents: number }>(
      "SELECT id, lines, subtotal_cents FROM local_invoices WHERE company_id = $1 ORDER BY number DESC LIMIT 1",
      [c.id],
    )
  ).rows[0]!;
}
