import type { DeskRequestSummary } from "@agency/contract";
import { buildTestApp, type TestApp } from "../../../support/helpers";
import { auditEntries, signedInStaff, type StaffLogin } from "../../../support/desk-helpers";
import { call, company, subscribe, type Company } from "../../../support/teams-harness";
import { backdate, fileAs, giveEntitlement, reply } from "../../../support/requests-harness";

/**
 * The agency's queue: who may open it, its order (priority, then the longest waiting), the 20-hour overdue mark and
 * its metric, replies with the minutes they took, status and owner, and the audit log.
 */

const METRICS_TOKEN = "requests-desk-test-metrics-token-0123456789";
let t: TestApp;
let staff: StaffLogin;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: "https://agency.example", REQUESTS_RATE_LIMIT: "1000", REQUESTS_RATE_LIMIT_IP: "1000", METRICS_TOKEN } });
  staff = await signedInStaff(t, "staff");
});
afterAll(async () => t?.close());

const desk = (method: "GET" | "POST" | "PATCH", url: string, payload?: unknown, who: StaffLogin = staff) =>
  t.app.inject({ method, url: `/api/desk${url}`, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const body = (subject: string) => ({ kind: "problem", subject, message: `About ${subject}` });

async function customer(kind: "plain" | "pro" | "enterprise" | "starter"): Promise<Company> {
  const c = await company(t);
  if (kind === "pro") await subscribe(t, c);
  else if (kind === "plain") await giveEntitlement(t, c.id, "starter");
  else await giveEntitlement(t, c.id, kind);
  return c;
}

const metric = async (name: string) => {
  const res = await t.app.inject({ url: "/api/metrics", headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return Number(new RegExp(`^${name} (\\S+)$`, "m").exec(res.body)?.[1]);
};

describe("who may open the queue", () => {
  it("staff only: a customer's token is 403 desk.forbidden, none 401", async () => {
    const c = await customer("pro");
    const { id } = await fileAs(t, c.owner, body("x"));
    for (const url of ["/api/desk/requests", `/api/desk/requests/${id}`]) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      const res = await t.app.inject({ url, headers: c.owner.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("desk.forbidden");
    }
    const replied = await t.app.inject({ method: "POST", url: `/api/desk/requests/${id}/replies`, headers: c.owner.headers, payload: { message: "I am staff", minutes: 0 } });
    expect(replied.statusCode).toBe(403);
    expect((await call(t, "GET", `/api/requests/${id}`, c.owner)).json().messages).toHaveLength(1);
  });
});

describe("the queue", () => {
  let ids: Record<"oldPlain" | "newPro" | "oldEnterprise" | "newPlain" | "almost", string>;
  beforeAll(async () => {
    // Filed in this order; then each made to have waited as long as its name says.
    const oldPlain = await fileAs(t, (await customer("plain")).owner, body("plain, 30 hours"));
    const newPro = await fileAs(t, (await customer("pro")).owner, body("pro, 2 hours"));
    const oldEnterprise = await fileAs(t, (await customer("enterprise")).owner, body("enterprise, 10 hours"));
    const newPlain = await fileAs(t, (await customer("plain")).owner, body("plain, 1 hour"));
    const almost = await fileAs(t, (await customer("plain")).owner, body("plain, 19 hours 59"));
    await backdate(t, oldPlain.id, 30);
    await backdate(t, newPro.id, 2);
    await backdate(t, oldEnterprise.id, 10);
    await backdate(t, newPlain.id, 1);
    await backdate(t, almost.id, 19 + 59 / 60);
    ids = { oldPlain: oldPlain.id, newPro: newPro.id, oldEnterprise: oldEnterprise.id, newPlain: newPlain.id, almost: almost.id };
  });

  const openQueue = async () => {
    const res = await desk("GET", "/requests");
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { requests: DeskRequestSummary[]; total: number; overdue: number };
  };

  it("lists open requests with priority first (Professional, Enterprise, Pro plan), then the longest waiting", async () => {
    const queue = await openQueue();
    const order = queue.requests.map((r) => r.id).filter((id) => Object.values(ids).includes(id));
    expect(order).toEqual([ids.oldEnterprise, ids.newPro, ids.oldPlain, ids.almost, ids.newPlain]);
    expect(queue.total).toBeGreaterThanOrEqual(5);
  });

  it("shows each request's company, package and minutes left this month", async () => {
    const queue = await openQueue();
    const row = (id: string) => queue.requests.find((r) => r.id === id)!;
    expect(row(ids.oldEnterprise)).toMatchObject({ package: "enterprise", proPlan: false, minutesLeft: 240, priority: true });
    expect(row(ids.newPro)).toMatchObject({ package: null, proPlan: true, minutesLeft: 120, priority: true });
    expect(row(ids.oldPlain)).toMatchObject({ package: "starter", proPlan: false, minutesLeft: 120, priority: false });
    expect(row(ids.oldPlain).company.name).toMatch(/^Person /);
  });

  it("marks a request unanswered for 20 hours overdue, counts it, and the metric reports it", async () => {
    const queue = await openQueue();
    const overdue = queue.requests.filter((r) => r.overdue).map((r) => r.id);
    expect(overdue).toContain(ids.oldPlain);
    expect(overdue).not.toContain(ids.almost);
    expect(queue.overdue).toBe(overdue.length);
    expect(await metric("agency_customer_requests_overdue")).toBe(queue.overdue);
    expect(await metric("agency_customer_requests_oldest_waiting_seconds")).toBeGreaterThanOrEqual(30 * 3600);

    // A minute later the one at 19:59 is overdue too.
    await backdate(t, ids.almost, 2 / 60);
    expect((await openQueue()).requests.find((r) => r.id === ids.almost)!.overdue).toBe(true);
    expect(await metric("agency_customer_requests_overdue")).toBe(queue.overdue + 1);
  });

  it("an answer takes the mark away; a new message from the customer waits from then, not from before", async () => {
    const before = await metric("agency_customer_requests_overdue");
    await reply(t, staff, ids.oldPlain, { message: "Looking into it.", minutes: 10, status: "closed" });
    expect(await metric("agency_customer_requests_overdue")).toBe(before - 1);
    const owner = (await t.db.query<{ user_id: string }>("SELECT user_id FROM customer_requests WHERE id = $1", [ids.oldPlain])).rows[0]!.user_id;
    const token = await t.app.sessions.create(owner);
    const again = await t.app.inject({ method: "POST", url: `/api/requests/${ids.oldPlain}/messages`, headers: { authorization: `Bearer ${token}` }, payload: { message: "Still broken" } });
    expect(again.statusCode, again.body).toBe(201);
    const entry = (await openQueue()).requests.find((r) => r.id === ids.oldPlain)!;
    expect(entry).toMatchObject({ status: "open", overdue: false });
    expect(Date.now() - Date.parse(entry.awaitingSince!)).toBeLessThan(60_000);
  });

  it("lists waiting and closed requests most recent first", async () => {
    await reply(t, staff, ids.newPlain, { message: "Which page?", minutes: 2 });
    await reply(t, staff, ids.newPro, { message: "Which browser?", minutes: 3 });
    const waiting = (await desk("GET", "/requests?status=waiting")).json();
    const order = waiting.requests.map((r: DeskRequestSummary) => r.id);
    expect(order.indexOf(ids.newPro)).toBeLessThan(order.indexOf(ids.newPlain));
    expect(waiting.requests.every((r: DeskRequestSummary) => r.status === "waiting")).toBe(true);
    expect((await desk("GET", "/requests?status=lost")).statusCode).toBe(400);
  });
});

describe("answering", () => {
  it("a reply logs its minutes, makes the request waiting and the replier its owner, in the thread and the audit log", async () => {
    const c = await customer("pro");
    const { id } = await fileAs(t, c.owner, body("logo"));
    const answer = await reply(t, staff, id, { message: "The new logo is up.", minutes: 45 });
    expect(answer.request).toMatchObject({ status: "waiting", owner: { id: staff.id, email: staff.email }, minutesLeft: 75 });
    expect(answer.allowance).toMatchObject({ includedMinutes: 120, usedMinutes: 45 });
    expect(answer.messages.at(-1)).toMatchObject({ from: "agency", authorName: staff.email, minutes: 45, authorEmail: null });
    expect(answer.messages[0]).toMatchObject({ from: "customer", authorName: c.owner.name, authorEmail: c.owner.email });
    // The customer sees the month's minutes.
    expect((await call(t, "GET", "/api/requests", c.people.member)).json().allowance).toMatchObject({ includedMinutes: 120, usedMinutes: 45 });
    expect((await auditEntries(t, "request.reply")).find((e) => e.target === `request:${id}`)).toMatchObject({
      actor: staff.email,
      detail: { minutes: 45, from: "open", to: "waiting" },
    });
  });

  it("refuses minutes below 0, above a working day or not whole, and an empty message", async () => {
    const { id } = await fileAs(t, (await customer("pro")).owner, body("bad minutes"));
    for (const payload of [{ message: "x", minutes: -1 }, { message: "x", minutes: 481 }, { message: "x", minutes: 1.5 }, { message: "  ", minutes: 5 }]) {
      expect((await desk("POST", `/requests/${id}/replies`, payload)).statusCode).toBe(400);
    }
    expect((await desk("POST", "/requests/00000000-0000-4000-8000-000000000000/replies", { message: "x", minutes: 1 })).json().code).toBe("desk.request_not_found");
  });

  it("sets the status and the owner, audits each change, and refuses an owner who is not staff", async () => {
    const { id } = await fileAs(t, (await customer("pro")).owner, body("owner"));
    const colleague = await signedInStaff(t, "staff");
    const assigned = await desk("PATCH", `/requests/${id}`, { ownerId: colleague.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().request.owner).toEqual({ id: colleague.id, email: colleague.email });
    // A reply keeps the owner it had.
    expect((await reply(t, staff, id, { message: "Hi", minutes: 1, status: "open" })).request.owner.id).toBe(colleague.id);
    const closed = (await desk("PATCH", `/requests/${id}`, { status: "closed", ownerId: null })).json();
    expect(closed.request).toMatchObject({ status: "closed", owner: null });
    expect((await auditEntries(t, "request.status")).find((e) => e.target === `request:${id}`)?.detail).toEqual({ from: "open", to: "closed" });
    expect((await auditEntries(t, "request.owner")).filter((e) => e.target === `request:${id}`)).toHaveLength(2);

    const stranger = await desk("PATCH", `/requests/${id}`, { ownerId: "00000000-0000-4000-8000-000000000000" });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ code: "desk.staff_not_found", fields: ["ownerId"] });
    expect((await desk("PATCH", `/requests/${id}`, {})).statusCode).toBe(400);
  });
});
