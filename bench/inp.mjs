#!/usr/bin/env node
// Lab INP of the portal's and the desk's screens (build first: npm run build), in Debian's Chromium at 375 × 740 with
// the CPU slowed down 4x, on the production server with a fresh embedded database. Each interaction is measured
// BENCH_INP_RUNS (5) times, each in a page loaded afresh: the page loads at full speed, then the CPU is slowed, and
// one interaction is made as a person makes it (a click, a key). Its latency is the longest Event Timing entry of
// that interaction (input delay, handlers and the next paint), as the browser reports it for INP. Entries shorter
// than 16 ms are not reported by the browser: such an interaction prints as "< 16". Prints the load average at the
// start and the end, and per interaction the median with its lowest and highest run. Budget: median ≤ 100 ms each.
//
// The screens: an offer opened from its mail link (/offer), the customer's requests (/dashboard/requests) and
// settings with the Team card (/dashboard/settings), and the desk's request queue and new offer. The seed: a staff
// session and a customer with a company, an active subscription and a few requests, written into the database
// while the server is stopped (as bench/desk.mjs does); the offer is made through the desk's API and its link read
// from the mail outbox. Measure on a quiet machine (load average well under 1): a busy one slows every interaction.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { chromium } from "@playwright/test";
import { fail, freePort, startServer } from "./lib.mjs";

const RUNS = Number(process.env.BENCH_INP_RUNS ?? 5);
const BUDGET_MS = 100;
const CPU_SLOWDOWN = 4;
const CHROMIUM = "/usr/bin/chromium";
const CUSTOMER = "bench-inp@example.com";
const CONSENT = JSON.stringify({ necessary: true, analytics: false, marketing: false, timestamp: new Date().toISOString(), version: 1, id: "bench" });

const sha256 = (text) => createHash("sha256").update(text).digest("hex");
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/** A staff session, and a customer who owns a company with an active subscription, a session and three requests. */
const seedSql = ({ deskToken, customerToken }) => `
INSERT INTO staff (email, role, password_hash, totp_secret, enrolled_at) VALUES ('bench-inp@agency.example', 'admin', 'x', 'x', now());
INSERT INTO staff_sessions (token_hash, staff_id, expires_at)
SELECT '${sha256(deskToken)}', id, now() + interval '12 hours' FROM staff WHERE email = 'bench-inp@agency.example';
INSERT INTO users (email, name, password_hash, email_verified_at, locale) VALUES ('${CUSTOMER}', 'Ines Bench', 'not-a-hash', now(), 'en');
SELECT own_company(id) FROM users WHERE email = '${CUSTOMER}';
INSERT INTO subscriptions (user_id, plan_id, billing_period, provider, status, current_period_start, current_period_end, billing_anchor)
SELECT id, 'pro', 'monthly', 'local', 'active', now(), now() + interval '1 month', now() FROM users WHERE email = '${CUSTOMER}';
INSERT INTO sessions (token_hash, user_id, expires_at) SELECT '${sha256(customerToken)}', id, now() + interval '1 day' FROM users WHERE email = '${CUSTOMER}';
INSERT INTO customer_requests (company_id, user_id, reference, kind, subject, status, priority, awaiting_since, created_at, last_message_at)
SELECT m.company_id, u.id, 'I-00000' || i, 'content', 'Bench request ' || i, 'open', true, now(), now() - make_interval(mins => i), now()
  FROM users u JOIN company_members m ON m.user_id = u.id, generate_series(1, 3) AS i WHERE u.email = '${CUSTOMER}';
INSERT INTO customer_request_messages (request_id, company_id, author, user_id, body, created_at)
SELECT id, company_id, 'customer', user_id, 'Please update the text of ' || reference, created_at FROM customer_requests;`;

/** Every Event Timing entry of an interaction, from the page's start (installed before any script of the page). */
function observeInteractions() {
  window.__interactions = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.interactionId) window.__interactions.push({ id: entry.interactionId, duration: entry.duration });
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
}

/** The longest entry of the interactions since `from` (0 when the browser reported none, so under 16 ms). */
async function latencySince(page, from) {
  // The paint after the interaction, then the observer's callback.
  await page.waitForTimeout(1_000);
  return page.evaluate((start) => window.__interactions.slice(start).reduce((longest, entry) => Math.max(longest, entry.duration), 0), from);
}

