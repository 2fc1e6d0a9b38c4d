import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonTooDeepAt, MAX_JSON_DEPTH } from "../../src/lib/json-depth";
import { buildTestApp, captureLogs, nextIp, quoteRequest, type TestApp } from "../support/helpers";

/** JSON nested deeper than any request of the API needs is refused before it is parsed, not with a stack overflow. */
let t: TestApp;
const logs = captureLogs();

beforeAll(async () => {
  t = await buildTestApp({ env: { CONTACT_RATE_LIMIT: "1000", LOG_LEVEL: "info" }, logStream: logs.logStream });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const post = (payload: string, language = "en") =>
  t.app.inject({ method: "POST", url: "/api/contact", payload, headers: { "content-type": "application/json", "accept-language": language }, remoteAddress: nextIp() });
/** `{"email": [[…]]}` with `depth` levels in all (the outer object counts). */
const nested = (depth: number) => `{"email":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`;

describe("a JSON body nested deeper than the limit", () => {
  it("45,000 deep is 400 request.invalid in the request's language, and nothing is logged as a failure", async () => {
    for (const [language, text] of [["en", "Some of the information sent is missing or not valid: e-mail address"], ["nl", "ontbreekt of klopt niet: e-mailadres"]] as const) {
      const res = await post(nested(45_000), language);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "request.invalid", fields: ["email"] });
      expect(res.json().error).toContain(text);
    }
    await t.app.settle();
    expect(logs.text()).not.toMatch(/call stack|"level":50/);
  });

  it("the limit itself still reaches the route, one more does not", async () => {
    const atLimit = await post(nested(MAX_JSON_DEPTH));
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().code).toBe("contact.invalid_field");
    const over = await post(nested(MAX_JSON_DEPTH + 1));
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe("request.invalid");
  });

  it("brackets inside strings do not count, and a legitimate nested body is accepted", async () => {
    const body = quoteRequest({ email: `depth-${Date.now()}@example.nl`, message: "[".repeat(1000) + '\\"{'.repeat(100), utm: { utm_source: "news", utm_campaign: "x" }, features: ["analytics"] });
    const res = await post(JSON.stringify(body));
    expect(res.statusCode, res.body).toBe(200);
  });

  it("malformed and empty JSON keep their own codes", async () => {
    expect((await post('{"email": [')).json().code).toBe("request.malformed_json");
    expect((await post("")).json().code).toBe("request.empty_body");
    expect((await post('{"__proto__": {"x": 1}}')).statusCode).toBe(400);
  });
});

describe("jsonTooDeepAt", () => {
  it("counts arrays and objects, not brackets in strings or after escapes, and names the top-level property", () => {
    expect(jsonTooDeepAt("[[[]]]", 3)).toBeNull();
    expect(jsonTooDeepAt("[[[[]]]]", 3)).toBe("");
    expect(jsonTooDeepAt('["[[[[[", "\\"[[[["]', 1)).toBeNull();
    expect(jsonTooDeepAt('{"a":"x","b":{"c":{"d":{}}}}', 3)).toBe("b");
    expect(jsonTooDeepAt('{"a b":[[[]]]}', 3)).toBe("");
  });
});
