#!/usr/bin/env node
// `npm run dev`: the API server with reload (tsx watch) on :8080 and the host's Vite dev server on :5173,
// which proxies /api and /widgets to it. Build the element bundle once (`npm run build:widgets`) for /widgets.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
// .env (variables set in the real environment win), before the defaults below look at the environment.
const envFile = join(process.env.INIT_CWD || process.cwd(), ".env");
if (existsSync(envFile)) process.loadEnvFile(envFile);
const children = [
  // The Vite dev server is another origin; the API must accept its redirect URLs and CORS requests.
  spawn("npm", ["run", "dev", "-w", "@agency/server"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS ?? "http://localhost:5173" },
  }),
  spawn("npm", ["run", "dev", "-w", "@agency/host"], { cwd: root, stdio: "inherit" }),
];
const stop = () => children.forEach((child) => child.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
