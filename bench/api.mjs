#!/usr/bin/env node
// API throughput with autocannon against the production server (build first: npm run build).
// Prints req/s and p99 per endpoint and the ratio to GET /api/health. Budgets: the blog list, the plans and the
// rendered pricing page (as a browser asks for it: HTML, compressed), also with a random query string on every
// request (?r=…, which the page does not read), reach at least 50% of the baseline's req/s; after the contact load
// (BENCH_CONTACT_REQUESTS, default 1000), stored requests == 2xx answers. Then two instances on one PostgreSQL
// (BENCH_DATABASE_URL), loaded at once: health and plans, the plans again at least 50% of health.
import autocannon from "autocannon";
import { fail, quoteRequest, startServer, storedQuoteRequests } from "./lib.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const CONTACT_REQUESTS = Number(process.env.BENCH_CONTACT_REQUESTS ?? 1000);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
/** What a browser sends for a page. */
const PAGE_HEADERS = { accept: "text/html,application/xhtml+xml", "accept-encoding": "gzip, deflate, br" };

// autocannon takes the path from `url` (a top-level `path` option is ignored: every request would go to "/").
function load(url, options = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...options }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** Every instance loaded at the same time, the connections shared out; req/s and answers add up, p99 is the worst. */
async function run(servers, title, path, options = {}) {
  const connections = Math.max(1, Math.round(CONNECTIONS / servers.length));
  const results = await Promise.all(servers.map((s) => load(`${s.url}${path}`, { connections, ...options })));
  const sum = (pick) => results.reduce((n, r) => n + pick(r), 0);
  return {
    title,
    result: {
      requests: { average: sum((r) => r.requests.average) },
      latency: { p99: Math.max(...results.map((r) => r.latency.p99)) },
      non2xx: sum((r) => r.non2xx),
      "2xx": sum((r) => r["2xx"]),
    },
  };
}

function printTable(heading, results) {
  const baseline = results[0].result.requests.average;
  console.log(`\n${heading}`);
  console.log(`${"endpoint".padEnd(34)} ${"req/s".padStart(9)} ${"p99 ms".padStart(8)} ${"vs health".padStart(10)} ${"non-2xx".padStart(8)}`);
  for (const { title, result } of results) {
    const ratio = result.requests.average / baseline;
    console.log(
      `${title.padEnd(34)} ${result.requests.average.toFixed(0).padStart(9)} ${String(result.latency.p99).padStart(8)} ${`${(ratio * 100).toFixed(0)}%`.padStart(10)} ${String(result.non2xx).padStart(8)}`,
    );
  }
}

function checkRuns(results, budgets) {
  // A run that measured error answers measured nothing: say so instead of passing on 404s.
  for (const { title, result } of results) {
    if (result.non2xx > 0 || result["2xx"] === 0) fail(`${title} answered ${result.non2xx} non-2xx (measurement invalid)`);
  }
  const baseline = results[0].result.requests.average;
  for (const [index, what] of budgets) {
    const ratio = results[index].result.requests.average / baseline;
    if (ratio < 0.5) fail(`${what} at ${(ratio * 100).toFixed(0)}% of the baseline (budget ≥ 50%)`);
  }
}

// One instance on the embedded database (the default set-up).
const server = await startServer({ port: 4410, env: { CONTACT_RATE_LIMIT: "1000000", LOG_LEVEL: "error" } });
try {
  const one = [server];
  const results = [];
  results.push(await run(one, "GET /api/health", "/api/health"));
  results.push(await run(one, "GET /api/blog?page=1&limit=6", "/api/blog?page=1&limit=6"));
  results.push(await run(one, "GET /api/subscriptions/plans", "/api/subscriptions/plans"));
  results.push(await run(one, "GET /pricing (rendered)", "/pricing", { headers: PAGE_HEADERS }));
  // A new query string on every request: the page is rendered once and kept, whatever the query says.
  results.push(
    await run(one, "GET /pricing?r=<random>", "/pricing", {
      headers: PAGE_HEADERS,
      requests: [{ setupRequest: (req) => ({ ...req, path: `/pricing?r=${Math.random().toString(36).slice(2)}` }) }],
    }),
  );
  let n = 0;
  // A fixed number of requests rather than a duration: a timed run drops the sockets of the requests still in
  // flight when the time is up, so the server stores requests whose answers nobody counted.
  const contact = await run(one, "POST /api/contact", "/api/contact", {
    amount: CONTACT_REQUESTS,
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(quoteRequest(n++)) }) }],
  });

  printTable("one instance, embedded database (PGlite)", [...results, contact]);
  checkRuns(results, [
    [1, "blog list"],
    [2, "plans"],
    [3, "the rendered pricing page"],
    [4, "the pricing page with a random query"],
  ]);

  const ok = contact.result["2xx"];
  const stored = (await storedQuoteRequests(server.url)).length;
  console.log(`\ncontact: ${ok} answered 2xx, ${stored} stored`);
  if (stored !== ok) fail(`stored quote requests (${stored}) != 2xx answers (${ok})`);
} finally {
  await server.stop();
}

// Two instances started together on one PostgreSQL, as behind a proxy: each has its own pool, jobs and caches.
if (!DATABASE_URL) {
  fail("two instances on PostgreSQL not run: set BENCH_DATABASE_URL (e.g. postgres://postgres:postgres@127.0.0.1:5432/agency_bench)");
} else {
  const servers = await Promise.all([4411, 4412].map((port) => startServer({ port, env: { DATABASE_URL, LOG_LEVEL: "error" } })));
  try {
    const results = [];
    results.push(await run(servers, "GET /api/health", "/api/health"));
    results.push(await run(servers, "GET /api/subscriptions/plans", "/api/subscriptions/plans"));
    printTable("two instances, one PostgreSQL (loaded at once, req/s summed)", results);
    checkRuns(results, [[1, "plans on two instances"]]);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}
