#!/usr/bin/env node
// The API + site server for browser tests: a fresh embedded database every run (its own folder, removed on
// exit), mail to that folder's outbox.
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
await import("../packages/server/dist/server.js");
