#!/usr/bin/env node
// `npm start`: builds whatever is missing or older than its sources, then runs the one production server
// (site + element bundle + API + embedded database) in this process. The server prints its URL.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { startPayments } from "./start-payments.mjs";

const root = resolve(import.meta.dirname, "..");
const builds = [
  { name: "widgets", output: "packages/widgets/dist/agency-widgets.js", sources: ["packages/contract/src", "packages/core/src", "packages/ui/src", "packages/widgets/src"] },
  // The React example (examples/react) imports the built bundle, so it comes after it; scripts/serve-examples.mjs serves it.
  { name: "examples", output: "examples/react/dist/index.html", sources: ["packages/widgets/dist/agency-widgets.js", "examples/react/app.tsx", "examples/react/main.tsx", "examples/react/index.html"] },
  { name: "host", output: "host/dist/index.html", sources: ["packages/contract/src", "packages/core/src", "packages/ui/src", "packages/widgets/src", "host/src", "host/index.html", "host/public"] },
  { name: "server", output: "packages/server/dist/server.js", sources: ["packages/contract/src", "packages/server/src"] },
];

function newest(path) {
  const abs = join(root, path);
  if (!existsSync(abs)) return 0;
  const stat = statSync(abs);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const name of readdirSync(abs)) {
    if (name === "__tests__" || name === "node_modules") continue;
    max = Math.max(max, newest(join(path, name)));
  }
  return max;
}

for (const build of builds) {
  const output = join(root, build.output);
  const stale = !existsSync(output) || Math.max(...build.sources.map(newest)) > statSync(output).mtimeMs;
  if (stale) {
    console.log(`Building ${build.name}…`);
    execSync(`npm run build:${build.name} --silent`, { cwd: root, stdio: "inherit" });
  }
}

// .env first (from where the command was started, as the server reads it), so its settings win over the default
// below; variables set in the real environment win over both.
const envFile = join(process.env.INIT_CWD || process.cwd(), ".env");
if (existsSync(envFile)) process.loadEnvFile(envFile);
process.env.DATA_DIR ??= join(root, "data");
// Test payments only without Stripe keys and outside production; the rule and its reasons are in start-payments.mjs.
const payments = startPayments(process.env);
Object.assign(process.env, payments.set);
if (payments.notice) console.log(payments.notice);
// Nor does it need a mail server: outside production and without SMTP_URL, mail is written to DATA_DIR/outbox unless
// MAIL is chosen explicitly. In production the server refuses to start without SMTP_URL, as it does without npm start.
if (!process.env.SMTP_URL && process.env.NODE_ENV !== "production") process.env.MAIL ??= "outbox";
if (process.env.MAIL === "outbox") console.log("Mail: written to DATA_DIR/outbox (no SMTP_URL). Set SMTP_URL to send mail.");
await import("../packages/server/dist/server.js");
