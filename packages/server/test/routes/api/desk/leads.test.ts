import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "@agency/contract";
import { csvCell, csvDocument } from "../../../../src/lib/csv";
import { searchQuery } from "../../../../src/desk/leads-repository";
import { buildTestApp, nextIp, quoteRequest, type TestApp } from "../../../support/helpers";
import { auditEntries, signedInStaff, type StaffLogin } from "../../../support/desk-helpers";

/** The lead inbox: list, filter, search, status and note, release exactly once, and formula-safe CSV in both exports. */
const ADMIN_TOKEN = "desk-leads-admin-token-0123456789abcdef";
let t: TestApp;
let staff: StaffLogin;
let receiver: Server;
const posts: string[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      posts.push(Buffer.concat(chunks).toString("utf8"));
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/leads`;
  t = await buildTestApp({ env: { ADMIN_TOKEN, CONTACT_RATE_LIMIT: "1000", LEAD_WEBHOOK_URL: url, AGENCY_INBOX: "sales@agency.example" } });
  staff = await signedInStaff(t, "staff");
}, 180_000);
afterAll(async () => {
  await t?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

const send = (extra: Record<string, unknown>) => t.app.inject({ method: "POST", url: "/api/contact", payload: quoteRequest(extra), remoteAddress: nextIp() });
const desk = (method: "GET" | "PATCH" | "POST", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: staff.headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const idOf = async (email: string) => (await t.db.query<{ id: number }>("SELECT id FROM contact_requests WHERE email = $1", [email])).rows[0]!.id;
const outboxRows = async (id: number) =>
  (await t.db.query<{ topic: string }>("SELECT topic FROM outbox WHERE ref = $1 ORDER BY topic", [`contact_request:${id}`])).rows.map((r) => r.topic);

describe("the inbox", () => {
  it("lists newest first with statuses from the review flags, filters, searches, pages and counts unread", async () => {
    await send({ email: "anna@noord.nl", name: "Anna de Wit", company: "Noordzee Bouw" });
    await send({ email: "bram@zuid.nl", name: "Bram Zuid", fillMs: 500 });
    await send({ email: "spam@zuid.nl", name: "Spam Bot", [HONEYPOT_FIELD]: "http://spam" });
    const all = (await desk("GET", "/api/desk/leads")).json();
    expect(all.leads.slice(0, 3).map((l: { email: string; status: string }) => [l.email, l.status])).toEqual([
      ["spam@zuid.nl", "spam"],
      ["bram@zuid.nl", "held"],
      ["anna@noord.nl", "new"],
    ]);
    expect(all).toMatchObject({ page: 1, pageSize: 25, totalCapped: false });
    const count = async (where: string) => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM contact_requests ${where}`)).rows[0]!.n;
    expect([all.unread, all.total]).toEqual([await count("WHERE status = 'new'"), await count("")]);

    const held = (await desk("GET", "/api/desk/leads?status=held")).json();
    expect(held.leads.map((l: { email: string }) => l.email)).toEqual(["bram@zuid.nl"]);
    expect(held.total).toBe(1);
    // The counts follow every change: one read, one fewer unread; a deleted request leaves them too.
    await desk("PATCH", `/api/desk/leads/${await idOf("anna@noord.nl")}`, { status: "read" });
    expect((await desk("GET", "/api/desk/leads")).json().unread).toBe(all.unread - 1);
    await t.db.query("DELETE FROM contact_requests WHERE email = 'spam@zuid.nl'");
    expect((await desk("GET", "/api/desk/leads?status=spam")).json().total).toBe(await count("WHERE status = 'spam'"));
    await desk("PATCH", `/api/desk/leads/${await idOf("anna@noord.nl")}`, { status: "new" });
    for (const q of ["noordz", "ANNA", "wit", "noord.nl", "anna@noord.nl", "bouw ann", "Noordzee B"]) {
      expect((await desk("GET", `/api/desk/leads?q=${encodeURIComponent(q)}`)).json().leads.map((l: { email: string }) => l.email), q).toEqual(["anna@noord.nl"]);
    }
    expect((await desk("GET", "/api/desk/leads?q=zuid&status=new")).json().total).toBe(0);
    expect((await desk("GET", "/api/desk/leads?q=%27%3A*%20%7C%20!")).statusCode).toBe(200);
    expect(searchQuery("  Jan & (de) | Vries:*  ")).toBe("jan:* & de:* & vries:*");

    for (let i = 0; i < 26; i++) await send({ email: `page${i}@example.com`, name: `Pagina ${i}` });
    const second = (await desk("GET", "/api/desk/leads?page=2&q=pagina")).json();
    expect(second.total).toBe(26);
    expect(second.leads.map((l: { email: string }) => l.email)).toEqual(["page0@example.com"]);
  });

  it("shows every field of one lead, why it was held, and its deliveries", async () => {
    await send({ email: "detail@example.com", utm: { utm_source: "news" }, source: "landing", fillMs: 100 });
    const { lead } = (await desk("GET", `/api/desk/leads/${await idOf("detail@example.com")}`)).json();
    expect(lead).toMatchObject({
      status: "held",
      flag: "too_fast",
      source: "landing",
      utm: { utm_source: "news" },
      language: "nl",
      consent: { privacyNotice: true, marketing: false },
      mail: { state: "not_sent" },
      webhook: { state: "not_sent" },
    });
  });

  it("changes status and note, with an audit entry each, and keeps a never-sent lead from becoming new without a release", async () => {
    await send({ email: "status@example.com" });
    const id = await idOf("status@example.com");
    const changed = await desk("PATCH", `/api/desk/leads/${id}`, { status: "read", note: "Teruggebeld" });
    expect(changed.json().lead).toMatchObject({ status: "read", note: "Teruggebeld" });
    expect(await auditEntries(t, "lead.status")).toContainEqual(expect.objectContaining({ actor: staff.email, target: `lead:${id}`, detail: { from: "new", to: "read" } }));
    expect(await auditEntries(t, "lead.note")).toContainEqual(expect.objectContaining({ target: `lead:${id}` }));

    await send({ email: "bot@example.com", [HONEYPOT_FIELD]: "x" });
    const spam = await idOf("bot@example.com");
    const refused = await desk("PATCH", `/api/desk/leads/${spam}`, { status: "new" });
    expect([refused.statusCode, refused.json().code]).toEqual([409, "desk.release_first"]);
    expect((await desk("PATCH", `/api/desk/leads/${spam}`, { status: "archived" })).json().lead.status).toBe("archived");
    expect(await outboxRows(spam)).toEqual([]);
    expect((await desk("PATCH", `/api/desk/leads/${spam}`, { status: "held" })).statusCode).toBe(400);
  });
});

