import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { buildTestApp, type TestApp } from "../../support/helpers";

/**
 * Bad input never breaks the API: every operation of the OpenAPI document is called with generated malformed
 * path parameters, queries, bodies and headers. No answer may be a 5xx, and every error answer is JSON with
 * `error` and `code`. Fixed seed, so a failure reproduces; fast-check prints the smallest failing request.
 */

const ADMIN_TOKEN = "fuzz-test-admin-token-of-32-characters";
const RUNS_PER_OPERATION = 30;
const SEED = 20_261_123;

let t: TestApp;
let sessionToken: string;

interface Operation {
  method: string;
  path: string;
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
let operations: Operation[] = [];

beforeAll(async () => {
  // Limits out of the way, so the handlers behind them are reached.
  const high = "1000000";
  t = await buildTestApp({
    env: {
      ADMIN_TOKEN,
      CONTACT_RATE_LIMIT: high,
      LOGIN_RATE_LIMIT_IP: high,
      LOGIN_RATE_LIMIT_ACCOUNT: high,
      REGISTER_RATE_LIMIT: high,
      FORGOT_PASSWORD_RATE_LIMIT: high,
      RESET_TOKEN_RATE_LIMIT: high,
      CONSENT_RATE_LIMIT: high,
    },
  });
  await t.app.inject({ method: "POST", url: "/api/auth/register", payload: { name: "Fuzz Tester", email: "fuzz@example.com", password: "secret1-pass" } });
  const doc = (await t.app.inject({ url: "/api/openapi.json" })).json() as { paths: Record<string, Record<string, Omit<Operation, "method" | "path">>> };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path })),
  );
});
afterAll(async () => t?.close());

