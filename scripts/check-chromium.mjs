#!/usr/bin/env node
// Browser tests run in Debian's Chromium, never a downloaded browser. Fail loudly, with the fix, when it's missing.
import { accessSync, constants } from "node:fs";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
try {
  accessSync(CHROMIUM, constants.X_OK);
} catch {
  console.error(
    `\nChromium was not found at ${CHROMIUM}, so the browser tests cannot run.\n` +
      `Install Debian's Chromium:  sudo apt-get update && sudo apt-get install -y chromium\n` +
      `(or point CHROMIUM_PATH at a Chromium binary). Playwright must not download its own browser here.\n`,
  );
  process.exit(1);
}
