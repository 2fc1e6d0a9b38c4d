#!/usr/bin/env node
// The database goes away under load (build first: npm run build). One instance on the PostgreSQL of
// BENCH_DATABASE_URL (required; use a database of its own: its tables are emptied) takes quote requests from
// BENCH_CONNECTIONS (8) workers for BENCH_DURATION_MS (12000) ms. After BENCH_FAULT_AFTER_MS (3000) ms the database
// goes away for BENCH_OUTAGE_MS (4000) ms: with BENCH_FAULT=terminate (the default) every connection of that
// database is killed, again and again, for the whole outage; with BENCH_FAULT=restart PostgreSQL itself is stopped
// and started (`pg_ctlcluster $BENCH_PG_CLUSTER stop|start`, default "15 main": only on a machine of its own).
// Budgets: no 500 answer, every acknowledged (2xx) quote request stored, /api/ready 200 again within 30 s of the
// database's return without restarting the server, and quote requests accepted again after that.
import { execFileSync } from "node:child_process";
import pg from "pg";
import { fail, quoteRequest, startServer, storedQuoteRequests } from "./lib.mjs";

const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 12_000);
const FAULT_AFTER_MS = Number(process.env.BENCH_FAULT_AFTER_MS ?? 3000);
const OUTAGE_MS = Number(process.env.BENCH_OUTAGE_MS ?? 4000);
const FAULT = process.env.BENCH_FAULT ?? "terminate";
const CLUSTER = (process.env.BENCH_PG_CLUSTER ?? "15 main").split(" ");

if (!DATABASE_URL) {
  fail("set BENCH_DATABASE_URL to a PostgreSQL database of its own, e.g. postgres://postgres:postgres@127.0.0.1:5432/agency_faults");
  process.exit();
}
const database = new URL(DATABASE_URL).pathname.slice(1);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Kills every connection to the bench's database (not this one, which is on the maintenance database). */
async function terminateFor(ms) {
  const admin = new URL(DATABASE_URL);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      await client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [database]);
      await sleep(50);
    }
  } finally {
    await client.end();
  }
}

async function restartFor(ms) {
  execFileSync("pg_ctlcluster", [...CLUSTER, "stop", "-m", "fast"], { stdio: "inherit" });
  await sleep(ms);
  execFileSync("pg_ctlcluster", [...CLUSTER, "start"], { stdio: "inherit" });
}

// A clean slate: the previous run's quote requests would count as stored.
{
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public");
  await client.end();
}

const server = await startServer({ port: 4450, env: { DATABASE_URL, CONTACT_RATE_LIMIT: "1000000", LOG_LEVEL: "fatal" } });
const statuses = new Map();
const acknowledged = new Set();
let networkErrors = 0;
let n = 0;
let readyAfterMs = -1;
try {
  const started = Date.now();
  const worker = async () => {
    while (Date.now() - started < DURATION_MS) {
      const request = quoteRequest(`faults-${n++}-${started}`);
      try {
        const res = await fetch(`${server.url}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(30_000),
        });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.ok) acknowledged.add(request.email);
        else await sleep(50);
      } catch {
        networkErrors++;
      }
    }
  };
  const fault = (async () => {
    await sleep(FAULT_AFTER_MS);
    console.log(`fault: ${FAULT} for ${OUTAGE_MS} ms`);
    await (FAULT === "restart" ? restartFor(OUTAGE_MS) : terminateFor(OUTAGE_MS));
    // Recovered without a restart: ready again (while the load goes on).
    const back = Date.now();
    while (Date.now() - back < 30_000) {
      const ready = await fetch(`${server.url}/api/ready`).catch(() => null);
      if (ready?.status === 200) {
        readyAfterMs = Date.now() - back;
        break;
      }
      await sleep(100);
    }
  })();
  await Promise.all([...Array.from({ length: CONNECTIONS }, worker), fault]);

  // And a quote request goes through afterwards.
  const after = await fetch(`${server.url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(quoteRequest(`faults-after-${started}`)),
  });

  const stored = new Set((await storedQuoteRequests(server.url)).map((row) => row.email));
  const lost = [...acknowledged].filter((email) => !stored.has(email));
  const table = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
  console.log(`\nanswers        ${table.join(", ")}; network errors: ${networkErrors}`);
  console.log(`acknowledged   ${acknowledged.size}, of which stored ${acknowledged.size - lost.length}, lost ${lost.length}`);
  console.log(`ready again    ${readyAfterMs < 0 ? "not within 30 s" : `${readyAfterMs} ms after the database was back`}`);
  console.log(`after          POST /api/contact ${after.status}`);
  if ((statuses.get(500) ?? 0) > 0) fail(`${statuses.get(500)} answers were 500 (a database away must answer 503)`);
  if (lost.length > 0) fail(`${lost.length} acknowledged quote requests are missing`);
  if (readyAfterMs < 0) fail("/api/ready did not answer 200 within 30 s of the database's return");
  if (after.status !== 200) fail(`a quote request after the outage answered ${after.status}`);
  if ((statuses.get(503) ?? 0) === 0) fail("no 503 during the outage: the fault did not reach the server (measurement invalid)");
} finally {
  await server.stop();
}
