import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import path from "node:path";
import { isErrorCode } from "@agency/contract";
import { Type, errorResponses } from "@agency/contract/schemas";
import { buildApp } from "../../../src/app";
import { buildTestApp, createTestDb, nextIp, testConfig, type TestApp } from "../../support/helpers";

let t: TestApp;
const root = mkdtempSync(path.join(tmpdir(), "site-"));
const hostDist = path.join(root, "host");
const widgetsDist = path.join(root, "widgets");
const examplesDir = path.join(root, "examples");

beforeAll(async () => {
  mkdirSync(path.join(hostDist, "assets"), { recursive: true });
  mkdirSync(widgetsDist, { recursive: true });
  mkdirSync(examplesDir, { recursive: true });
  writeFileSync(path.join(hostDist, "index.html"), '<!doctype html><head><script type="module" src="./assets/index-Ab12Cd34.js"></script></head>');
  writeFileSync(path.join(hostDist, "assets", "index-Ab12Cd34.js"), "console.log('host')");
  writeFileSync(path.join(hostDist, "humans.txt"), "Pixelwerf");
  writeFileSync(
    path.join(hostDist, "route-preloads.json"),
    JSON.stringify({ "/pricing": { js: ["assets/pricing-page-Zz9.js"], css: ["assets/content-Yy8.css"] }, "/blog/*": { js: ["assets/article-Xx7.js"], css: [] } }),
  );
  writeFileSync(path.join(widgetsDist, "agency-widgets.js"), "export {}");
  writeFileSync(path.join(widgetsDist, "chunk-X9y8Z7w6.js"), "export {}");
  // A bundle big enough to be worth compressing, precompressed the way the build does it.
  writeFileSync(path.join(widgetsDist, "agency-big.js"), `export const text = ${JSON.stringify("agency ".repeat(2000))};`);
  execFileSync(process.execPath, [path.join(__dirname, "../../../../../scripts/precompress.mjs"), widgetsDist]);
  writeFileSync(path.join(examplesDir, "index.html"), "<!doctype html><title>examples</title>");
  t = await buildTestApp({
    env: { PUBLIC_URL: "https://agency.example", ALLOWED_ORIGINS: "https://partner.example" },
    staticSite: { hostDist, widgetsDist, examplesDir },
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const html = { accept: "text/html,application/xhtml+xml" };

describe("health and API documents", () => {
  it("GET /api/health answers {status:'ok'} under both bases", async () => {
    for (const url of ["/api/health", "/preview/x/y/api/health"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "ok" });
    }
  });

  it("serves an OpenAPI document generated from the route schemas", async () => {
    const res = await t.app.inject({ url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ["/api/auth/register", "/api/auth/login", "/api/auth/me", "/api/auth/forgot-password", "/api/auth/verify-reset-token", "/api/auth/reset-password", "/api/auth/logout", "/api/contact", "/api/blog", "/api/blog/{id}", "/api/consent", "/api/health"]) {
      expect(Object.keys(doc.paths), p).toContain(p);
    }
    expect(doc.paths["/api/auth/register"].post.requestBody.content["application/json"].schema.required).toEqual(expect.arrayContaining(["name", "email", "password"]));
    expect(Object.keys(doc.paths).some((p) => p.startsWith("/preview"))).toBe(false);
  });
});

describe("errors", () => {
  it("unknown /api paths answer a JSON 404 for every method, also under a preview base", async () => {
    for (const [method, url] of [["GET", "/api/nope"], ["POST", "/api/nope"], ["DELETE", "/api/auth/me"], ["GET", "/preview/a/b/api/nope"]] as const) {
      const res = await t.app.inject({ method, url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"]).toMatch(/application\/json/);
      expect(res.json()).toEqual({ error: "Not found: this address does not exist.", code: "not_found" });
    }
  });

  it("limits body size with a JSON 413", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/contact", payload: { message: "x".repeat(200_000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: "The request is too large.", code: "request.too_large" });
  });

  it("a 5xx never reveals details", async () => {
    // A database whose queries fail after migrations ran, as when the connection drops mid-flight.
    let broken = false;
    const db = {
      ...t.db,
      query: async (sql: string, params?: unknown[]) => {
        if (broken) throw new Error('relation "secret_table" does not exist at /srv/app/src/x.ts:12');
        return t.db.query(sql, params);
      },
    } as typeof t.db;
    const failing = await buildTestApp({ db });
    broken = true;
    const res = await failing.app.inject({ url: "/api/blog" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: "Something went wrong on our side. Please try again later.", code: "server.error" });
    expect(res.body).not.toMatch(/secret_table|\.ts|stack/);
    await failing.close();
  });

  // Every endpoint that takes a body, with a valid-looking base to mutate.
  const endpoints: [string, Record<string, unknown>][] = [
    ["/api/auth/register", { name: "A", email: "a@b.nl", password: "secret1-pass" }],
    ["/api/auth/login", { email: "a@b.nl", password: "secret1-pass" }],
    ["/api/auth/forgot-password", { email: "a@b.nl" }],
    ["/api/auth/verify-reset-token", { token: "abc" }],
    ["/api/auth/reset-password", { token: "abc", newPassword: "secret1-pass" }],
    ["/api/contact", { name: "A", email: "a@b.nl", countryCode: "+31", phone: "0612345678", projectType: "other", budgetRange: "4000+", timeline: "asap", domainStatus: "need-help", language: "en" }],
    ["/api/consent", { id: "7f1c0e9a-3b7e-4c5d-9a1b-2c3d4e5f6a7b", necessary: true, analytics: true, marketing: false, version: 1, timestamp: "2025-01-01T00:00:00Z" }],
  ];
  const oddValues: unknown[] = [null, 42, true, [], {}, ["x"], "x".repeat(20_000), "\u0000", "a\u0000b", "\ud800", "👩‍👩‍👧‍👦".repeat(50), "\u202Eevil", " ", "", -1, 1e308];
  const rawBodies = ["{", "[1,2", '{"email":', "null", "[]", '"string"', "12", "", "{\"a\":1}}", "\u0000"];

  it("a sweep of bad inputs: every answer is a 4xx with `error` and a known `code`, never a 5xx", async () => {
    const problems: string[] = [];
    const check = async (url: string, payload: string, contentType = "application/json") => {
      const res = await t.app.inject({ method: "POST", url, payload, headers: { "content-type": contentType }, remoteAddress: nextIp() });
      if (res.statusCode >= 500 || (res.statusCode >= 400 && (typeof res.json().error !== "string" || !isErrorCode(res.json().code)))) {
        problems.push(`${url} ${payload.slice(0, 60)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      return res.statusCode;
    };
    for (const [url, base] of endpoints) {
      for (const field of Object.keys(base)) {
        for (const value of oddValues) {
          await check(url, JSON.stringify({ ...base, [field]: value }));
        }
        const { [field]: _, ...missing } = base;
        expect(await check(url, JSON.stringify(missing)), `${url} without ${field}`).toBeGreaterThanOrEqual(400);
      }
      for (const raw of rawBodies) expect(await check(url, raw), `${url} ${raw}`).toBeGreaterThanOrEqual(400);
      expect(await check(url, "name=x", "application/x-www-form-urlencoded")).toBe(415);
      expect(await check(url, "<xml/>", "text/xml")).toBe(415);
    }
    expect(problems).toEqual([]);
  });

  it("malformed JSON gets a readable 400", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: "{bad", headers: { "content-type": "application/json" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "The request could not be read (malformed JSON). Please try again.", code: "request.malformed_json" });
  });
});

describe("answers keep their documented shape", () => {
  it("turns an answer that does not match its route's schema into a logged 500", async () => {
    const db = await createTestDb();
    const none = path.join(root, "none");
    const app = await buildApp(testConfig(), { db: db.db, jobs: false, logger: false, staticSite: { hostDist: none, widgetsDist: none, examplesDir: none } });
    app.get("/bad", { schema: { response: { 200: Type.Object({ count: Type.Integer() }), ...errorResponses({ 400: [] }) } } }, async (request, reply) =>
      request.query && "fail" in (request.query as object) ? reply.sendError(400, "auth.invalid_credentials") : { count: "many" },
    );
    await app.ready();
    const wrong = await app.inject({ url: "/bad" });
    expect(wrong.statusCode).toBe(500);
    expect(wrong.json()).toMatchObject({ code: "server.error" });
    // An error code the route does not document is as wrong as a bad field.
    expect((await app.inject({ url: "/bad?fail" })).statusCode).toBe(500);
    await app.close();
    await db.cleanup();
  });
});

describe("CORS", () => {
  it("allows the site's origin and ALLOWED_ORIGINS with Authorization and Content-Type", async () => {
    for (const origin of ["https://agency.example", "https://partner.example"]) {
      const pre = await t.app.inject({
        method: "OPTIONS",
        url: "/api/auth/me",
        headers: { origin, "access-control-request-method": "GET", "access-control-request-headers": "authorization,content-type" },
      });
      expect(pre.statusCode).toBe(204);
      expect(pre.headers["access-control-allow-origin"]).toBe(origin);
      expect(String(pre.headers["access-control-allow-headers"]).toLowerCase()).toMatch(/authorization/);
      expect(String(pre.headers["access-control-allow-headers"]).toLowerCase()).toMatch(/content-type/);
      const res = await t.app.inject({ url: "/api/ready", headers: { origin } });
      expect(res.headers["access-control-allow-origin"]).toBe(origin);
    }
  });

  it("answers the liveness check to any page, so an element can tell a refused origin from a network problem", async () => {
    const res = await t.app.inject({ url: "/api/health", headers: { origin: "https://evil.example" } });
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
  });

  it("does not allow other origins", async () => {
    const res = await t.app.inject({ url: "/api/ready", headers: { origin: "https://evil.example" } });
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    const pre = await t.app.inject({ method: "OPTIONS", url: "/api/contact", headers: { origin: "https://evil.example", "access-control-request-method": "POST" } });
    expect(pre.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("the element bundle loads from any page", async () => {
    const res = await t.app.inject({ url: "/widgets/agency-widgets.js", headers: { origin: "https://anyone.example" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(res.headers["content-security-policy"]).toBeUndefined();
  });
});

describe("static site", () => {
  it("serves the host SPA with a CSP, and falls back to index.html for client routes", async () => {
    for (const url of ["/", "/pricing", "/en/contact", "/blog/some-post", "/reset-password?token=abc", "/preview/a/b/", "/preview/a/b/dashboard/settings"]) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.body).toContain("index-Ab12Cd34.js");
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' https://js.stripe.com");
      expect(csp).toContain("frame-src https://js.stripe.com https://checkout.stripe.com");
      expect(csp).toContain("connect-src 'self' https://api.stripe.com");
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("points index.html's relative asset URLs at the base path, so deep routes and previews load them", async () => {
    const cases = { "/en/contact": '"/assets/', "/blog/some-post": '"/assets/', "/preview/a/b/dashboard/settings": '"/preview/a/b/assets/' };
    for (const [url, expected] of Object.entries(cases)) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.body, url).toContain(`src=${expected}index-Ab12Cd34.js"`);
      expect(res.body, url).not.toContain('"./assets/');
    }
  });

  it("preloads the page's own chunks and CSS with index.html, in either language and under a preview base", async () => {
    const en = (await t.app.inject({ url: "/en/pricing", headers: html })).body;
    expect(en).toContain('<link rel="modulepreload" crossorigin href="/assets/pricing-page-Zz9.js">');
    expect(en).toContain('<link rel="stylesheet" crossorigin href="/assets/content-Yy8.css">');
    const preview = (await t.app.inject({ url: "/preview/a/b/pricing", headers: html })).body;
    expect(preview).toContain('href="/preview/a/b/assets/pricing-page-Zz9.js"');
    expect((await t.app.inject({ url: "/blog/any-post", headers: html })).body).toContain("article-Xx7.js");
    expect((await t.app.inject({ url: "/contact", headers: html })).body).not.toContain("modulepreload");
  });

  it("strips a preview prefix when looking up files, and caches hashed assets for a year", async () => {
    for (const url of ["/assets/index-Ab12Cd34.js", "/preview/a/b/assets/index-Ab12Cd34.js"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe("console.log('host')");
      expect(res.headers["cache-control"]).toMatch(/max-age=31536000, immutable/);
    }
    expect((await t.app.inject({ url: "/humans.txt" })).body).toBe("Pixelwerf");
  });

  it("redirects a bare preview base to its trailing-slash form (relative assets need it)", async () => {
    const res = await t.app.inject({ url: "/preview/a/b", headers: html });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/preview/a/b/");
  });

  it("answers 404 for missing files instead of the SPA, and never leaves the folder", async () => {
    expect((await t.app.inject({ url: "/assets/missing.js" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/pricing", headers: { accept: "application/json" } })).statusCode).toBe(404);
    for (const url of ["/../package.json", "/assets/..%2f..%2fpackage.json", "/widgets/..%2f..%2fpackage.json", "/examples/%2e%2e/package.json"]) {
      const res = await t.app.inject({ url });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.body).not.toContain("@agency/server");
    }
  });

  it("sends the build's precompressed files to browsers that accept them", async () => {
    const plain = await t.app.inject({ url: "/widgets/agency-big.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const br = await t.app.inject({ url: "/widgets/agency-big.js", headers: { "accept-encoding": "br, gzip" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
    const gz = await t.app.inject({ url: "/widgets/agency-big.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it("compresses API answers for browsers that accept it", async () => {
    const res = await t.app.inject({ url: "/api/blog?page=1&limit=6", headers: { "accept-encoding": "gzip" } });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).success).toBe(true);
  });

  it("serves widgets with long cache for hashed chunks and short for entries, and the examples", async () => {
    expect((await t.app.inject({ url: "/widgets/chunk-X9y8Z7w6.js" })).headers["cache-control"]).toMatch(/immutable/);
    expect((await t.app.inject({ url: "/widgets/agency-widgets.js" })).headers["cache-control"]).toBe("public, max-age=300, must-revalidate");
    expect((await t.app.inject({ url: "/preview/a/b/widgets/agency-widgets.js" })).statusCode).toBe(200);
    const ex = await t.app.inject({ url: "/examples/" });
    expect(ex.statusCode).toBe(200);
    expect(ex.body).toContain("examples");
  });

  describe("example pages", () => {
    const realExamples = path.join(__dirname, "../../../../../examples");
    const pages = readdirSync(realExamples).filter((f) => f.endsWith(".html"));
    const withExamples = (env: Record<string, string>) => buildTestApp({ db: t.db, env, staticSite: { hostDist, widgetsDist, examplesDir: realExamples } });

    it("are not served in production unless EXAMPLES=on", async () => {
      const production = await withExamples({ NODE_ENV: "production", PAYMENTS: "test", MAIL: "outbox" });
      try {
        for (const url of ["/examples/agency-login.html", "/examples/strict-csp.js", "/preview/a/b/examples/agency-login.html"]) {
          const res = await production.app.inject({ url, headers: html });
          expect(res.statusCode, url).toBe(404);
        }
      } finally {
        await production.app.close();
      }
    });

    it("with EXAMPLES=on (or outside production) come with a strict policy: no inline script or style", async () => {
      for (const env of [{ NODE_ENV: "production", PAYMENTS: "test", MAIL: "outbox", EXAMPLES: "on" }, {}] as Record<string, string>[]) {
        const app = await withExamples(env);
        try {
          for (const page of pages) {
            const res = await app.app.inject({ url: `/examples/${page}`, headers: html });
            expect(res.statusCode, page).toBe(200);
            const csp = String(res.headers["content-security-policy"]);
            expect(csp).toContain("script-src 'self';");
            expect(csp).toContain("style-src 'self';");
            expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
          }
          expect((await app.app.inject({ url: "/examples/strict-csp.js" })).statusCode).toBe(200);
        } finally {
          await app.app.close();
        }
      }
    });

    it.each(pages)("%s loads the bundle from the origin serving it, with no fixed host and nothing inline", (page) => {
      const source = readFileSync(path.join(realExamples, page), "utf8");
      expect(source).not.toContain("localhost");
      const scripts = [...source.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        expect(attributes, page).toMatch(/\bsrc="(?!https?:|\/\/)/);
        expect(body!.trim(), page).toBe("");
      }
      // The versioned address partners are told to use.
      expect(scripts.some(([, attributes]) => /src="\/widgets\/v1\/agency-[a-z-]+\.js"/.test(attributes!))).toBe(true);
      expect(source).not.toMatch(/<style\b|\sstyle="|\son[a-z]+="/);
      // The agency's API and pages as paths on the serving origin (the element tags, not the markup shown as text).
      expect(source).not.toMatch(/<agency-[^>]*(api-base|-href)="https?:/);
    });
  });

  it("sets security headers", async () => {
    const res = await t.app.inject({ url: "/api/health" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("explains a missing build instead of crashing", async () => {
    const bare = await buildTestApp({ db: t.db });
    const page = await bare.app.inject({ url: "/pricing", headers: html });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain("npm run build");
    const bundle = await bare.app.inject({ url: "/widgets/agency-widgets.js" });
    expect(bundle.statusCode).toBe(503);
    expect(bundle.body).toContain("npm run build:widgets");
    await bare.close();
  });
});