/** Strings that have broken parsers and databases before. */
const nasty = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uFFFF",
  "%",
  "%00",
  "%zz",
  "../../etc/passwd",
  "'; DROP TABLE users; --",
  "<script>alert(1)</script>",
  "{{7*7}}",
  "${7*7}",
  "-1",
  "0",
  "1e309",
  "NaN",
  "9007199254740993",
  "true",
  "null",
  "[]",
  "{}",
  "x".repeat(5000),
  "🦄".repeat(50),
  "00000000-0000-0000-0000-000000000000",
  "nl",
  "en",
  "pro",
  "monthly",
);
const text = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.string({ unit: "binary", maxLength: 20 }));
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(text, text, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Values that pass validation for the fields of the API's bodies, so a body with one bad field reaches the handler. */
const PLAUSIBLE: Record<string, fc.Arbitrary<unknown>> = {
  email: fc.constantFrom("fuzz@example.com", "someone@example.com"),
  password: fc.constant("secret1-pass"),
  newPassword: fc.constant("another1"),
  name: fc.constant("Ann Smith"),
  language: fc.constantFrom("nl", "en"),
  basePath: fc.constantFrom("/", "/en/"),
  planId: fc.constant("pro"),
  billingPeriod: fc.constantFrom("monthly", "yearly"),
  successUrl: fc.constant("http://localhost:8080/dashboard"),
  cancelUrl: fc.constant("http://localhost:8080/subscribe"),
  id: fc.uuid(),
  necessary: fc.constant(true),
  analytics: fc.boolean(),
  marketing: fc.boolean(),
  version: fc.integer({ min: 1, max: 3 }),
  timestamp: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  countryCode: fc.constant("+31"),
  phone: fc.constant("06 12345678"),
  projectType: fc.constant("new-website"),
  budgetRange: fc.constant("1000-2000"),
  timeline: fc.constant("1-month"),
  domainStatus: fc.constant("have-domain"),
};

function bodyFor(operation: Operation): fc.Arbitrary<string | undefined> {
  const known = Object.keys(operation.requestBody?.content?.["application/json"]?.schema?.properties ?? {});
  // Mostly well-formed: each field plausible, or one of the bad values, or left out.
  const field = (name: string) =>
    fc.oneof({ arbitrary: PLAUSIBLE[name] ?? text, weight: 12 }, { arbitrary: anyValue, weight: 1 }, { arbitrary: fc.constant(undefined), weight: 1 });
  const nearlyValid = fc
    .record(Object.fromEntries(known.map((name) => [name, field(name)])))
    .chain((body) => fc.dictionary(fc.constantFrom("__proto__", "constructor", "extra"), anyValue, { maxKeys: 1 }).map((extra) => ({ ...body, ...extra })))
    .map((body) => JSON.stringify(body));
  const fields = fc.constantFrom(...known, "__proto__", "constructor", "extra");
  const objectBody = fc.dictionary(fields, anyValue, { maxKeys: known.length + 2 }).map((body) => JSON.stringify(body));
  return fc.oneof(
    { arbitrary: nearlyValid, weight: 4 },
    objectBody,
    fc.jsonValue({ maxDepth: 4 }).map((body) => JSON.stringify(body)),
    // Not JSON at all, or broken JSON.
    fc.constantFrom("{", '{"email":', "[", "null", '"text"', "1", "{\"a\":1}}", "\u0000", '{"__proto__":{"polluted":1}}'),
    text,
    fc.constant(undefined),
  );
}

const contentType = fc.oneof(
  { arbitrary: fc.constant("application/json"), weight: 6 },
  fc.constantFrom(
  undefined,
  "application/json; charset=utf-8",
  "application/json; charset=latin1",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/octet-stream",
  "garbage",
  "",
  ),
);

function headersFor(): fc.Arbitrary<Record<string, string>> {
  return fc.record(
    {
      "content-type": contentType,
      authorization: fc.oneof(
        fc.constant(`Bearer ${ADMIN_TOKEN}`),
        { arbitrary: fc.constant("session"), weight: 4 },
        text.map((token) => `Bearer ${token}`),
        text,
      ),
      "accept-language": fc.oneof(fc.constantFrom("nl", "en", "en-US,en;q=0.9", "*", "xx", ";q=", ""), text),
      origin: fc.oneof(fc.constantFrom("https://evil.example", "null", "http://localhost:8080"), text),
      "stripe-signature": fc.oneof(fc.constantFrom("t=1,v1=abc", "t=,v1="), text),
      "x-forwarded-for": fc.oneof(fc.constantFrom("1.2.3.4", "::1", "not-an-ip"), text),
      "if-none-match": text,
    },
    { requiredKeys: ["content-type"] },
  ).map((headers) => {
    const out: Record<string, string> = {};
    for (const [name, raw] of Object.entries(headers)) {
      if (raw === undefined) continue;
      const value = name === "authorization" && raw === "session" ? `Bearer ${sessionToken}` : raw;
      // What an HTTP client can send at all: header values are Latin-1 without line breaks.
      if (/^[\u0020-\u007e\u00a0-\u00ff\t]*$/.test(value)) out[name] = value;
    }
    return out;
  });
}

/** A path segment: broken escapes ("%zz") go as they are, anything else encoded (lone surrogates as U+FFFD). */
function pathSegment(value: string): string {
  return /^[\x21-\x7e]+$/.test(value) && !/[/?#]/.test(value) ? value : encodeURIComponent(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"));
}

function requestFor(operation: Operation): fc.Arbitrary<InjectOptions> {
  const pathParams = (operation.path.match(/\{[^}]+\}/g) ?? []).length;
  const queryNames = (operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
  const queries = fc.dictionary(fc.constantFrom(...queryNames, "extra", "page[]", "__proto__"), fc.oneof(text, fc.array(text, { maxLength: 3 })), {
    maxKeys: 3,
  });
  const hasBody = !["GET", "HEAD", "DELETE"].includes(operation.method);
  return fc
    .record({
      params: fc.array(text, { minLength: pathParams, maxLength: pathParams }),
      query: queries,
      body: hasBody ? bodyFor(operation) : fc.constant(undefined),
      headers: headersFor(),
    })
    .map(({ params, query, body, headers }) => {
      let index = 0;
      const path = operation.path.replace(/\{[^}]+\}/g, () => pathSegment(params[index++] ?? ""));
      const search = new URLSearchParams();
      for (const [name, raw] of Object.entries(query)) for (const item of [raw].flat()) search.append(name, item);
      const qs = search.toString();
      return {
        method: operation.method as InjectOptions["method"],
        url: qs ? `${path}?${qs}` : path,
        headers,
        ...(body === undefined ? {} : { payload: body }),
      };
    });
}

describe("bad input on every operation", () => {
  it("never answers 5xx, and every error is JSON with error and code", { timeout: 120_000 }, async () => {
    expect(operations.length).toBeGreaterThan(10);
    for (const operation of operations) {
      // A fresh session per operation: the fuzzed logout (and password reset) may end the previous one.
      const login = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "fuzz@example.com", password: "secret1-pass" } });
      expect(login.statusCode).toBe(200);
      sessionToken = (login.json() as { token: string }).token;
      await fc.assert(
        fc.asyncProperty(requestFor(operation), async (request) => {
          const res = await t.app.inject(request);
          const what = `${request.method} ${request.url} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(res.headers["content-type"], what).toMatch(/^application\/json/);
            const body = res.json() as { error?: unknown; code?: unknown };
            expect(typeof body.error, what).toBe("string");
            expect(typeof body.code, what).toBe("string");
          }
        }),
        { numRuns: RUNS_PER_OPERATION, seed: SEED, endOnFailure: true },
      );
    }
    await t.app.settle();
  });
});
