import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { buildTestApp, nextIp, type TestApp } from "../../../support/helpers";
import { mailText, startSmtp } from "../../../support/smtp";
import { adoptLegacyNotifications } from "../../../../src/contact/notify";
import { OUTBOX_INTERVAL_MS } from "../../../../src/jobs/scheduler";
import { createMailer } from "../../../../src/mail/mailer";
import { exportLeadsCsv, csvCell } from "../../../../src/cli/leads";
import { HONEYPOT_FIELD } from "@agency/contract";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, AGENCY_INBOX: "leads@agency.example" } });
});
// Mail of one test is sent after its answer; let it land before the next test counts mails.
beforeEach(async () => t.app.settle());
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const valid = {
  name: "Jan de Vries",
  email: "Jan@Bakkerij.NL",
  company: "Bakkerij de Vries",
  countryCode: "+31",
  phone: "06 12345678",
  currentWebsite: "https://bakkerij.example",
  projectType: "redesign",
  budgetRange: "1000-2000",
  timeline: "1-month",
  primaryGoal: "More online orders",
  features: ["online-booking", "e-commerce"],
  domainStatus: "have-domain",
  hearAboutUs: "referral",
  biggestChallenge: "Old site is slow",
  message: "Graag een offerte.",
  language: "nl",
};

function send(payload: unknown, headers: Record<string, string> = {}, ip = nextIp()) {
  return t.app.inject({ method: "POST", url: "/api/contact", payload: payload as object, headers, remoteAddress: ip });
}

async function lastRow() {
  const { rows } = await t.db.query<Record<string, unknown>>("SELECT * FROM contact_requests ORDER BY id DESC LIMIT 1");
  return rows[0]!;
}

