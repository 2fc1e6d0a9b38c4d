import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";

/** A lead crosses the network only encrypted: a production start refuses a plain-http receiver on another host. */
const production = {
  NODE_ENV: "production",
  SMTP_URL: "smtps://u:p@smtp.example:465",
  PAYMENTS: "test",
  LEAD_WEBHOOK_SECRET: "a-lead-webhook-secret-of-32-characters-at-least",
};

describe("LEAD_WEBHOOK_URL in production", () => {
  it.each(["http://crm.example/hooks/leads", "http://10.0.0.5:8080/hook", "http://127.0.0.1.evil.example/hook"])("refuses %s, naming the setting", (url) => {
    expect(() => loadConfig({ ...production, LEAD_WEBHOOK_URL: url }, "/srv/app")).toThrow(/LEAD_WEBHOOK_URL must be an https:\/\/ address in production/);
  });

  it.each(["https://crm.example/hooks/leads", "http://127.0.0.1:9999/hook", "http://localhost:9999/hook", "http://[::1]:9999/hook"])("accepts %s", (url) => {
    expect(loadConfig({ ...production, LEAD_WEBHOOK_URL: url }, "/srv/app").leadWebhook.url).toBe(url);
  });

  it("outside production a plain-http receiver elsewhere is allowed (a receiver under test)", () => {
    expect(loadConfig({ LEAD_WEBHOOK_URL: "http://crm.example/hook" }, "/srv/app").leadWebhook.url).toBe("http://crm.example/hook");
  });
});
