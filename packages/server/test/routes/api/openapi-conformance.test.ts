import type { InjectOptions } from "fastify";
import type { Db } from "../../../src/db/db";
import { WITHOUT_DATABASE } from "../../../src/lib/openapi-document";
import { buildTestApp, createTestDb, nextIp, type TestApp } from "../../support/helpers";
import { signedInStaff } from "../../support/desk-helpers";
import { Conformance, listedCodes, needsCredentials, operationsOf, type DocOperation, type OpenApiDocument } from "../../support/openapi-document";

/**
 * The OpenAPI document against the real answers, for every operation it lists: the answers every operation can give
 * whatever its route (a long id, no credentials, a body that is no JSON, too large or of another type, a database that
 * is away) are sent to each, and each answer must be one the document lists for it: its status, its media type, its
 * JSON schema and so its `code`. Route-specific answers, each status with its schema and text, are routes/api/contract.test.ts's.
 */

const ADMIN_TOKEN = "conformance-admin-token-0123456789abcdef";
const HIGH = "100000";
/** The largest body any operation takes: the Stripe webhook's (events can pass the API's 100 KB). */
const LARGEST_BODY_LIMIT = 1024 * 1024;

/** The SQLSTATE of a database that went away (the server shut the connection) and of a statement over its time. */
const FAILURES = { away: "57P01", "too slow": "57014" } as const;

type Failure = keyof typeof FAILURES;

/** A database that can be made to fail as one that went away does, or as one too slow to answer in time. */
function breakableDb(real: Db): Db & { broken: Failure | null } {
  const failure = () => Promise.reject(Object.assign(new Error("The database failed"), { code: FAILURES[db.broken ?? "away"] }));
  const db: Db & { broken: Failure | null } = {
    broken: null,
    kind: real.kind,
    query: ((sql, params) => (db.broken ? failure() : real.query(sql, params))) as Db["query"],
    exec: (sql: string) => (db.broken ? failure() : real.exec(sql)),
    transaction: ((fn) => (db.broken ? failure() : real.transaction(fn))) as Db["transaction"],
    close: async () => {},
  };
  return db;
}

let owned: Awaited<ReturnType<typeof createTestDb>>;
let db: ReturnType<typeof breakableDb>;
let t: TestApp;
let doc: OpenApiDocument;
let conformance: Conformance;
let credentials: { user: Record<string, string>; staff: Record<string, string>; admin: Record<string, string> };

beforeAll(async () => {
  owned = await createTestDb();
  db = breakableDb(owned.db);
  const limits = ["CONTACT", "REGISTER", "FORGOT_PASSWORD", "RESET_TOKEN", "CONSENT", "WITHDRAWAL", "PASSKEY", "ADMIN_EXPORT"];
  t = await buildTestApp({
    db,
    env: { ADMIN_TOKEN, ...Object.fromEntries(limits.map((name) => [`${name}_RATE_LIMIT`, HIGH])), LOGIN_RATE_LIMIT_IP: HIGH },
  });
  const registered = await t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { name: "Robin Conform", email: "conform@example.com", password: "secret1-pass" },
    remoteAddress: nextIp(),
  });
  expect(registered.statusCode, registered.body).toBe(201);
  credentials = {
    user: { authorization: `Bearer ${registered.json().token}` },
    staff: (await signedInStaff(t, "admin")).headers,
    admin: { authorization: `Bearer ${ADMIN_TOKEN}` },
  };
  doc = (await t.app.inject({ url: "/api/openapi.json" })).json();
  conformance = new Conformance(doc);
  // A new embedded database, a sign-up and a staff sign-in (password hashes) take long on a busy machine.
}, 180_000);
afterAll(async () => {
  db.broken = null;
  await t?.close();
  await owned?.cleanup();
});

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const takesBody = (op: DocOperation) => BODY_METHODS.has(op.method);

/** The credentials an operation takes: the admin token, a desk session, or a customer's session. */
function credentialsFor(op: DocOperation): Record<string, string> {
  if (op.path.startsWith("/api/admin/")) return credentials.admin;
  if (op.path.startsWith("/api/desk/")) return credentials.staff;
  return credentials.user;
}

/** An id of the form the routes take (a UUID), which no row has. */
const SOME_ID = "00000000-0000-4000-8000-000000000000";

const urlFor = (op: DocOperation, id: string) => op.path.replace(/\{[^}]+\}/g, encodeURIComponent(id));

interface Probe {
  name: string;
  applies: (op: DocOperation) => boolean;
  request: (op: DocOperation) => InjectOptions;
  /** The status every operation it applies to must answer; without one, any answer the document lists will do. */
  status?: number;
}

const PROBES: Probe[] = [
  {
    name: "an id longer than any there is",
    applies: (op) => op.path.includes("{"),
    request: (op) => ({ method: op.method as InjectOptions["method"], url: urlFor(op, "x".repeat(300)), headers: credentialsFor(op) }),
  },
  {
    name: "no credentials",
    applies: needsCredentials,
    request: (op) => ({ method: op.method as InjectOptions["method"], url: urlFor(op, SOME_ID) }),
  },
  {
    name: "a body that is no JSON",
    applies: takesBody,
    request: (op) => ({ method: op.method as InjectOptions["method"], url: urlFor(op, SOME_ID), headers: { ...credentialsFor(op), "content-type": "application/json" }, payload: "{" }),
  },
  {
    name: "a body larger than the server takes",
    applies: takesBody,
    status: 413,
    request: (op) => ({
      method: op.method as InjectOptions["method"],
      url: urlFor(op, SOME_ID),
      headers: { ...credentialsFor(op), "content-type": "application/json" },
      payload: JSON.stringify({ padding: "x".repeat(LARGEST_BODY_LIMIT) }),
    }),
  },
  {
    name: "a body of a type no operation reads",
    applies: takesBody,
    status: 415,
    request: (op) => ({ method: op.method as InjectOptions["method"], url: urlFor(op, SOME_ID), headers: { ...credentialsFor(op), "content-type": "application/xml" }, payload: "<a/>" }),
  },
];