describe("release", () => {
  it("sends the agency's mail and the webhook exactly once, however often and however concurrently it is called", async () => {
    await send({ email: "held@example.com", fillMs: 10 });
    const id = await idOf("held@example.com");
    expect(await outboxRows(id)).toEqual([]);
    const answers = await Promise.all(Array.from({ length: 5 }, () => desk("POST", `/api/desk/leads/${id}/release`)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.json().released)).toHaveLength(1);
    expect((await desk("POST", `/api/desk/leads/${id}/release`)).json()).toMatchObject({ released: false, lead: { status: "new" } });
    await t.app.settle();
    expect(await outboxRows(id)).toEqual(["contact.notification", "contact.webhook"]);
    expect(posts.filter((post) => post.includes("held@example.com"))).toHaveLength(1);
    const { lead } = (await desk("GET", `/api/desk/leads/${id}`)).json();
    expect(lead).toMatchObject({ status: "new", flag: "too_fast", mail: { state: "delivered" }, webhook: { state: "delivered" } });
    expect(lead.releasedAt).not.toBeNull();
    expect((await auditEntries(t, "lead.release")).filter((e) => e.target === `lead:${id}`)).toHaveLength(1);

    // Marked spam again and released again: it went out already, so nothing is sent twice.
    await desk("PATCH", `/api/desk/leads/${id}`, { status: "spam" });
    expect((await desk("POST", `/api/desk/leads/${id}/release`)).json().released).toBe(true);
    expect(await outboxRows(id)).toEqual(["contact.notification", "contact.webhook"]);
  });

  it("refuses a lead that was never held or spam", async () => {
    await send({ email: "plain@example.com" });
    const res = await desk("POST", `/api/desk/leads/${await idOf("plain@example.com")}/release`);
    expect([res.statusCode, res.json().code]).toEqual([409, "desk.not_releasable"]);
  });
});

describe("CSV", () => {
  it("quotes every cell and makes formulas inert, whatever the separator", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${start}SUM(A1)`)).toBe(`"'${start}SUM(A1)"`);
    expect(csvCell("a;b,c\"d\ne")).toBe('"a;b,c""d\ne"');
    expect(csvCell(42)).toBe('"42"');
    expect(csvDocument(["x"], [["=1"]])).toBe('"x"\r\n"\'=1"\r\n');
  });

  it("exports the desk's current filter and the ADMIN_TOKEN export with the same safe cells, and audits the export", async () => {
    await send({ email: "formula@example.com", name: "=HYPERLINK(\"http://evil\")", company: "+31;evil", message: "@cmd|' /C calc'!A0" });
    const deskCsv = await desk("GET", "/api/desk/leads.csv?q=formula");
    expect(deskCsv.headers["content-type"]).toMatch(/^text\/csv/);
    const adminCsv = await t.app.inject({ url: "/api/admin/contact-requests?format=csv", headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    for (const csv of [deskCsv.body, adminCsv.body]) {
      expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
      expect(csv).toContain(`"'+31;evil"`);
      expect(csv).toContain(`"'@cmd|' /C calc'!A0"`);
      // Every cell of every line is quoted: no separator, ; or ,, outside quotes.
      for (const line of csv.trim().split("\r\n")) expect(line).toMatch(/^"([^"]|"")*"(,"([^"]|"")*")*$/);
    }
    expect(deskCsv.body.trim().split("\r\n")).toHaveLength(2);
    expect(await auditEntries(t, "leads.export")).toContainEqual(expect.objectContaining({ actor: staff.email, detail: { q: "formula", rows: 1 } }));
  });
});
