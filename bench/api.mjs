#!/usr/bin/env node
// API throughput with autocannon against the production server (build first: npm run build).
// Prints req/s and p99 per endpoint and the ratio to GET /api/health. Budgets: the blog list reaches at least 50%
// of the baseline's req/s; after the contact load (BENCH_CONTACT_REQUESTS, default 1000), stored requests == 2xx answers.
import autocannon from "autocannon";
import { fail, quoteRequest, startServer, storedQuoteRequests } from "./lib.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const CONTACT_REQUESTS = Number(process.env.BENCH_CONTACT_REQUESTS ?? 1000);
const server = await startServer({ port: 4410, env: { CONTACT_RATE_LIMIT: "1000000", LOG_LEVEL: "error" } });

// autocannon takes the path from `url` (a top-level `path` option is ignored: every request would go to "/").
function run(title, path, options = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${server.url}${path}`, connections: CONNECTIONS, duration: DURATION, ...options }, (err, result) =>
      err ? reject(err) : resolve({ title, result }),
    );
  });
}

try {
  const results = [];
  results.push(await run("GET /api/health", "/api/health"));
  results.push(await run("GET /api/blog?page=1&limit=6", "/api/blog?page=1&limit=6"));
  results.push(await run("GET /api/subscriptions/plans", "/api/subscriptions/plans"));
  let n = 0;
  // A fixed number of requests rather than a duration: a timed run drops the sockets of the requests still in
  // flight when the time is up, so the server stores requests whose answers nobody counted.
  const contact = await run("POST /api/contact", "/api/contact", {
    amount: CONTACT_REQUESTS,
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(quoteRequest(n++)) }) }],
  });
  results.push(contact);

  const baseline = results[0].result.requests.average;
  console.log(`\n${"endpoint".padEnd(34)} ${"req/s".padStart(9)} ${"p99 ms".padStart(8)} ${"vs health".padStart(10)} ${"non-2xx".padStart(8)}`);
  for (const { title, result } of results) {
    const ratio = result.requests.average / baseline;
    console.log(
      `${title.padEnd(34)} ${result.requests.average.toFixed(0).padStart(9)} ${String(result.latency.p99).padStart(8)} ${`${(ratio * 100).toFixed(0)}%`.padStart(10)} ${String(result.non2xx).padStart(8)}`,
    );
  }
  // A run that measured error answers measured nothing: say so instead of passing on 404s.
  for (const { title, result } of results.slice(0, 3)) {
    if (result.non2xx > 0 || result["2xx"] === 0) fail(`${title} answered ${result.non2xx} non-2xx (measurement invalid)`);
  }
  const blogRatio = results[1].result.requests.average / baseline;
  if (blogRatio < 0.5) fail(`blog list at ${(blogRatio * 100).toFixed(0)}% of the baseline (budget ≥ 50%)`);

  const ok = contact.result["2xx"];
  const stored = (await storedQuoteRequests(server.url)).length;
  console.log(`\ncontact: ${ok} answered 2xx, ${stored} stored`);
  if (stored !== ok) fail(`stored quote requests (${stored}) != 2xx answers (${ok})`);
} finally {
  await server.stop();
}
