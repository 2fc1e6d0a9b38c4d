#!/usr/bin/env node
// `npm start`: builds whatever is missing or older than its sources, then runs the one production server
// (site + element bundle + API + embedded database) in this process. The server prints its URL.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const builds = [
  { name: "widgets", output: "packages/widgets/dist/agency-widgets.js", sources: ["packages/contract/src", "packages/core/src", "packages/ui/src", "packages/widgets/src"] },
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
// The demo command takes no money: test payments unless PAYMENTS is chosen explicitly (.env or environment).
process.env.PAYMENTS ??= "test";
if (process.env.PAYMENTS === "test") {
  console.log("Payments: TEST payments (local test checkout). No money is charged. Set PAYMENTS=stripe and the STRIPE_* keys to take real payments.");
}
// Nor does it need a mail server: without SMTP_URL, mail is written to DATA_DIR/outbox unless MAIL is chosen explicitly.
if (!process.env.SMTP_URL) process.env.MAIL ??= "outbox";
if (process.env.MAIL === "outbox") console.log("Mail: written to DATA_DIR/outbox (no SMTP_URL). Set SMTP_URL to send mail.");
await import("../packages/server/dist/server.js");
