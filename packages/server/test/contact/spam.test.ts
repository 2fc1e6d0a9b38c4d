import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { ContactChallenge } from "@agency/contract";
import { buildTestApp, nextIp, quoteRequest, type TestApp } from "../support/helpers";
import { mailText, startSmtp } from "../support/smtp";
import { contactChallenges } from "../../src/contact/challenge";
import { adoptLegacyNotifications, contactRef } from "../../src/contact/notify";

let off: TestApp;
let on: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  const env = { SMTP_URL: smtp.url, AGENCY_INBOX: "leads@agency.example", CONTACT_RATE_LIMIT: "1000" };
  off = await buildTestApp({ env });
  on = await buildTestApp({ env: { ...env, CONTACT_CHALLENGE: "on" } });
  // Two apps on a shared, busy machine.
}, 180_000);
afterAll(async () => {
  await off?.close();
  await on?.close();
  await smtp?.close();
});

const send = (t: TestApp, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/contact", payload, remoteAddress: nextIp() });

async function rowsFor(t: TestApp, email: string) {
  const { rows } = await t.db.query<{ id: number; held_for_review: boolean; notified_at: Date | null; is_spam: boolean }>(
    "SELECT id, held_for_review, notified_at, is_spam FROM contact_requests WHERE email = $1 ORDER BY id",
    [email],
  );
  return rows;
}

const mailsAbout = (email: string) => smtp.mails.filter((m) => m.to.includes("leads@agency.example") && mailText(m.raw).includes(email));

let seq = 0;
const uniqueEmail = (name: string) => `${name}-${++seq}-${Date.now()}@example.nl`;

/** Solves a challenge the way the form does, and packs it as the `challenge` field. */
async function solved(challenge: ContactChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** A challenge as if the form had been open for `ageMs`, solved. */
async function solvedChallenge(ageMs = 60_000): Promise<string> {
  const challenges = await contactChallenges(on.db);
  return solved(await challenges.issue(Date.now() - ageMs));
}

describe("a request sent faster than a person can fill in the form", () => {
  it("is stored and answered as a success, but held for review: no mail, not even from the retry job", async () => {
    const email = uniqueEmail("fast");
    const res = await send(off, quoteRequest({ email, fillMs: 900 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Bedankt! Je bericht is verzonden." });
    await off.app.settle();
    // Nothing queued for it, and the outbox job (with its adoption of older releases' requests) sends nothing.
    const [row] = await rowsFor(off, email);
    const { rows: queued } = await off.db.query("SELECT id FROM outbox WHERE ref = $1", [contactRef(row!.id)]);
    expect(queued).toEqual([]);
    expect(await adoptLegacyNotifications({ db: off.db, outbox: off.app.outbox, agencyInbox: "leads@agency.example", log: off.app.log })).toEqual([]);
    await off.app.outbox.deliver();
    expect(await rowsFor(off, email)).toEqual([expect.objectContaining({ held_for_review: true, notified_at: null, is_spam: false })]);
    expect(mailsAbout(email)).toHaveLength(0);

    // The release before held_for_review claims rows by their last attempt: a held row never matches.
    const { rows } = await off.db.query(
      `SELECT id FROM contact_requests
        WHERE notified_at IS NULL AND NOT is_spam
          AND (last_attempt_at IS NULL OR last_attempt_at < now() - make_interval(secs => 120)) AND email = $1`,
      [email],
    );
    expect(rows).toEqual([]);
  });

  it("is listed for the agency as held, in the admin export", async () => {
    const email = uniqueEmail("listed");
    await send(off, quoteRequest({ email, fillMs: 10 }));
    const { listLeads } = await import("../../src/contact/repository");
    expect((await listLeads(off.db)).find((lead) => lead.email === email)).toMatchObject({ held_for_review: true, notified_at: null });
  });

  it("is not held when the form was open long enough, or when the request says nothing about its timing", async () => {
    const slow = uniqueEmail("slow");
    const silent = uniqueEmail("silent");
    expect((await send(off, quoteRequest({ email: slow, fillMs: 45_000 }))).statusCode).toBe(200);
    expect((await send(off, quoteRequest({ email: silent }))).statusCode).toBe(200);
    await off.app.settle();
    expect(await rowsFor(off, slow)).toEqual([expect.objectContaining({ held_for_review: false, notified_at: expect.any(Date) })]);
    expect(await rowsFor(off, silent)).toEqual([expect.objectContaining({ held_for_review: false, notified_at: expect.any(Date) })]);
    expect(mailsAbout(slow)).toHaveLength(1);
  });

  it("with the challenge on, is timed by the server from the challenge, whatever fillMs claims", async () => {
    const email = uniqueEmail("claims-slow");
    const challenges = await contactChallenges(on.db);
    const fresh = await solved(await challenges.issue());
    expect((await send(on, quoteRequest({ email, fillMs: 120_000, challenge: fresh }))).statusCode).toBe(200);
    await on.app.settle();
    expect(await rowsFor(on, email)).toEqual([expect.objectContaining({ held_for_review: true, notified_at: null })]);
    expect(mailsAbout(email)).toHaveLength(0);
  });
});

describe("the proof-of-work challenge", () => {
  it("is not asked for when CONTACT_CHALLENGE is off, and POST /contact takes requests as before", async () => {
    const res = await off.app.inject({ method: "GET", url: "/api/contact/challenge" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ challenge: null });
    expect((await send(off, quoteRequest({ email: uniqueEmail("plain") }))).statusCode).toBe(200);
  });

  it("is handed out signed, expiring within a day, never cached", async () => {
    const res = await on.app.inject({ method: "GET", url: "/api/contact/challenge" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const { challenge } = res.json() as { challenge: ContactChallenge };
    expect(challenge.parameters).toMatchObject({ algorithm: "SHA-256", keyPrefix: expect.stringMatching(/^[0-9a-f]+$/) });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt! - Date.now() / 1000).toBeGreaterThan(23 * 3600);
    expect(challenge.parameters.expiresAt! - Date.now() / 1000).toBeLessThanOrEqual(24 * 3600);
  });

  it("lets a request with a solved challenge through: stored and mailed", async () => {
    const email = uniqueEmail("solved");
    const { challenge } = (await on.app.inject({ method: "GET", url: "/api/contact/challenge" })).json() as { challenge: ContactChallenge };
    // Solved as the form solves it; the visitor took a while to fill in the form.
    const early = await contactChallenges(on.db);
    expect(challenge.signature).not.toBe("");
    const res = await send(on, quoteRequest({ email, challenge: await solved(await early.issue(Date.now() - 30_000)) }));
    expect(res.statusCode).toBe(200);
    await on.app.settle();
    expect(await rowsFor(on, email)).toEqual([expect.objectContaining({ held_for_review: false, notified_at: expect.any(Date) })]);
    expect(mailsAbout(email)).toHaveLength(1);
  });

  it.each([
    ["without a solution", async () => undefined],
    ["with something that is no solution", async () => "bm90IGpzb24="],
    [
      "with a key the work did not find",
      async () => {
        const payload = JSON.parse(Buffer.from(await solvedChallenge(), "base64").toString()) as { solution: { derivedKey: string } };
        const key = payload.solution.derivedKey;
        payload.solution.derivedKey = `${key.slice(0, -1)}${key.endsWith("0") ? "1" : "0"}`;
        return Buffer.from(JSON.stringify(payload)).toString("base64");
      },
    ],
    [
      "with a challenge the server did not sign (an easier prefix)",
      async () => {
        const payload = JSON.parse(Buffer.from(await solvedChallenge(), "base64").toString()) as { challenge: ContactChallenge };
        payload.challenge.parameters.keyPrefix = "00";
        return Buffer.from(JSON.stringify(payload)).toString("base64");
      },
    ],
    ["with an expired challenge", async () => solvedChallenge(25 * 60 * 60 * 1000)],
  ])("refuses a request %s, in the request's language, and stores nothing", async (_, challenge) => {
    const email = uniqueEmail("refused");
    const nl = await send(on, quoteRequest({ email, challenge: await challenge() }));
    expect(nl.statusCode).toBe(400);
    expect(nl.json()).toMatchObject({
      code: "contact.challenge_failed",
      error: "Je aanvraag kon niet worden gecontroleerd als verstuurd door een mens en is daarom niet verstuurd. Probeer het opnieuw.",
    });
    const en = await send(on, quoteRequest({ email, language: "en", challenge: await challenge() }));
    expect(en.json().error).toBe("Your request could not be checked as sent by a person, so it was not sent. Please try again.");
    expect(await rowsFor(on, email)).toEqual([]);
  });

  it("takes each solution once: a replay, also at the same moment, is refused and stores nothing", async () => {
    const email = uniqueEmail("replay");
    const challenge = await solvedChallenge();
    const answers = await Promise.all([send(on, quoteRequest({ email, challenge })), send(on, quoteRequest({ email, challenge }))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect((await send(on, quoteRequest({ email, challenge }))).statusCode).toBe(400);
    expect(await rowsFor(on, email)).toHaveLength(1);
  });

  it("is checked by another instance on the same database", async () => {
    const other = await buildTestApp({ db: on.db, env: { CONTACT_CHALLENGE: "on", CONTACT_RATE_LIMIT: "1000" } });
    try {
      const email = uniqueEmail("other-instance");
      expect((await send(other, quoteRequest({ email, challenge: await solvedChallenge() }))).statusCode).toBe(200);
    } finally {
      await other.app.close();
    }
  });
});