describe("the OpenAPI document and the real answers", () => {
  it("names every operation once, says what credentials it takes, and shares the error schema", () => {
    const ops = operationsOf(doc);
    const ids = ops.map((op) => op.operation.operationId as string);
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ops.filter((op) => !Array.isArray(op.operation.security)).map((op) => op.key)).toEqual([]);
    const inline = ops.flatMap((op) =>
      Object.entries(op.operation.responses as Record<string, { content?: Record<string, { schema: { allOf?: { $ref?: string }[] } }> }>)
        .filter(([status, response]) => Number(status) >= 400 && response.content?.["application/json"]?.schema.allOf?.[0]?.$ref !== "#/components/schemas/ErrorResponse")
        .map(([status]) => `${op.key} ${status}`),
    );
    expect(inline).toEqual([]);
    expect([...WITHOUT_DATABASE].filter((id) => !ids.includes(id))).toEqual([]);
  });

  it("documents what the operations really take: optional paging, the CSV export", () => {
    const blog = operationsOf(doc).find((op) => op.key === "GET /api/blog")!;
    const paging = (blog.operation.parameters as { name: string; required?: boolean }[]).filter((p) => ["page", "limit"].includes(p.name));
    expect(paging.map((p) => [p.name, p.required ?? false])).toEqual([["page", false], ["limit", false]]);
    const leads = operationsOf(doc).find((op) => op.key === "GET /api/admin/contact-requests")!;
    expect(Object.keys(leads.operation.responses["200"].content)).toEqual(["application/json", "text/csv"]);
  });

  it.each(PROBES.map((probe) => [probe.name, probe] as const))("answers %s as documented, on every operation", async (_name, probe) => {
    const problems: string[] = [];
    for (const op of operationsOf(doc).filter(probe.applies)) {
      const res = await t.app.inject({ remoteAddress: nextIp(), ...probe.request(op) });
      const problem = conformance.problem(op, res, probe.name);
      if (problem) problems.push(problem);
      else if (probe.status && res.statusCode !== probe.status) problems.push(`${op.key} (${probe.name}): ${res.statusCode}, expected ${probe.status}`);
    }
    expect(problems).toEqual([]);
  });

  it.each(Object.keys(FAILURES) as Failure[])("answers a database that is %s with 503 where the document says so, and only there", async (failure) => {
    const problems: string[] = [];
    const unavailable: string[] = [];
    db.broken = failure;
    try {
      for (const op of operationsOf(doc)) {
        const res = await t.app.inject({
          method: op.method as InjectOptions["method"],
          url: urlFor(op, SOME_ID),
          headers: credentialsFor(op),
          remoteAddress: nextIp(),
          ...(takesBody(op) ? { payload: {} } : {}),
        });
        const problem = conformance.problem(op, res, `database ${failure}`);
        if (problem) problems.push(problem);
        if (res.statusCode === 503) unavailable.push(op.operation.operationId as string);
        if (WITHOUT_DATABASE.has(op.operation.operationId as string) && res.statusCode !== 200) problems.push(`${op.key}: ${res.statusCode} without the database`);
      }
    } finally {
      db.broken = null;
    }
    expect(problems).toEqual([]);
    // Every call with a session asks the database who it is (those with a body check the body first, and this one does
    // not fit); the operations said to go without it answer regardless.
    const withSession = operationsOf(doc).filter((op) => needsCredentials(op) && !op.operation.requestBody && !op.path.startsWith("/api/admin/"));
    expect(withSession.map((op) => op.operation.operationId).filter((id) => !unavailable.includes(id))).toEqual([]);
    expect(unavailable.filter((id) => WITHOUT_DATABASE.has(id))).toEqual([]);
    const code = failure === "too slow" ? "server.database_timeout" : "server.unavailable";
    expect(withSession.map((op) => `${op.key} 503 ${code}`).filter((answer) => !conformance.seen.has(answer))).toEqual([]);
  });

  it("answers GET /api/blog/{id} with each answer it lists: the post, and blog.not_found for any id no post has", async () => {
    const op = operationsOf(doc).find((o) => o.key === "GET /api/blog/{id}")!;
    const { posts } = (await t.app.inject({ url: "/api/blog?limit=1" })).json() as { posts: { id: string }[] };
    for (const id of [posts[0]!.id, "no-such-post", "x".repeat(101), "x".repeat(5000)]) {
      const res = await t.app.inject({ url: urlFor(op, id) });
      expect(conformance.problem(op, res, `id of ${id.length}`)).toBeNull();
    }
    expect(listedCodes(op, "404")).toEqual(["blog.not_found"]);
    expect([...conformance.seen]).toEqual(expect.arrayContaining(["GET /api/blog/{id} 200", "GET /api/blog/{id} 404 blog.not_found"]));
  });
});
