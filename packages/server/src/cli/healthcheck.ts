import { DEFAULT_PORT, loadDotEnv } from "../config/dot-env";

/**
 * Health probe for containers, which have no curl: `node dist/healthcheck.js` asks /api/health (liveness),
 * `node dist/healthcheck.js ready` asks /api/ready (the database answers). Exits 0 on a 200 answer, else 1.
 * It asks this container's own server, on the PORT the server listens on.
 *
 * It runs on every probe, so it reads PORT itself instead of loading (and checking) every setting: a wrong PORT
 * stops the server at start, and the probe then fails anyway.
 */
export async function probe(kind: "health" | "ready", port: number, timeoutMs = 3000): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/${kind}`, { signal: AbortSignal.timeout(timeoutMs) });
    return response.status === 200;
  } catch {
    return false;
  }
}

if (process.argv[1] && /healthcheck\.(ts|js)$/.test(process.argv[1])) {
  const kind = process.argv[2] === "ready" ? "ready" : "health";
  loadDotEnv();
  const port = Number(process.env.PORT?.trim() || DEFAULT_PORT);
  probe(kind, port).then((ok) => {
    if (!ok) console.error(`http://127.0.0.1:${port}/api/${kind} did not answer 200`);
    process.exit(ok ? 0 : 1);
  });
}
