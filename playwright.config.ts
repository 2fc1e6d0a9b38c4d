import { defineConfig } from "@playwright/test";

/**
 * Browser tests run in Debian's Chromium (never a downloaded browser; scripts/check-chromium.mjs fails the run
 * with the install command when it's missing). Two origins, as in production:
 *  - the site + API + element bundle (the real production server on a fresh embedded database), and
 *  - a partner page origin serving examples/, which loads the bundle and calls the API cross-origin.
 */
// E2E_PORT moves both servers (API on it, examples on it + 1), so two runs can share a machine.
const port = Number(process.env.E2E_PORT ?? 4310);
export const API_ORIGIN = `http://127.0.0.1:${port}`;
export const EXAMPLES_ORIGIN = `http://127.0.0.1:${port + 1}`;
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** Tests that measure time on the page's clock. */
const QUIET = /cookie-banner-timing\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  // Per port: a second run on another E2E_PORT must not wipe the traces of one in progress.
  outputDir: `test-results/playwright-${port}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: API_ORIGIN,
    browserName: "chromium",
    // Recording a trace costs every test about a sixth of its time. Under CI a failed test runs again with one; a
    // run by hand keeps the trace of each failure.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "chromium", testIgnore: QUIET },
    // Measures of time, run once every other test has finished, so that nothing else competes for the machine.
    // `npx playwright test e2e/cookie-banner-timing.spec.ts --no-deps` runs them alone.
    { name: "quiet", testMatch: QUIET, dependencies: ["chromium"] },
  ],
  webServer: [
    {
      command: "node scripts/e2e-server.mjs",
      url: `${API_ORIGIN}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: API_ORIGIN,
        ALLOWED_ORIGINS: EXAMPLES_ORIGIN,
        NODE_ENV: "test",
        LOG_LEVEL: "warn",
        // Browser tests send more quote requests, logins, sign-ups, resets and consent choices from 127.0.0.1 than a
        // person would.
        CONTACT_RATE_LIMIT: "1000",
        LOGIN_RATE_LIMIT_IP: "1000",
        PASSKEY_RATE_LIMIT: "1000",
        REGISTER_RATE_LIMIT: "1000",
        FORGOT_PASSWORD_RATE_LIMIT: "1000",
        RESET_TOKEN_RATE_LIMIT: "1000",
        CONSENT_RATE_LIMIT: "1000",
        WITHDRAWAL_RATE_LIMIT: "1000",
        ADMIN_EXPORT_RATE_LIMIT: "1000",
        REQUESTS_RATE_LIMIT_IP: "1000",
        BILLING_RATE_LIMIT: "1000",
        CHECKOUT_RATE_LIMIT: "1000",
        ADMIN_TOKEN: "e2e-admin-token-of-at-least-32-chars",
        // e2e/validate-metrics.spec.ts scrapes /api/metrics as the compose Prometheus does.
        METRICS_TOKEN: "e2e-metrics-token-of-at-least-32-chars",
        // This machine reaches no breach service; the server tests check passwords against a local range server.
        BREACHED_PASSWORDS_URL: "",
      },
    },
    {
      command: `node scripts/serve-examples.mjs --port ${port + 1} --api ${API_ORIGIN}`,
      url: `${EXAMPLES_ORIGIN}/agency-demo.html`,
      reuseExistingServer: false,
    },
  ],
});
