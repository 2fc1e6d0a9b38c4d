// Shared by the benchmarks: start the production server on a fresh (or given) data directory and wait for it.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const root = resolve(import.meta.dirname, "..");
export const ADMIN_TOKEN = "bench-admin-token-at-least-32-characters";

/** A TCP port nothing on this machine listens on now, as the system hands it out. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

/** The production server of `tree` (this checkout, or another one that is built, to measure against). */
export async function startServer({ port, dataDir = mkdtempSync(join(tmpdir(), "agency-bench-")), env = {}, tree = root } = {}) {
  const child = spawn(process.execPath, [join(tree, "packages/server/dist/server.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: "production",
      PAYMENTS: "test",
      MAIL: "outbox",
      LOG_LEVEL: "warn",
      ADMIN_TOKEN,
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      // Not left running behind the failed benchmark.
      child.kill("SIGKILL");
      throw new Error("server did not start within 120 s");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    child,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill(signal);
      await exited;
    },
  };
}

export async function storedQuoteRequests(url) {
  const response = await fetch(`${url}/api/admin/contact-requests`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
  if (!response.ok) throw new Error(`admin endpoint answered ${response.status}`);
  return (await response.json()).requests;
}

export function quoteRequest(n) {
  return {
    name: `Bench Visitor ${n}`,
    email: `bench-${n}@example.com`,
    company: "",
    countryCode: "+31",
    phone: "0612345678",
    currentWebsite: "",
    projectType: "new-website",
    budgetRange: "1000-2000",
    timeline: "1-month",
    primaryGoal: "",
    features: ["blog"],
    domainStatus: "have-domain",
    hearAboutUs: "",
    biggestChallenge: "",
    message: `Load test request ${n}`,
    language: "nl",
  };
}

export function fail(message) {
  console.error(`\nBUDGET MISSED: ${message}`);
  process.exitCode = 1;
}
