import { Writable } from "node:stream";
import { createPgDb, type Db } from "../../src/db/db";
import { buildTestApp, createTestDb, type TestApp } from "../support/helpers";
import { READY_TIMEOUT_MS } from "../../src/routes/api/ready/index";
import { loggerOptions, requestIdGenerator } from "../../src/lib/logger";
import { loadConfig } from "../../src/config";

/** Delegates to a working database until told to use another one (a dead one, or one that never answers). */
function switchableDb(real: Db): Db & { use(target: Db): void } {
  let target = real;
  return {
    kind: real.kind,
    use: (next) => (target = next),
    query: (sql, params) => target.query(sql, params),
    exec: (sql) => target.exec(sql),
    transaction: (fn) => target.transaction(fn),
    close: async () => {},
  };
}

describe("readiness and liveness", () => {
  let owned: Awaited<ReturnType<typeof createTestDb>>;
  let db: ReturnType<typeof switchableDb>;
  let t: TestApp;
  // Nothing listens on port 1: every connection is refused, as with a database that is down.
  const dead = createPgDb("postgres://agency:x@127.0.0.1:1/agency", { connectionTimeoutMillis: 1000 });

  beforeAll(async () => {
    owned = await createTestDb();
    db = switchableDb(owned.db);
    t = await buildTestApp({ db });
  });
  afterAll(async () => {
    await t.close();
    await owned.cleanup();
    await dead.close();
  });
  afterEach(() => db.use(owned.db));

  it("/api/ready answers 200 while the database answers", async () => {
    const res = await t.app.inject({ url: "/api/ready" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ready" });
    expect((await t.app.inject({ url: "/preview/a/b/api/ready" })).statusCode).toBe(200);
  });

  it("/api/ready answers 503 with { error } when the database refuses connections; /api/health stays 200", async () => {
    db.use(dead);
    const res = await t.app.inject({ url: "/api/ready" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: "server.unavailable", error: expect.any(String) });
    expect((await t.app.inject({ url: "/api/health" })).statusCode).toBe(200);
    // Back again: ready again, no restart needed.
    db.use(owned.db);
    expect((await t.app.inject({ url: "/api/ready" })).statusCode).toBe(200);
  });

  it("an API call answers 503 server.unavailable, never 500, while the database refuses connections, and works again after", async () => {
    db.use(dead);
    const post = "/api/blog/00000000-0000-4000-8000-000000000000";
    const res = await t.app.inject({ url: post });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: "server.unavailable", error: expect.any(String) });
    db.use(owned.db);
    expect((await t.app.inject({ url: post })).statusCode).toBe(404);
  });

  it("/api/ready answers 503 within its timeout when the database hangs", async () => {
    const hanging: Db = { ...owned.db, query: () => new Promise(() => {}) };
    db.use(hanging);
    const started = Date.now();
    const res = await t.app.inject({ url: "/api/ready" });
    expect(res.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(READY_TIMEOUT_MS + 1500);
  });

  it("both are in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ url: "/api/openapi.json" })).json();
    expect(doc.paths["/api/ready"].get.summary).toBe("Readiness");
    expect(Object.keys(doc.paths["/api/ready"].get.responses)).toEqual(expect.arrayContaining(["200", "503"]));
    expect(doc.paths["/api/health"].get.summary).toBe("Liveness");
  });
});