describe("POST /contact", () => {
  it("stores every field, mails the agency inbox and answers in the submitted language", async () => {
    const before = smtp.mails.length;
    const res = await send(valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Bedankt! Je bericht is verzonden." });
    const row = await lastRow();
    expect(row).toMatchObject({
      name: "Jan de Vries",
      email: "jan@bakkerij.nl",
      company: "Bakkerij de Vries",
      country_code: "+31",
      phone: "06 12345678",
      project_type: "redesign",
      budget_range: "1000-2000",
      timeline: "1-month",
      features: ["online-booking", "e-commerce"],
      domain_status: "have-domain",
      hear_about_us: "referral",
      biggest_challenge: "Old site is slow",
      message: "Graag een offerte.",
      language: "nl",
      is_spam: false,
    });
    await t.app.settle();
    const mails = smtp.mails.slice(before).filter((mail) => mail.to.includes("leads@agency.example"));
    expect(mails).toHaveLength(1);
    // The sender's own confirmation is the other mail (contact/confirmation.test.ts).
    expect(smtp.mails.slice(before).filter((mail) => mail.to.includes("jan@bakkerij.nl"))).toHaveLength(1);
    expect(mails[0]!.to).toEqual(["leads@agency.example"]);
    expect(mailText(mails[0]!.raw)).toContain("Jan de Vries");
    expect(mailText(mails[0]!.raw)).toMatch(/Reply-To: jan@bakkerij\.nl/);
    expect((await lastRow()).notified_at).toBeInstanceOf(Date);

    const en = await send({ ...valid, language: "en" });
    expect(en.json()).toEqual({ success: true, message: "Thank you! Your message has been sent." });
  });

  it("accepts only the required fields, with optional ones as empty strings", async () => {
    const minimal = {
      name: "A", email: "a@b.nl", countryCode: "+44", phone: "1234567", projectType: "other", budgetRange: "4000+",
      timeline: "flexible", domainStatus: "need-help", language: "en",
      company: "", currentWebsite: "", primaryGoal: "", hearAboutUs: "", message: "", biggestChallenge: "", features: [],
    };
    expect((await send(minimal)).statusCode).toBe(200);
  });

  it("answers 400 with the fields at fault and a message in the submitted language", async () => {
    const nl = await send({ ...valid, email: "geen-email", projectType: "castle", phone: undefined });
    expect(nl.statusCode).toBe(400);
    expect(nl.json().fields.sort()).toEqual(["email", "phone", "projectType"]);
    expect(nl.json().error).toMatch(/^Controleer de volgende velden: .*e-mailadres/);

    const en = await send({ ...valid, language: "en", budgetRange: "1-2", timeline: "never", domainStatus: "x", countryCode: "+999", features: ["teleport"] });
    expect(en.statusCode).toBe(400);
    expect(en.json().fields.sort()).toEqual(["budgetRange", "countryCode", "domainStatus", "features", "timeline"]);
    expect(en.json().error).toMatch(/^Please check the following fields: /);

    for (const field of ["name", "email", "phone", "projectType", "budgetRange", "timeline", "domainStatus", "countryCode"]) {
      const res = await send({ ...valid, [field]: undefined });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields, field).toEqual([field]);
    }
    const blankName = await send({ ...valid, name: "   " });
    expect(blankName.json().fields).toEqual(["name"]);
  });

  it("keeps honeypot requests flagged as spam, answers success and mails nothing", async () => {
    const before = smtp.mails.length;
    const res = await send({ ...valid, [HONEYPOT_FIELD]: "http://spam.example" });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    await t.app.settle();
    expect(smtp.mails.length).toBe(before);
    const row = await lastRow();
    expect(row.is_spam).toBe(true);
    expect(row.notified_at).toBeNull();
  });

  it("limits requests per IP with 429, Retry-After and a localized message", async () => {
    const ip = nextIp();
    for (let i = 0; i < t.app.config.limits.contactPerIp; i++) expect((await send(valid, {}, ip)).statusCode).toBe(200);
    const res = await send({ ...valid, language: "en" }, {}, ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(500);
    expect(res.json().error).toMatch(/Please try again in 10 minutes\./);
    expect((await send(valid, {}, ip)).json().error).toMatch(/Probeer het over 10 minuten opnieuw\./);
    expect((await send(valid)).statusCode).toBe(200);
    await t.app.settle();
  });

  it("stores where the lead came from: origin, referer, page, source and UTM", async () => {
    const res = await send(
      { ...valid, source: "bakkerij-site", utm: { utm_source: "newsletter", utm_campaign: "spring", utm_medium: "" } },
      { origin: "https://partner.example", referer: "https://partner.example/contact?utm_source=newsletter" },
    );
    expect(res.statusCode).toBe(200);
    expect(await lastRow()).toMatchObject({
      source: "bakkerij-site",
      origin: "https://partner.example",
      referrer: "https://partner.example/contact?utm_source=newsletter",
      page_url: "https://partner.example/contact?utm_source=newsletter",
      utm: { utm_source: "newsletter", utm_campaign: "spring" },
    });
    await send({ ...valid, pageUrl: "https://partner.example/offerte" });
    expect((await lastRow()).page_url).toBe("https://partner.example/offerte");
    await t.app.settle();
  });

  it("never loses a request when mail fails: the request and its queued mail are stored, and the mail is retried", async () => {
    smtp.failNext(1);
    const before = smtp.mails.length;
    const res = await send({ ...valid, name: "Retry Person" });
    expect(res.statusCode).toBe(200);
    await t.app.settle();
    const row = await lastRow();
    expect(row.name).toBe("Retry Person");
    expect(row.notified_at).toBeNull();
    const queued = async () =>
      (
        await t.db.query<{ attempts: number; last_error: string | null; sent: boolean; wait: number }>(
          `SELECT attempts, last_error, sent_at IS NOT NULL AS sent, extract(epoch FROM next_attempt_at - now())::int AS wait
             FROM outbox WHERE ref = $1`,
          [`contact_request:${row.id as number}`],
        )
      ).rows;
    const [failed] = await queued();
    expect(failed).toMatchObject({ attempts: 1, sent: false, last_error: expect.stringMatching(/451|unavailable/i) });
    // The first retry waits about 30 seconds.
    expect(failed!.wait).toBeGreaterThan(20);
    expect(failed!.wait).toBeLessThanOrEqual(30);
    expect(smtp.mails.length).toBe(before);

    // Not due yet: the job leaves it alone. Once due, it is delivered once.
    expect(await t.app.outbox.deliver()).toBe(0);
    await t.db.query("UPDATE outbox SET next_attempt_at = now() WHERE ref = $1", [`contact_request:${row.id as number}`]);
    expect(await t.app.outbox.deliver()).toBe(1);
    expect((await lastRow()).notified_at).toBeInstanceOf(Date);
    expect(await queued()).toEqual([expect.objectContaining({ attempts: 2, sent: true, last_error: null })]);
    expect(smtp.mails.slice(before).filter((m) => mailText(m.raw).includes("Retry Person"))).toHaveLength(1);
    // Nothing left to send: a second run mails nothing.
    expect(await t.app.outbox.deliver()).toBe(0);
  });

  it("the outbox job runs at start and delivers what is due", async () => {
    const res = await send({ ...valid, name: "Start Person" });
    expect(res.statusCode).toBe(200);
    await t.app.settle();
    const row = await lastRow();
    // As if the mail had not gone out yet.
    await t.db.query("UPDATE contact_requests SET notified_at = NULL WHERE id = $1", [row.id]);
    await t.db.query("UPDATE outbox SET sent_at = NULL, attempts = 0 WHERE ref = $1", [`contact_request:${row.id as number}`]);
    const before = smtp.mails.length;
    const second = await buildTestApp({ db: t.db, jobs: true, env: { SMTP_URL: smtp.url } });
    await second.app.settle();
    await second.close();
    expect(smtp.mails.length).toBe(before + 1);
    expect((await lastRow()).notified_at).toBeInstanceOf(Date);
  });
});

describe("a rolling upgrade from the release before the outbox", () => {
  /** The previous release's retry claim, word for word: what an old instance still running runs every 5 minutes. */
  const OLD_RELEASE_CLAIM = `UPDATE contact_requests SET notify_attempts = notify_attempts + 1, last_attempt_at = now()
      WHERE id IN (
        SELECT id FROM contact_requests
         WHERE notified_at IS NULL AND NOT is_spam
           AND (last_attempt_at IS NULL OR last_attempt_at < now() - make_interval(secs => $1))
           AND ($2::int IS NULL OR id = $2::int)
         ORDER BY id LIMIT 50
         FOR UPDATE SKIP LOCKED)
      RETURNING *`;

  /** A quote request as an old instance stores it: no outbox item, `notified_at` and `last_attempt_at` empty. */
  async function storedByOldRelease(name: string, lastAttempt: string | null = null): Promise<number> {
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO contact_requests (name, email, country_code, phone, project_type, budget_range, timeline, domain_status,
                                     language, ip_hash, last_attempt_at)
       VALUES ($1, 'old@example.com', '+31', '0612345678', 'other', '4000+', 'asap', 'need-help', 'nl', 'h', now() - $2::interval)
       RETURNING id`,
      [name, lastAttempt],
    );
    return rows[0]!.id;
  }

  it("an old instance never claims a request this release handed to the outbox", async () => {
    const res = await send({ ...valid, name: "New Release Lead" });
    expect(res.statusCode).toBe(200);
    const row = await lastRow();
    // Before and after this release's own attempt, even with mail down for a while.
    expect((await t.db.query(OLD_RELEASE_CLAIM, [0, row.id])).rows).toEqual([]);
    await t.app.settle();
    await t.db.query("UPDATE contact_requests SET notified_at = NULL WHERE id = $1", [row.id]);
    expect((await t.db.query(OLD_RELEASE_CLAIM, [0, null])).rows.map((r) => r.name)).not.toContain("New Release Lead");
  });

  it("a request an old instance stored is handed to the outbox once and mailed once; one it is mailing right now is left to it", async () => {
    await t.app.settle();
    const waiting = await storedByOldRelease("Old Waiting Lead");
    const retrying = await storedByOldRelease("Old Retrying Lead", "10 minutes");
    const inFlight = await storedByOldRelease("Old In-Flight Lead", "5 seconds");
    const before = smtp.mails.length;
    const deps = { db: t.db, outbox: t.app.outbox, agencyInbox: t.config.agencyInbox, log: t.app.log };
    // Two instances adopting at once.
    const [one, two] = await Promise.all([adoptLegacyNotifications(deps), adoptLegacyNotifications(deps)]);
    expect([...one, ...two]).toHaveLength(2);
    expect(await t.app.outbox.deliver()).toBe(2);
    const mailed = smtp.mails.slice(before).map((m) => mailText(m.raw));
    expect(mailed.filter((m) => m.includes("Old Waiting Lead"))).toHaveLength(1);
    expect(mailed.filter((m) => m.includes("Old Retrying Lead"))).toHaveLength(1);
    expect(mailed.filter((m) => m.includes("Old In-Flight Lead"))).toHaveLength(0);
    const { rows } = await t.db.query<{ id: number; notified: boolean }>(
      "SELECT id, notified_at IS NOT NULL AS notified FROM contact_requests WHERE id = ANY ($1::int[]) ORDER BY id",
      [[waiting, retrying, inFlight]],
    );
    expect(rows).toEqual([
      { id: waiting, notified: true },
      { id: retrying, notified: true },
      { id: inFlight, notified: false },
    ]);
    // The old instances no longer see the adopted ones; the one in flight is still theirs.
    expect((await t.db.query<{ id: number }>(OLD_RELEASE_CLAIM, [0, null])).rows.map((r) => r.id)).toEqual([inFlight]);
    expect(await adoptLegacyNotifications(deps)).toEqual([]);
  });

  it("adopts them once, when an instance starts; the outbox job that runs every 30 seconds adopts none", async () => {
    await t.app.settle();
    const atStart = await storedByOldRelease("Old Lead Before Start");
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const instance = await buildTestApp({ db: t.db, jobs: true, env: { SMTP_URL: smtp.url } });
    try {
      await instance.app.settle();
      const later = await storedByOldRelease("Old Lead After Start");
      const deliver = vi.spyOn(instance.app.outbox, "deliver");
      vi.advanceTimersByTime(OUTBOX_INTERVAL_MS);
      await instance.app.settle();
      // The job ran, and left the row alone.
      expect(deliver).toHaveBeenCalled();
      const { rows } = await t.db.query<{ id: number; items: number }>(
        `SELECT c.id, (SELECT count(*)::int FROM outbox o WHERE o.ref = 'contact_request:' || c.id) AS items
           FROM contact_requests c WHERE c.id = ANY ($1::int[]) ORDER BY c.id`,
        [[atStart, later]],
      );
      expect(rows).toEqual([
        { id: atStart, items: 1 },
        { id: later, items: 0 },
      ]);
    } finally {
      await instance.close();
      vi.useRealTimers();
    }
  });
});

describe("outbox mail (no SMTP_URL)", () => {
  it("writes a real .eml file under DATA_DIR/outbox and logs the masked recipient and link, never the subject", async () => {
    const lines: string[] = [];
    const dataDir = t.dataDir;
    const mailer = createMailer({ smtpUrl: undefined, from: "Agency <no-reply@agency.local>", dataDir, log: { info: (_obj: unknown, msg?: string) => lines.push(String(msg)) } });
    await mailer.send({ to: "x@example.com", subject: "Reset your password", text: "Open https://x/reset-password?token=abc" }, { logDetail: "reset link: https://x/reset-password?token=abc" });
    const files = readdirSync(path.join(dataDir, "outbox")).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(dataDir, "outbox", files[0]!), "utf8");
    expect(eml).toMatch(/^From: Agency <no-reply@agency\.local>$/m);
    expect(eml).toMatch(/^To: x@example\.com$/m);
    expect(eml).toMatch(/^Subject: Reset your password$/m);
    expect(eml).toMatch(/^Message-ID: </m);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("x***@example.com");
    expect(lines[0]).not.toContain("x@example.com");
    expect(lines[0]).not.toContain("Reset your password");
    expect(lines[0]).toContain(files[0]!);
    expect(lines[0]).toContain("https://x/reset-password?token=abc");
  });
});

describe("leads export", () => {
  it("prints the requests as CSV, without spam unless asked", async () => {
    const csv = await exportLeadsCsv(t.db);
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toMatch(/^"id","created_at","last_contact_at","name","email",/);
    expect(csv).toContain("Jan de Vries");
    expect(csv).toContain("newsletter");
    const total = (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM contact_requests WHERE NOT is_spam")).rows[0]!.n;
    expect(lines).toHaveLength(total + 1);
    const withSpam = await exportLeadsCsv(t.db, { includeSpam: true });
    expect(withSpam.trim().split("\r\n").length).toBeGreaterThan(lines.length);
  });

  it("quotes every field and neutralises spreadsheet formulas", () => {
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvCell("=HYPERLINK(1)")).toBe(`"'=HYPERLINK(1)"`);
    expect(csvCell(["a", "b"])).toBe('"a; b"');
    expect(csvCell(null)).toBe('""');
  });
});
