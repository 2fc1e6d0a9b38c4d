import { buildTestApp, nextIp, quoteRequest, type TestApp } from "../support/helpers";
import { mailText, startSmtp } from "../support/smtp";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, AGENCY_INBOX: "leads@agency.example", CONTACT_RATE_LIMIT: "1000" } });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let seq = 0;
const uniqueEmail = (name: string) => `${name}-${++seq}-${Date.now()}@example.nl`;
const send = (payload: Record<string, unknown>) => t.app.inject({ method: "POST", url: "/api/contact", payload, remoteAddress: nextIp() });
/** The mails that reached the SMTP sink for this address, as text. */
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email)).map((m) => mailText(m.raw));
const agencyMailsAbout = (email: string) => smtp.mails.filter((m) => m.to.includes("leads@agency.example") && mailText(m.raw).includes(email));

describe("the confirmation mail to the sender of a quote request", () => {
  it.each([
    ["nl", "We hebben je offerteaanvraag ontvangen", "We nemen binnen 24 uur contact met je op.", "Je keuzes:", "Hallo,"],
    ["en", "We received your quote request", "We will get back to you within 24 hours.", "Your choices:", "Hello,"],
  ])("is sent in the request's language (%s) through the outbox, with the choices and the 24-hour promise, none of the sender's text", async (language, subject, promise, summary, hello) => {
    const email = uniqueEmail(`confirm-${language}`);
    const res = await send(quoteRequest({ email, language, company: "Bakkerij", message: "Graag een webshop." }));
    expect(res.statusCode).toBe(200);
    await t.app.settle();
    const [mail, ...more] = mailsTo(email);
    expect(more).toEqual([]);
    expect(mail).toContain(`Subject: ${subject}`);
    for (const text of [promise, summary, hello]) expect(mail).toContain(text);
    // Nobody has shown the address to be theirs: nothing they typed is repeated to it.
    for (const text of ["Bakkerij", "Jan Bakker", "06 12345678", "Graag een webshop."]) expect(mail).not.toContain(text);
    const { rows } = await t.db.query<{ topic: string; sent_at: Date | null }>("SELECT topic, sent_at FROM outbox WHERE payload->>'to' = $1", [email]);
    expect(rows).toEqual([{ topic: "contact.confirmation", sent_at: expect.any(Date) }]);
  });

  // A Dutch visitor picks "€ 2.400 - € 3.200" (sent as 3000-4000), an English one "$3,000 - $4,000"; both mails name
  // every choice as the form did, in the mail's language, and the agency's Dutch mail keeps the visitor's currency.
  it.each([
    [
      "nl",
      ["Soort project: Website redesign", "Budget: € 2.400 - € 3.200", "Planning: Flexibel", "Domein: Ik heb hier hulp bij nodig", "Functies: Online reserveren, Analytics op maat"],
      ["Soort project: Website redesign", "Budget: € 2.400 - € 3.200", "Planning: Flexibel", "Domein: Ik heb hier hulp bij nodig", "Functies: Online reserveren, Analytics op maat", "Gevonden via: Aanbeveling"],
    ],
    [
      "en",
      ["Project type: Website redesign", "Budget: $3,000 - $4,000", "Timeline: Flexible", "Domain: I need help with this", "Features: Online booking, Custom analytics"],
      ["Soort project: Website redesign", "Budget: US$ 3.000 - US$ 4.000", "Planning: Flexibel", "Domein: Ik heb hier hulp bij nodig", "Functies: Online reserveren, Analytics op maat", "Gevonden via: Aanbeveling"],
    ],
  ])("names the choices (%s) with the form's labels and the budget in the amounts picked, also to the agency", async (language, confirmation, notification) => {
    const email = uniqueEmail(`labels-${language}`);
    const choices = { projectType: "redesign", budgetRange: "3000-4000", timeline: "flexible", domainStatus: "need-help", hearAboutUs: "referral" };
    const res = await send(quoteRequest({ email, language, ...choices, features: ["online-booking", "analytics"] }));
    expect(res.statusCode).toBe(200);
    await t.app.settle();
    await t.app.outbox.deliver();
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
    const [mail] = mailsTo(email).map(plain);
    const [agency] = agencyMailsAbout(email).map((m) => plain(mailText(m.raw)));
    for (const line of confirmation) expect(mail).toContain(line);
    for (const line of notification) expect(agency).toContain(line);
    for (const code of [": redesign", ": 3000-4000", ": flexible", ": need-help", "online-booking", ": referral"]) {
      expect(mail).not.toContain(code);
      expect(agency).not.toContain(code);
    }
  });

  // 'Unknown' sends the highest range, as the specification has it; the request keeps that it was 'Unknown', and every
  // reply names what the visitor picked, not "€ 3.200+".
  it.each([
    ["nl", "Budget: Weet ik nog niet", "Budget: Weet ik nog niet"],
    ["en", "Budget: Unknown", "Budget: Weet ik nog niet"],
  ])("says 'Unknown' (%s) when the visitor picked it, to them and to the agency, and keeps the range it sent", async (language, confirmation, notification) => {
    const email = uniqueEmail(`unknown-${language}`);
    const res = await send(quoteRequest({ email, language, budgetRange: "4000+", budgetUnknown: true }));
    expect(res.statusCode).toBe(200);
    await t.app.settle();
    await t.app.outbox.deliver();
    const [mail] = mailsTo(email);
    const [agency] = agencyMailsAbout(email).map((m) => mailText(m.raw));
    expect(mail).toContain(confirmation);
    expect(agency).toContain(notification);
    for (const text of [mail, agency]) expect(text).not.toMatch(/3[.,]200\+|4,000\+|4000\+/);
    const { rows } = await t.db.query("SELECT budget_range, budget_unknown FROM contact_requests WHERE email = $1", [email]);
    expect(rows).toEqual([{ budget_range: "4000+", budget_unknown: true }]);
  });

  it("keeps 'Unknown' only beside the highest range, which is what the form sends with it", async () => {
    const email = uniqueEmail("unknown-mismatch");
    expect((await send(quoteRequest({ email, budgetRange: "500-1000", budgetUnknown: true }))).statusCode).toBe(200);
    const { rows } = await t.db.query("SELECT budget_range, budget_unknown FROM contact_requests WHERE email = $1", [email]);
    expect(rows).toEqual([{ budget_range: "500-1000", budget_unknown: false }]);
  });

  it("goes at most once an hour to an address; further requests are stored and notified to the agency", async () => {
    const email = uniqueEmail("repeat");
    for (let i = 0; i < 3; i++) expect((await send(quoteRequest({ email, message: `Request ${i}` }))).statusCode).toBe(200);
    // Two at the same moment find the address confirmed just once between them.
    const other = uniqueEmail("together");
    await Promise.all([send(quoteRequest({ email: other })), send(quoteRequest({ email: other })), send(quoteRequest({ email: other }))]);
    await t.app.settle();
    await t.app.outbox.deliver();
    expect(mailsTo(email)).toHaveLength(1);
    expect(mailsTo(other)).toHaveLength(1);
    expect(agencyMailsAbout(email)).toHaveLength(3);
    expect(agencyMailsAbout(other)).toHaveLength(3);
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM contact_requests WHERE email = $1", [email]);
    expect(rows[0]!.n).toBe(3);

    // An hour later the address may get one again.
    await t.db.query("UPDATE outbox SET created_at = created_at - interval '61 minutes' WHERE payload->>'to' = $1", [email]);
    await send(quoteRequest({ email }));
    await t.app.settle();
    expect(mailsTo(email)).toHaveLength(2);
  });

  it("is not sent for a request caught as spam or held for review", async () => {
    const spam = uniqueEmail("spam");
    const fast = uniqueEmail("fast");
    await send(quoteRequest({ email: spam, website_url: "http://spam.example" }));
    await send(quoteRequest({ email: fast, fillMs: 200 }));
    await t.app.settle();
    await t.app.outbox.deliver();
    expect(mailsTo(spam)).toEqual([]);
    expect(mailsTo(fast)).toEqual([]);
  });
});
