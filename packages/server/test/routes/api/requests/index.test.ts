import { TEAM_ROLES } from "@agency/contract";
import { buildTestApp, nextIp, outboxMailsTo, type TestApp } from "../../../support/helpers";
import { call, company, person, subscribe, type Company, type Person } from "../../../support/teams-harness";
import { fileAs, giveEntitlement, reply, staffOf } from "../../../support/requests-harness";

/**
 * The customer's side of requests, as people reach it: who may file and read, another company's request, the
 * thread and its reopening, the mails and their links, plain text, and the limits per company and per address.
 */

const SITE = "https://agency.example";
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: SITE, REQUESTS_RATE_LIMIT: "1000", REQUESTS_RATE_LIMIT_IP: "1000", MAIL_FROM: "Pixelwerf <hallo@pixelwerf.example>" } });
});
afterAll(async () => t?.close());

const body = { kind: "content", subject: "New opening hours", message: "Please change the opening hours on the contact page." };
const subscribed = async () => {
  const c = await company(t);
  await subscribe(t, c);
  return c;
};

describe("filing", () => {
  it("any member of a subscribed company files a request, with a reference and the first message of its thread", async () => {
    const c = await subscribed();
    for (const role of TEAM_ROLES) {
      const as = role === "owner" ? c.owner : c.people[role];
      const res = await call(t, "POST", "/api/requests", as, { ...body, subject: `  Hours for ${role}  ` });
      expect(res.statusCode, res.body).toBe(201);
      const { request } = res.json();
      expect(request).toMatchObject({ kind: "content", subject: `Hours for ${role}`, status: "open", priority: true });
      expect(request.reference).toMatch(/^R-[0-9A-HJKMNP-TV-Z]{6}$/);
      const detail = await call(t, "GET", `/api/requests/${request.id}`, c.owner);
      expect(detail.json().messages).toEqual([expect.objectContaining({ from: "customer", authorName: as.name, body: body.message, minutes: null })]);
    }
    const list = (await call(t, "GET", "/api/requests", c.people.member)).json();
    expect(list.entitled).toBe(true);
    expect(list.requests).toHaveLength(TEAM_ROLES.length);
  });

  it("a company without an active subscription or package is told what it takes, and nothing is stored", async () => {
    const c = await company(t);
    const res = await call(t, "POST", "/api/requests", c.owner, body);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "requests.subscription_required" });
    expect(res.json().error).toContain("subscription or package");
    expect((await call(t, "GET", "/api/requests", c.owner)).json()).toMatchObject({ entitled: false, requests: [] });

    // A subscription that ended does not count; one whose payment failed counts for the grace period only.
    await subscribe(t, c);
    await t.db.query("UPDATE subscriptions SET status = 'canceled', ended_at = now() WHERE company_id = $1", [c.id]);
    expect((await call(t, "POST", "/api/requests", c.owner, body)).statusCode).toBe(403);
    await t.db.query(
      "UPDATE subscriptions SET status = 'past_due', ended_at = NULL, payment_issue = 'failed', payment_issue_since = now() - interval '8 days' WHERE company_id = $1",
      [c.id],
    );
    expect((await call(t, "POST", "/api/requests", c.owner, body)).statusCode).toBe(403);
    await t.db.query("UPDATE subscriptions SET payment_issue_since = now() - interval '2 days' WHERE company_id = $1", [c.id]);
    expect((await call(t, "POST", "/api/requests", c.owner, body)).statusCode).toBe(201);
    expect(await count("SELECT count(*)::int AS n FROM customer_requests WHERE company_id = $1", c.id)).toBe(1);
  });

  it("a package without a subscription is enough, and Starter brings no priority", async () => {
    const c = await company(t);
    await giveEntitlement(t, c.id, "starter");
    const res = await call(t, "POST", "/api/requests", c.people.member, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().request.priority).toBe(false);
    // Its monthly fee, once delivered, is a live subscription too, but to the package, not the Pro plan.
    const { rows: fee } = await t.db.query<{ id: string }>(
      `INSERT INTO subscriptions (company_id, user_id, plan_id, billing_period, provider, status, current_period_start, current_period_end, billing_anchor)
       SELECT $1, m.user_id, 'starter', 'monthly', 'local', 'active', now(), now() + interval '1 month', now()
         FROM company_members m WHERE m.company_id = $1 AND m.role = 'owner' RETURNING id`,
      [c.id],
    );
    await t.db.query("UPDATE company_packages SET subscription_id = $2 WHERE company_id = $1", [c.id, fee[0]!.id]);
    expect((await call(t, "POST", "/api/requests", c.people.member, body)).json().request.priority).toBe(false);
    await giveEntitlement(t, c.id, "professional");
    expect((await call(t, "POST", "/api/requests", c.people.member, body)).json().request.priority).toBe(true);
    // A package whose monthly fee has ended is none.
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO subscriptions (company_id, user_id, plan_id, billing_period, provider, status, current_period_start, current_period_end, billing_anchor)
       SELECT $1, m.user_id, 'professional', 'monthly', 'local', 'canceled', now() - interval '1 month', now(), now() - interval '1 month'
         FROM company_members m WHERE m.company_id = $1 AND m.role = 'owner' RETURNING id`,
      [c.id],
    );
    await t.db.query("UPDATE company_packages SET subscription_id = $2 WHERE company_id = $1", [c.id, rows[0]!.id]);
    expect((await call(t, "POST", "/api/requests", c.people.member, body)).statusCode).toBe(403);
  });

  it("signed out is 401; someone in no company is 403 team.forbidden", async () => {
    expect((await call(t, "POST", "/api/requests", undefined, body)).statusCode).toBe(401);
    expect((await call(t, "GET", "/api/requests")).statusCode).toBe(401);
    const loner = await person(t);
    await t.db.query("DELETE FROM company_members WHERE user_id = $1", [loner.id]);
    const res = await call(t, "GET", "/api/requests", loner);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("team.forbidden");
  });

  it("refuses a bad kind, an empty subject, a subject over two lines and an empty message, naming the fields", async () => {
    const c = await subscribed();
    for (const [payload, field] of [
      [{ ...body, kind: "wish" }, "kind"],
      [{ ...body, subject: "   " }, "subject"],
      [{ ...body, subject: "one\ntwo" }, "subject"],
      [{ ...body, message: " \n " }, "message"],
    ] as const) {
      const res = await call(t, "POST", "/api/requests", c.owner, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toContain(field);
    }
  });
});

describe("another company's request", () => {
  it("does not exist for others: reading and writing in it answer 404, and nothing is added", async () => {
    const mine = await subscribed();
    const theirs = await subscribed();
    const { id } = await fileAs(t, theirs.owner, body);
    for (const who of [mine.owner, mine.people.member]) {
      const read = await call(t, "GET", `/api/requests/${id}`, who);
      expect(read.statusCode).toBe(404);
      expect(read.json().code).toBe("requests.not_found");
      const write = await call(t, "POST", `/api/requests/${id}/messages`, who, { message: "Let me in" });
      expect(write.statusCode).toBe(404);
    }
    expect((await call(t, "GET", "/api/requests", mine.owner)).json().requests).toEqual([]);
    expect(await count("SELECT count(*)::int AS n FROM customer_request_messages WHERE request_id = $1", id)).toBe(1);
    expect((await call(t, "GET", "/api/requests/not-a-uuid", mine.owner)).statusCode).toBe(400);
  });

  it("a member who left sees their old company's requests no more", async () => {
    const c = await subscribed();
    const { id } = await fileAs(t, c.people.member, body);
    const other = await subscribed();
    await t.db.query("UPDATE company_members SET company_id = $2 WHERE user_id = $1", [c.people.member.id, other.id]);
    expect((await call(t, "GET", `/api/requests/${id}`, c.people.member)).statusCode).toBe(404);
    expect((await call(t, "GET", `/api/requests/${id}`, c.owner)).statusCode).toBe(200);
  });
});

describe("the thread", () => {
  it("a customer's message makes the request the agency's turn again, reopening a closed one", async () => {
    const c = await subscribed();
    const { id } = await fileAs(t, c.owner, body);
    const staff = await staffOf(t);
    await reply(t, staff, id, { message: "Done.", minutes: 15, status: "closed" });
    expect((await call(t, "GET", `/api/requests/${id}`, c.owner)).json().request.status).toBe("closed");

    const res = await call(t, "POST", `/api/requests/${id}/messages`, c.people.admin, { message: "One more thing: the phone number." });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ request: { status: "open" }, message: { from: "customer", authorName: c.people.admin.name } });
    const thread = (await call(t, "GET", `/api/requests/${id}`, c.people.billing)).json();
    expect(thread.messages.map((m: { from: string; minutes: number | null }) => [m.from, m.minutes])).toEqual([
      ["customer", null],
      ["agency", 15],
      ["customer", null],
    ]);
    // The agency's reply is signed with the agency's name, never a staff member's address.
    expect(thread.messages[1].authorName).toBe("Pixelwerf");
    expect(JSON.stringify(thread)).not.toContain(staff.email);
  });

  it("text is kept as sent and answered as text: markup stays characters, in the API and in the mails", async () => {
    const c = await subscribed();
    const message = `<img src=x onerror="alert(1)"> & <b>bold</b>\nsecond line`;
    const { id } = await fileAs(t, c.owner, { ...body, subject: "<script>alert(1)</script>", message });
    const detail = (await call(t, "GET", `/api/requests/${id}`, c.owner)).json();
    expect(detail.request.subject).toBe("<script>alert(1)</script>");
    expect(detail.messages[0].body).toBe(message);
    await t.app.settle();
    const mail = outboxMailsTo(t.dataDir, c.owner.email).at(-1)!;
    expect(mail).toContain("> <img src=x onerror=\"alert(1)\"> & <b>bold</b>");
    expect(mail).not.toMatch(/Content-Type: text\/html/i);
  });
});

describe("mails", () => {
  it("the confirmation and every reply go to the member who filed, in their language, with the request's link", async () => {
    const c = await subscribed();
    await t.db.query("UPDATE users SET locale = 'nl' WHERE id = $1", [c.people.member.id]);
    const { id, reference } = await fileAs(t, c.people.member, body);
    await t.app.settle();
    const [confirmation] = outboxMailsTo(t.dataDir, c.people.member.email);
    expect(confirmation).toContain(`We hebben je verzoek ${reference} ontvangen`);
    expect(confirmation).toContain(`${SITE}/dashboard/requests/${id}?lang=nl`);
    expect(confirmation).toContain(body.message);

    const staff = await staffOf(t);
    await reply(t, staff, id, { message: "De openingstijden zijn aangepast.", minutes: 45 });
    await t.app.settle();
    const replyMail = outboxMailsTo(t.dataDir, c.people.member.email).at(-1)!;
    expect(replyMail).toContain("De openingstijden zijn aangepast.");
    expect(replyMail).toContain("Je hebt deze maand 45 van de 120 minuten gebruikt.");
    expect(replyMail).toContain(`${SITE}/dashboard/requests/${id}?lang=nl`);
    // Nobody else of the company is mailed.
    expect(outboxMailsTo(t.dataDir, c.owner.email)).toEqual([]);
  });

  it("past the allowance the reply mail says so, with the hourly rate; an English member reads English", async () => {
    const c = await subscribed();
    const { id } = await fileAs(t, c.owner, body);
    const staff = await staffOf(t);
    await reply(t, staff, id, { message: "First part.", minutes: 100 });
    await reply(t, staff, id, { message: "Second part.", minutes: 50 });
    await t.app.settle();
    const mail = outboxMailsTo(t.dataDir, c.owner.email).at(-1)!;
    expect(mail).toContain("You have used 150 of 120 minutes this month.");
    expect(mail).toContain("That is 30 minutes more than your monthly fee includes. Extra time costs €75.00 an hour");
    expect(mail).toContain(`${SITE}/dashboard/requests/${id}?lang=en`);
  });

  it("once the member who filed is gone, the replies go to the company's owner", async () => {
    const c = await subscribed();
    const { id } = await fileAs(t, c.people.member, body);
    await t.db.query("DELETE FROM users WHERE id = $1", [c.people.member.id]);
    await reply(t, await staffOf(t), id, { message: "Done.", minutes: 5 });
    await t.app.settle();
    expect(outboxMailsTo(t.dataDir, c.owner.email).at(-1)).toContain("Done.");
    const thread = (await call(t, "GET", `/api/requests/${id}`, c.owner)).json();
    expect(thread.messages[0].authorName).toBe("");
  });

  it("the agency's inbox is told of a new request and of each message, priority marked", async () => {
    const c = await subscribed();
    const { reference, id } = await fileAs(t, c.owner, { ...body, subject: "Agency notice" });
    await call(t, "POST", `/api/requests/${id}/messages`, c.owner, { message: "And the footer." });
    await t.app.settle();
    const mails = outboxMailsTo(t.dataDir, t.config.agencyInbox).filter((mail) => mail.includes(reference));
    expect(mails).toHaveLength(2);
    const filed = mails.find((mail) => mail.includes("heeft een nieuw verzoek gestuurd"))!;
    expect(filed).toMatch(/Subject: \[Prioriteit\] Verzoek R-/);
    expect(filed).toContain(`${SITE}/desk/requests/${id}`);
    expect(mails.find((mail) => mail !== filed)).toContain("And the footer.");
  });
});

describe("limits", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ db: t.db, env: { PUBLIC_URL: SITE, REQUESTS_RATE_LIMIT: "3", REQUESTS_RATE_LIMIT_IP: "4" } });
  });
  afterAll(async () => limited?.app.close());

  const post = (who: Person, ip: string) =>
    limited.app.inject({ method: "POST", url: "/api/requests", headers: who.headers, payload: body, remoteAddress: ip });

  it("a company files and writes at most REQUESTS_RATE_LIMIT times an hour, from any address and any member", async () => {
    const c: Company = await subscribed();
    const answers = [await post(c.owner, nextIp()), await post(c.people.member, nextIp()), await post(c.people.admin, nextIp())];
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    const { id } = answers[0]!.json().request;
    const over = await limited.app.inject({ method: "POST", url: `/api/requests/${id}/messages`, headers: c.owner.headers, payload: { message: "hi" }, remoteAddress: nextIp() });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: "requests.too_many" });
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect(await count("SELECT count(*)::int AS n FROM customer_request_messages WHERE company_id = $1", c.id)).toBe(3);
  });

  it("one address files at most REQUESTS_RATE_LIMIT_IP times an hour, whatever the company", async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await post((await subscribed()).owner, ip)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
  });

  it("calls at once cannot slip past the company's limit", async () => {
    const c = await subscribed();
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(c.owner, nextIp())));
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(3);
    expect(await count("SELECT count(*)::int AS n FROM customer_requests WHERE company_id = $1", c.id)).toBe(3);
  });
});

async function count(sql: string, id: string): Promise<number> {
  return (await t.db.query<{ n: number }>(sql, [id])).rows[0]!.n;
}
