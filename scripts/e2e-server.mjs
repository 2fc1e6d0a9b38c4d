#!/usr/bin/env node
// The API + site server for browser tests: a fresh embedded database every run (its own folder, removed on
// exit), mail to that folder's outbox.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

const dataDir = resolve(import.meta.dirname, `../test-results/e2e-data-${process.pid}`);
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
// The server reads .env from INIT_CWD; pointing it at the fresh folder keeps a developer's own .env out of the tests.
process.env.INIT_CWD = dataDir;
// Tests read mail (reset links) from <dataDir>/outbox; this file tells them where that is.
mkdirSync(dataDir, { recursive: true });
writeFileSync(resolve(import.meta.dirname, `../test-results/e2e-data-dir-${process.env.PORT}.txt`), dataDir);
process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));

// The desk's first admin, made as an operator does on a new database (`npm run staff -- add`), while no server holds
// the embedded database yet. The desk's browser test enrols from the link it prints, which this file keeps; a
// failure is kept there too, so that test says why and every other test still runs. The offers' and the requests'
// browser tests have a staff member of their own, so no two tests use one link.
function addStaff(email, role, file) {
  const staff = spawnSync(
    process.execPath,
    [resolve(import.meta.dirname, "../node_modules/tsx/dist/cli.mjs"), resolve(import.meta.dirname, "../packages/server/src/cli/staff.ts"), "add", email, "--role", role],
    { env: process.env, encoding: "utf8" },
  );
  writeFileSync(
    resolve(import.meta.dirname, `../test-results/${file}-${process.env.PORT}.txt`),
    staff.status === 0 ? staff.stdout : `npm run staff -- add failed (${staff.status}): ${staff.stderr}${staff.error ?? ""}`,
  );
}
addStaff("desk-admin@agency.test", "admin", "e2e-desk-admin");
addStaff("offers-staff@agency.test", "staff", "e2e-desk-offers");
addStaff("desk-requests@agency.test", "staff", "e2e-desk-requests-staff");
await import("../packages/server/dist/server.js");
