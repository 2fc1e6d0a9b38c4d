import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createServer } from "node:net";

/** tsx's loader by absolute path, so children resolve it from any working directory. */
const tsx = createRequire(import.meta.url).resolve("tsx");

/**
 * Runs TypeScript (an entry of this package, or `-e` code) in a process of its own, with only PATH and HOME
 * from this environment plus `env`, as a separate server or command-line run would.
 */
export function runTs(args: string[], options: { cwd: string; env?: Record<string, string> }) {
  const child = spawn(process.execPath, ["--import", tsx, ...args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...options.env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, stdout, stderr })),
  );
  return { child, exited, stdout: () => stdout };
}

/** A TCP port nothing listens on right now, for a server started by a test (or to stand for a service that is down). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