const INTERACTIONS = (offerLink) => [
  {
    title: "offer: tick 'I accept this offer'",
    path: offerLink,
    ready: (page) => page.getByRole("checkbox", { name: /I accept this offer/ }),
    act: (target) => target.click(),
  },
  {
    title: "offer: a key in the signature",
    path: offerLink,
    ready: (page) => page.getByLabel("Your name, as your signature"),
    act: async (target, page) => {
      await target.focus();
      await page.keyboard.press("x");
    },
  },
  {
    title: "portal requests: a key in the subject",
    path: "/dashboard/requests?lang=en",
    ready: (page) => page.locator("agency-settings").getByLabel("Subject"),
    act: async (target, page) => {
      await target.focus();
      await page.keyboard.press("x");
    },
  },
  {
    title: "portal requests: open a request",
    path: "/dashboard/requests?lang=en",
    ready: (page) => page.locator("agency-settings").getByRole("link", { name: "Bench request 1" }),
    act: (target) => target.click(),
  },
  {
    title: "portal settings: a key in an invitation",
    path: "/dashboard/settings?lang=en",
    ready: (page) => page.locator("agency-settings").locator("[part=invite]").getByLabel("E-mail address"),
    act: async (target, page) => {
      await target.focus();
      await page.keyboard.press("x");
    },
  },
  {
    title: "desk: open a request of the queue",
    path: "/en/desk/requests",
    ready: (page) => page.getByRole("link", { name: "Bench request 1" }),
    act: (target) => target.click(),
  },
  {
    title: "desk new offer: 'Add a line'",
    path: "/en/desk/offers/new",
    ready: (page) => page.getByRole("button", { name: "Add a line" }),
    act: (target) => target.click(),
  },
];

/** One run of one interaction: a fresh context, the page loaded at full speed, then the CPU slowed and the interaction. */
async function measureOnce(browser, url, interaction, session) {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, locale: "en-GB" });
  await context.addInitScript(
    ({ signedIn, consent }) => {
      localStorage.setItem("cookieConsent", consent);
      localStorage.setItem("deskToken", signedIn.deskToken);
      localStorage.setItem("token", signedIn.customerToken);
      localStorage.setItem("user", JSON.stringify(signedIn.user));
    },
    { signedIn: session, consent: CONSENT },
  );
  await context.addInitScript(observeInteractions);
  try {
    const page = await context.newPage();
    await page.goto(`${url}${interaction.path}`, { waitUntil: "networkidle" });
    const target = interaction.ready(page);
    await target.waitFor({ state: "visible", timeout: 30_000 });
    // What the page does once loaded (idle islands, prefetches) is over before the CPU is slowed.
    await page.waitForTimeout(1_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const from = await page.evaluate(() => window.__interactions.length);
    await interaction.act(target, page);
    return await latencySince(page, from);
  } finally {
    await context.close();
  }
}

/** The link of the offer's mail, as the outbox keeps it. */
function offerLinkFrom(dataDir, url) {
  const dir = join(dataDir, "outbox");
  const mails = existsSync(dir) ? readdirSync(dir).map((file) => readFileSync(join(dir, file), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=")) : [];
  const link = mails.map((mail) => /https?:\/\/\S+\/offer\?token=[\w-]+\S*/.exec(mail)?.[0]).find(Boolean);
  if (!link) throw new Error("no offer link in the outbox");
  return link.slice(url.length);
}

const median = (sorted) => sorted[Math.floor(sorted.length / 2)];
const shown = (ms) => (ms === 0 ? "< 16" : String(Math.round(ms)));

if (!existsSync(CHROMIUM)) {
  console.error(`bench:inp needs Chromium at ${CHROMIUM} (apt-get install chromium)`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), "agency-bench-inp-"));
const port = await freePort();
const session = { deskToken: `desk_${randomBytes(32).toString("base64url")}`, customerToken: randomBytes(32).toString("base64url") };
await (await startServer({ port, dataDir })).stop();
const db = new PGlite(join(dataDir, "pglite"));
await db.exec(seedSql(session));
await db.close();
const server = await startServer({ port, dataDir });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const me = await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${session.customerToken}` } });
  if (!me.ok) throw new Error(`the seeded customer's session answered ${me.status}`);
  session.user = (await me.json()).user;
  const offer = await fetch(`${server.url}/api/desk/offers`, {
    method: "POST",
    headers: { authorization: `Bearer ${session.deskToken}`, "content-type": "application/json" },
    body: JSON.stringify({ email: "bench-offer@example.com", name: "Olga Offer", company: "Bench BV", package: "professional", locale: "en" }),
  });
  if (!offer.ok) throw new Error(`the desk's offer answered ${offer.status}: ${await offer.text()}`);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const offerLink = offerLinkFrom(dataDir, server.url);

  console.log(`bench:inp: ${RUNS} runs per interaction, 375 × 740, CPU ${CPU_SLOWDOWN}x slower; load average ${load()} at the start`);
  console.log(`${"interaction".padEnd(40)} ${"median ms".padStart(10)} ${"lowest".padStart(7)} ${"highest".padStart(8)}`);
  for (const interaction of INTERACTIONS(offerLink)) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measureOnce(browser, server.url, interaction, session));
    runs.sort((a, b) => a - b);
    const middle = median(runs);
    console.log(`${interaction.title.padEnd(40)} ${shown(middle).padStart(10)} ${shown(runs[0]).padStart(7)} ${shown(runs.at(-1)).padStart(8)}`);
    if (middle > BUDGET_MS) fail(`${interaction.title}: median ${Math.round(middle)} ms > ${BUDGET_MS} ms`);
  }
  console.log(`load average ${load()} at the end`);
} finally {
  await browser.close();
  await server.stop();
}
