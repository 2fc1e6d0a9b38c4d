import path from "node:path";
import { ConfigError, loadConfig } from "../../src/config";
import { isHashedFile } from "../../src/lib/static-files";
import { renderMarkdown } from "../../src/blog/sync";

describe("loadConfig", () => {
  it("has working defaults", () => {
    const config = loadConfig({}, "/srv/app");
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      dataDir: path.resolve("/srv/app/data"),
      databaseUrl: undefined,
      publicUrl: "http://localhost:8080",
      smtpUrl: undefined,
      mailFrom: "Agency <no-reply@agency.local>",
      agencyInbox: "hello@agency.local",
      allowedOrigins: [],
      trustProxy: false,
      stripe: { checkout: "hosted", secretKey: undefined },
    });
  });

  it("reads every setting", () => {
    const config = loadConfig(
      {
        PORT: "9000",
        DATA_DIR: "var/data",
        DATABASE_URL: "postgres://u:p@db:5432/agency",
        PUBLIC_URL: "https://agency.example/",
        SMTP_URL: "smtps://u:p@smtp.example:465",
        MAIL_FROM: "no-reply@agency.example",
        AGENCY_INBOX: "Leads <leads@agency.example>",
        ALLOWED_ORIGINS: "https://a.example, https://b.example/some/path",
        TRUST_PROXY: "1",
      },
      "/srv/app",
    );
    expect(config.port).toBe(9000);
    expect(config.dataDir).toBe(path.resolve("/srv/app/var/data"));
    expect(config.publicUrl).toBe("https://agency.example");
    expect(config.allowedOrigins).toEqual(["https://a.example", "https://b.example"]);
    expect(config.trustProxy).toBe(1);
  });

  it("reports every problem at once with clear messages", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "abc", DATABASE_URL: "mysql://x", SMTP_URL: "not a url", ALLOWED_ORIGINS: "ftp://x", STRIPE_CHECKOUT: "popup", LOG_LEVEL: "loud" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toContain("PORT must be an integer between 1 and 65535, got 'abc'");
    expect(problems.some((p) => p.startsWith("DATABASE_URL must start with postgres:// or postgresql://"))).toBe(true);
    expect(problems.some((p) => p.startsWith("SMTP_URL must be a URL"))).toBe(true);
    expect(problems.some((p) => p.startsWith("ALLOWED_ORIGINS"))).toBe(true);
    expect(problems).toContain("STRIPE_CHECKOUT must be one of hosted, embedded, got 'popup'");
    expect(problems.some((p) => p.startsWith("LOG_LEVEL"))).toBe(true);
    expect(message).toMatch(/\.env\.example/);
  });

  it("never echoes a database password", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://admin:hunter2@db/x" })).toThrow(/admin:\*\*\*@/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://admin:hunter2@db/x" })).not.toThrow(/hunter2/);
  });

  it("refuses a production start with LEAD_WEBHOOK_URL but no LEAD_WEBHOOK_SECRET (unsigned leads could be forged)", () => {
    const production = { NODE_ENV: "production", SMTP_URL: "smtps://u:p@smtp.example:465", PAYMENTS: "test", LEAD_WEBHOOK_URL: "https://crm.example/hooks/leads" };
    expect(() => loadConfig(production, "/srv/app")).toThrow(/LEAD_WEBHOOK_SECRET is required when LEAD_WEBHOOK_URL is set/);
    const secret = "a-lead-webhook-secret-of-32-characters-at-least";
    expect(loadConfig({ ...production, LEAD_WEBHOOK_SECRET: secret }, "/srv/app").leadWebhook).toEqual({ url: "https://crm.example/hooks/leads", secret, timeoutMs: 10_000 });
    expect(() => loadConfig({ ...production, LEAD_WEBHOOK_SECRET: "short" }, "/srv/app")).toThrow(/LEAD_WEBHOOK_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ ...production, LEAD_WEBHOOK_SECRET: "short" }, "/srv/app")).not.toThrow(/'short'/);
    // Outside production a receiver under test may take unsigned posts.
    expect(loadConfig({ LEAD_WEBHOOK_URL: "http://localhost:9999/hook" }, "/srv/app").leadWebhook.secret).toBeUndefined();
  });

  it.each(["0", "65536", "80.5", "-1"])("rejects PORT=%s", (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(/PORT must be an integer between 1 and 65535/);
  });
});

describe("isHashedFile", () => {
  it.each([
    ["chunk-Bx3kD9aQ.js", true],
    ["index-4f2a9c1e.css", true],
    ["agency-widgets.js", false],
    ["register.js", false],
    ["quote-form.element.js", false],
  ])("%s → %s", (name, hashed) => expect(isHashedFile(name)).toBe(hashed));
});

describe("renderMarkdown", () => {
  it("renders Markdown and strips scripts, event handlers and javascript: links", () => {
    const html = renderMarkdown(
      '# Title\n\nText with [link](https://example.com) and [bad](javascript:alert(1)).\n\n<script>alert(1)</script>\n\n<img src="https://x/y.png" onerror="alert(1)">',
    );
    expect(html).toContain("<h1>Title</h1>");
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">link</a>');
    expect(html).not.toMatch(/<script|onerror|javascript:/);
  });
});
