#!/usr/bin/env node
// The desk's inbox at scale (build first: npm run build:server). Seeds 100,000 quote requests and 10,000 customers
// (with subscriptions, and a fifth with a package), and 10,000 customer requests with their threads; then asks for
// the inbox's first page, a filtered page and searches, the request queue and one request, one request at a time,
// BENCH_DESK_REQUESTS (200) times each after 20 to warm up, and prints p50 and p95 of the time from sending the
// request to the end of the answer on the loopback (an upper bound of the server's time). Budget: p95 ≤ 100 ms each.
// On the embedded database (PGlite, a fresh data directory), and on PostgreSQL when DATABASE_URL (or
// BENCH_DATABASE_URL) is given: there in a schema of its own, desk_bench, dropped and made again first.
import { createHash, randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { join } from "node:path";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import pg from "pg";
import { PGlite } from "@electric-sql/pglite";
import { fail, freePort, startServer } from "./lib.mjs";

const LEADS = Number(process.env.BENCH_DESK_LEADS ?? 100_000);
const CUSTOMERS = Number(process.env.BENCH_DESK_CUSTOMERS ?? 10_000);
const CUSTOMER_REQUESTS = Number(process.env.BENCH_DESK_CUSTOMER_REQUESTS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_DESK_REQUESTS ?? 200);
const WARMUP = 20;
const BUDGET_MS = 100;
const DATABASE_URL = process.env.DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
const SCHEMA = "desk_bench";
// The servers get their database explicitly: the embedded run must not inherit the PostgreSQL address.
delete process.env.DATABASE_URL;

const pool = (words) => `ARRAY[${words.split(" ").map((w) => `'${w}'`).join(",")}]`;
const FIRST = pool("Anna Bram Carla Daan Eva Finn Gijs Hanna Isa Jan Joost Julia Kees Lars Lotte Maud Noor Olaf Pien Ruben Sanne Thijs Vera Wout Yara Zoe");
const LAST = pool("Jansen Bakker Visser Smit Meijer Mulder Bos Vos Peters Hendriks Dekker Brouwer Dijkstra Kok Jacobs Willems Vermeulen Schouten");
const COMPANY = pool("Bouw Design Media Studio Techniek Advies Groep Handel Zorg Logistiek Interieur Bakkerij Architecten Marketing Software");

/** The seed, in SQL both databases run: statuses from the review flags (their trigger), then some read and archived. */
const seedSql = (token) => `
-- Counted once at the end instead of row by row: the seed is one bulk load, not 100,000 requests.
ALTER TABLE contact_requests DISABLE TRIGGER contact_request_counts_follow;
INSERT INTO contact_requests (created_at, last_contact_at, name, email, company, country_code, phone, project_type, budget_range,
  timeline, domain_status, message, language, ip_hash, is_spam, held_for_review, utm)
SELECT now() - make_interval(secs => i * 600), now() - make_interval(secs => i * 600),
       (${FIRST})[1 + i % 26] || ' ' || (${LAST})[1 + (i / 26) % 18],
       lower((${FIRST})[1 + i % 26]) || '.' || i || '@' || lower((${COMPANY})[1 + i % 15]) || (i % 500) || '.nl',
       (${LAST})[1 + i % 18] || ' ' || (${COMPANY})[1 + (i / 7) % 15],
       '+31', '0612345678', 'new-website', '1000-2000', '1-month', 'have-domain', 'Bench request ' || i,
       CASE WHEN i % 3 = 0 THEN 'en' ELSE 'nl' END, 'bench', i % 37 = 0, i % 53 = 0, '{"utm_source":"bench"}'
  FROM generate_series(1, ${LEADS}) AS i;
UPDATE contact_requests SET status = CASE WHEN id % 4 = 0 THEN 'archived' ELSE 'read' END
 WHERE status = 'new' AND id % 5 <> 0;
UPDATE contact_request_counts k SET n = (SELECT count(*) FROM contact_requests c WHERE c.status = k.status);
ALTER TABLE contact_requests ENABLE TRIGGER contact_request_counts_follow;
INSERT INTO users (email, name, password_hash, created_at, email_verified_at)
SELECT 'customer' || i || '@example.com', (${FIRST})[1 + i % 26] || ' ' || (${LAST})[1 + i % 18], 'not-a-hash',
       now() - make_interval(secs => i * 3600), CASE WHEN i % 2 = 0 THEN now() END
  FROM generate_series(1, ${CUSTOMERS}) AS i;
INSERT INTO subscriptions (user_id, plan_id, billing_period, provider, status, current_period_start, current_period_end, billing_anchor)
SELECT id, 'pro', 'yearly', 'local', 'active', now(), now() + interval '1 year', now() FROM users WHERE email LIKE 'customer%' AND random() < 0.3;
INSERT INTO staff (email, role, password_hash, totp_secret, enrolled_at) VALUES ('bench-admin@agency.example', 'admin', 'x', 'x', now());
INSERT INTO staff_sessions (token_hash, staff_id, expires_at)
SELECT '${createHash("sha256").update(token).digest("hex")}', id, now() + interval '12 hours' FROM staff WHERE email = 'bench-admin@agency.example';
${requestsSql}
ANALYZE;`;

/**
 * Customer requests: five each for 2,000 companies (a fifth of them Professional or Enterprise), 40 % open (waiting
 * for the agency since their filing, 5 minutes apart), 30 % waiting and 30 % closed with a reply of 15 minutes; a
 * third with priority. Every account gets its company first (the seed is one transaction; they would get it at its end).
 */
const requestsSql = `
SELECT own_company(id) FROM users WHERE email LIKE 'customer%';
CREATE TEMP TABLE bench_companies AS
  SELECT u.id AS user_id, m.company_id, row_number() OVER (ORDER BY u.email) AS r
    FROM users u JOIN company_members m ON m.user_id = u.id WHERE u.email LIKE 'customer%';
INSERT INTO company_packages (company_id, package, since)
SELECT company_id, CASE WHEN r % 2 = 0 THEN 'professional' ELSE 'enterprise' END, now() FROM bench_companies WHERE r % 5 = 0;
INSERT INTO customer_requests (id, company_id, user_id, reference, kind, subject, status, priority, awaiting_since, created_at, last_message_at)
SELECT md5('bench-request-' || i)::uuid, b.company_id, b.user_id, 'B-' || lpad(i::text, 6, '0'),
       (ARRAY['content', 'problem', 'question'])[1 + i % 3], 'Bench request ' || i,
       CASE WHEN i % 10 < 4 THEN 'open' WHEN i % 10 < 7 THEN 'waiting' ELSE 'closed' END, i % 3 = 0,
       CASE WHEN i % 10 < 4 THEN now() - make_interval(secs => i * 300) END,
       now() - make_interval(secs => i * 300), now() - make_interval(secs => i * 300 - 60)
  FROM generate_series(1, ${CUSTOMER_REQUESTS}) AS i JOIN bench_companies b ON b.r = 1 + i % 2000;
INSERT INTO customer_request_messages (request_id, company_id, author, user_id, body, created_at)
SELECT id, company_id, 'customer', user_id, 'Please change the text of page ' || reference, created_at FROM customer_requests;
INSERT INTO customer_request_messages (request_id, company_id, author, staff_id, body, minutes, created_at)
SELECT r.id, r.company_id, 'agency', s.id, 'Done.', 15, r.last_message_at
  FROM customer_requests r CROSS JOIN staff s WHERE r.status <> 'open' AND s.email = 'bench-admin@agency.example';`;

const SCENARIOS = [
  ["first page", "/api/desk/leads"],
  ["filtered page (archived, page 3)", "/api/desk/leads?status=archived&page=3"],
  ["search, one word (jansen)", "/api/desk/leads?q=jansen"],
  ["search, two words (jan bou)", "/api/desk/leads?q=jan%20bou"],
  ["search, filtered (held, ba)", "/api/desk/leads?status=held&q=ba"],
  ["customers, search (jan)", "/api/desk/customers?q=jan"],
  ["requests queue (open)", "/api/desk/requests"],
  ["requests queue (closed, page 3)", "/api/desk/requests?status=closed&page=3"],
  ["a request with its thread", `/api/desk/requests/${md5Uuid("bench-request-7")}`],
];

/** What PostgreSQL's md5(text)::uuid makes of `text`: the seed's request ids. */
function md5Uuid(text) {
  const hex = createHash("md5").update(text).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

async function measure(url, token, label) {
  console.log(`\n${label}: load average ${loadavg().map((n) => n.toFixed(2)).join(" ")}`);
  console.log(`${"request".padEnd(36)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"rows".padStart(5)} ${"total".padStart(7)}`);
  const headers = { authorization: `Bearer ${token}` };
  for (const [title, path] of SCENARIOS) {
    const times = [];
    let body;
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const started = performance.now();
      const response = await fetch(`${url}${path}`, { headers });
      body = await response.json();
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
      if (i >= WARMUP) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const [p50, p95] = [quantile(times, 0.5), quantile(times, 0.95)];
    const rows = (body.leads ?? body.customers ?? body.requests ?? body.messages).length;
    console.log(`${title.padEnd(36)} ${p50.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${String(rows).padStart(5)} ${String(body.total ?? "").padStart(7)}`);
    if (p95 > BUDGET_MS) fail(`${label}, ${title}: p95 ${p95.toFixed(1)} ms > ${BUDGET_MS} ms`);
  }
  console.log(`${label}: load average ${loadavg().map((n) => n.toFixed(2)).join(" ")} at the end`);
}

async function timed(what, fn) {
  const started = performance.now();
  const result = await fn();
  console.log(`${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

const token = `desk_${randomBytes(32).toString("base64url")}`;
console.log(`bench:desk: ${LEADS} quote requests, ${CUSTOMERS} customers, ${CUSTOMER_REQUESTS} customer requests, ${REQUESTS} requests per scenario`);

// The embedded database: the server migrates a fresh data directory, stops; the seed goes in; it starts again.
{
  const dataDir = mkdtempSync(join(tmpdir(), "agency-bench-desk-"));
  const port = await freePort();
  await (await startServer({ port, dataDir })).stop();
  const db = new PGlite(join(dataDir, "pglite"));
  await timed("PGlite seed", () => db.exec(seedSql(token)));
  await db.close();
  const server = await startServer({ port, dataDir });
  try {
    await measure(server.url, token, "PGlite");
  } finally {
    await server.stop();
  }
}

if (DATABASE_URL) {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA}`);
  await admin.end();
  const target = new URL(DATABASE_URL);
  target.searchParams.set("options", `-c search_path=${SCHEMA}`);
  const port = await freePort();
  const server = await startServer({ port, env: { DATABASE_URL: target.toString() } });
  try {
    const client = new pg.Client({ connectionString: target.toString() });
    await client.connect();
    await timed("PostgreSQL seed", () => client.query(seedSql(token)));
    await client.end();
    await measure(server.url, token, "PostgreSQL");
  } finally {
    await server.stop();
  }
} else {
  console.log("\nPostgreSQL: skipped (set DATABASE_URL to measure it too)");
}
