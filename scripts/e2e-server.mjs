#!/usr/bin/env node
// The API + site server for browser tests: a fresh embedded database every run, mail to the outbox.
import { rmSync } from "node:fs";
import { resolve } from "node:path";

const dataDir = resolve(import.meta.dirname, "../test-results/e2e-data");
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
await import("../packages/server/dist/server.js");
