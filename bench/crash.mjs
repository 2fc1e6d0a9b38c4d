#!/usr/bin/env node
// Crash safety of quote requests on the embedded database: submit under load, kill -9 the server mid-stream,
// restart it on the same data directory, and count acknowledged (2xx) requests that are not stored. Must be 0.
import { fail, quoteRequest, startServer, storedQuoteRequests } from "./lib.mjs";

const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 16);
const KILL_AFTER_MS = Number(process.env.BENCH_KILL_AFTER_MS ?? 4000);
const env = { CONTACT_RATE_LIMIT: "1000000", LOG_LEVEL: "error" };

let server = await startServer({ port: 4420, env });
const acknowledged = new Set();
let sent = 0;
let failed = 0;
let stop = false;

async function worker() {
  // `stop` is set by the main flow once the server has been killed; the workers see it between requests.
  // oxlint-disable-next-line no-unmodified-loop-condition
  while (!stop) {
    const body = quoteRequest(sent++);
    try {
      const response = await fetch(`${server.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (response.ok) acknowledged.add(body.email);
      else failed++;
    } catch {
      failed++; // connection reset by the kill: not acknowledged, so not promised
    }
  }
}

const workers = Array.from({ length: CONCURRENCY }, worker);
await new Promise((r) => setTimeout(r, KILL_AFTER_MS));
server.child.kill("SIGKILL");
await new Promise((r) => server.child.once("exit", r));
stop = true;
await Promise.all(workers);

server = await startServer({ port: 4420, dataDir: server.dataDir, env });
try {
  const stored = new Set((await storedQuoteRequests(server.url)).map((r) => r.email));
  const lost = [...acknowledged].filter((email) => !stored.has(email));
  console.log(`sent ${sent}, acknowledged ${acknowledged.size}, not acknowledged ${failed}, stored after restart ${stored.size}`);
  console.log(`lost: ${lost.length}`);
  if (lost.length > 0) fail(`${lost.length} acknowledged quote requests were lost`);
} finally {
  await server.stop();
}