describe("request log", () => {
  let owned: Awaited<ReturnType<typeof createTestDb>>;
  let db: ReturnType<typeof switchableDb>;
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw.push(chunk.toString());
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const requestLines = () => lines.filter((line) => typeof line.status === "number");

  beforeAll(async () => {
    owned = await createTestDb();
    db = switchableDb(owned.db);
    t = await buildTestApp({ db, env: { SLOW_REQUEST_MS: "50" }, logger: { level: "info", stream } });
  });
  afterAll(async () => {
    await t.close();
    await owned.cleanup();
  });
  afterEach(() => db.use(owned.db));
  beforeEach(() => {
    lines.length = 0;
    raw.length = 0;
  });

  it("logs a failed request with method, path, status, duration and request id, without body, token or query", async () => {
    const secret = "s3cret-password-value";
    const token = "bearer-token-abcdef123456";
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login?token=query-token-xyz",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      payload: { email: "nobody@example.com", password: secret },
      remoteAddress: "10.9.9.9",
    });
    // A failed login is a 400 here (401 means "session gone").
    expect(res.statusCode, res.body).toBe(400);
    const [line, ...more] = requestLines();
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 30, method: "POST", path: "/api/auth/login", status: 400, ms: expect.any(Number) });
    expect(line!.reqId).toBe(res.headers["x-request-id"]);
    const all = raw.join("");
    for (const leak of [secret, token, "query-token-xyz", "nobody@example.com"]) expect(all).not.toContain(leak);
  });

  it("logs a route's pattern, not the parameter that grants access (test checkout id)", async () => {
    const id = "Zk3_checkout-id-that-is-a-secret-0123456789abcdef";
    const res = await t.app.inject({ url: `/api/subscriptions/test-checkout/${id}` });
    expect(res.statusCode).toBe(404);
    expect(requestLines()).toEqual([expect.objectContaining({ path: "/api/subscriptions/test-checkout/:id", status: 404 })]);
    expect(raw.join("")).not.toContain(id);
  });

  it("logs slow successful requests, 5xx as errors, and no fast successful ones", async () => {
    expect((await t.app.inject({ url: "/api/ready" })).statusCode).toBe(200);
    expect(requestLines()).toEqual([]);

    const slow: Db = {
      ...owned.db,
      query: async (sql, params) => {
        await new Promise((resolve) => setTimeout(resolve, 80));
        return owned.db.query(sql, params);
      },
    };
    db.use(slow);
    expect((await t.app.inject({ url: "/api/ready" })).statusCode).toBe(200);
    expect(requestLines()).toEqual([expect.objectContaining({ level: 30, path: "/api/ready", status: 200, slow: true })]);

    lines.length = 0;
    db.use({ ...owned.db, query: async () => Promise.reject(new Error("connection lost")) });
    expect((await t.app.inject({ url: "/api/subscriptions/plans" })).statusCode).toBe(500);
    expect(requestLines()).toEqual([expect.objectContaining({ level: 50, path: "/api/subscriptions/plans", status: 500 })]);
  });
});

describe("logger set-up", () => {
  it("formats for reading in development (pino-pretty) and writes JSON lines otherwise", () => {
    expect(loggerOptions(loadConfig({ NODE_ENV: "development" }, "/"))).toMatchObject({ transport: { target: "pino-pretty" } });
    const production = { NODE_ENV: "production", PAYMENTS: "test", MAIL: "outbox" };
    expect(loggerOptions(loadConfig(production, "/"))).toEqual({ level: "info", redact: expect.any(Object), serializers: expect.any(Object) });
    expect(loggerOptions(loadConfig({ ...production, LOG_LEVEL: "warn" }, "/"))).toEqual({ level: "warn", redact: expect.any(Object), serializers: expect.any(Object) });
  });

  it("takes the request id from X-Request-Id only behind a trusted proxy, and only when it looks like an id", () => {
    const request = (id?: string) => ({ headers: id === undefined ? {} : { "x-request-id": id } }) as never;
    const direct = requestIdGenerator(loadConfig({}, "/"));
    const proxied = requestIdGenerator(loadConfig({ TRUST_PROXY: "1" }, "/"));
    const uuid = /^[0-9a-f-]{36}$/;
    expect(direct(request("from-client"))).toMatch(uuid);
    expect(proxied(request("abc-123"))).toBe("abc-123");
    expect(proxied(request("bad id\n{injected}"))).toMatch(uuid);
    expect(proxied(request())).toMatch(uuid);
    expect(direct(request())).not.toBe(direct(request()));
  });
});
