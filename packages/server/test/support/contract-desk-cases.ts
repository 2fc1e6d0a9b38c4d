import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { ErrorCode, Locale } from "@agency/contract";
import { totpCode, totpStep } from "../../src/auth-factors/totp";
import { insertContactRequest } from "../../src/contact/repository";
import { nextIp, quoteRequest, type TestApp } from "./helpers";
import { STAFF_PASSWORD, freshCode, invitedStaff, makeStaff } from "./desk-helpers";

/** The contract test's cases for the desk (/api/desk), one or more per documented operation and status. */

interface Case {
  status: number;
  code?: ErrorCode;
  locale?: Locale;
  run: () => Promise<LightMyRequestResponse>;
}

type Headers = Record<string, string>;

export interface DeskCaseDeps {
  local: TestApp;
  /** New passwords checked against a range API that knows `breached`: same database. */
  guarded: TestApp;
  breached: string;
  /** Stripe refuses this server's key (every call 401), and Stripe failing (every call 500): same database. */
  refused: TestApp;
  failing: TestApp;
  register: () => Promise<{ id: string; headers: Headers }>;
  subscribed: () => Promise<{ id: string; headers: Headers }>;
  stripeCustomer: () => Promise<{ id: string; headers: Headers }>;
}

export function deskCases({ local, guarded, breached, refused, failing, register, subscribed, stripeCustomer }: DeskCaseDeps): Record<string, Case[]> {
  const call = (method: InjectOptions["method"], url: string, headers: Headers = {}, payload?: unknown, app = local) =>
    app.app.inject({ method, url, headers, remoteAddress: nextIp(), ...(payload === undefined ? {} : { payload: payload as InjectOptions["payload"] }) });

  /** A new staff member of `role`, signed in: their Authorization header. */
  const signIn = async (role: "admin" | "staff"): Promise<Headers> => {
    const staff = await makeStaff(local, role);
    const res = await call("POST", "/api/desk/login", {}, { email: staff.email, password: STAFF_PASSWORD, code: await freshCode(local, staff.id, staff.secret) });
    return { authorization: `Bearer ${res.json().token}` };
  };
  let adminHeaders: Headers | undefined;
  const admin = async () => (adminHeaders ??= await signIn("admin"));
  const customer = async () => (await register()).headers;
  const lead = async (flags: { isSpam?: boolean; heldForReview?: boolean } = {}) => {
    const row = await insertContactRequest(local.db, {
      request: quoteRequest({ email: `desk-contract-${Date.now()}@example.com`, company: "Bakkerij" }) as never,
      pageUrl: "",
      origin: "",
      referrer: "",
      utm: {},
      ipHash: "x",
      isSpam: flags.isSpam ?? false,
      heldForReview: flags.heldForReview ?? false,
    });
    return row.id;
  };
  const enrolment = async () => {
    const { token } = await invitedStaff(local);
    const { totpSecret } = (await call("GET", `/api/desk/enrolment?token=${token}`)).json();
    return { token, password: STAFF_PASSWORD, code: totpCode(totpSecret, totpStep()) };
  };
  /** The token of an enrolment link already used, or expired. */
  const staleLink = async (state: "used" | "expired") => {
    const { id, token } = await invitedStaff(local);
    const set = state === "used" ? "used_at = now()" : "expires_at = now() - interval '1 minute'";
    await local.db.query(`UPDATE staff_enrolments SET ${set} WHERE staff_id = $1`, [id]);
    return token;
  };
  const unverified = async () => (await register()).id;
  const verified = async () => {
    const { id } = await register();
    await local.db.query("UPDATE users SET email_verified_at = now() WHERE id = $1", [id]);
    return id;
  };
  const missing = "00000000-0000-4000-8000-000000000000";
  const standard = (method: InjectOptions["method"], url: string, payload?: unknown): Case[] => [
    { status: 401, code: "auth.required", run: () => call(method, url, {}, payload) },
    { status: 403, code: "desk.forbidden", run: async () => call(method, url, await customer(), payload) },
  ];
  const sameIpTwice = async (url: string, payload: () => Promise<unknown> | unknown) => {
    const remoteAddress = nextIp();
    await local.app.inject({ method: "POST", url, remoteAddress, payload: (await payload()) as InjectOptions["payload"] });
    return local.app.inject({ method: "POST", url, remoteAddress, payload: (await payload()) as InjectOptions["payload"] });
  };

  return {
    "GET /api/desk/enrolment": [
      { status: 200, run: async () => call("GET", `/api/desk/enrolment?token=${(await invitedStaff(local)).token}`) },
      { status: 400, code: "desk.enrolment_invalid", run: () => call("GET", "/api/desk/enrolment?token=nope") },
      { status: 400, code: "desk.enrolment_used", run: async () => call("GET", `/api/desk/enrolment?token=${await staleLink("used")}`) },
      { status: 400, code: "desk.enrolment_expired", run: async () => call("GET", `/api/desk/enrolment?token=${await staleLink("expired")}`) },
    ],
    "POST /api/desk/enrolment": [
      { status: 200, run: async () => call("POST", "/api/desk/enrolment", {}, await enrolment()) },
      { status: 400, code: "desk.enrolment_invalid", run: () => call("POST", "/api/desk/enrolment", {}, { token: "nope", password: STAFF_PASSWORD, code: "123456" }) },
      { status: 400, code: "desk.enrolment_used", run: async () => call("POST", "/api/desk/enrolment", {}, { token: await staleLink("used"), password: STAFF_PASSWORD, code: "123456" }) },
      {
        status: 400,
        code: "desk.enrolment_expired",
        run: async () => call("POST", "/api/desk/enrolment", {}, { token: await staleLink("expired"), password: STAFF_PASSWORD, code: "123456" }),
      },
      {
        status: 400,
        code: "desk.code_invalid",
        run: async () => {
          // The right code, one digit changed: wrong for every step the server accepts.
          const body = await enrolment();
          return call("POST", "/api/desk/enrolment", {}, { ...body, code: `${body.code.slice(0, 5)}${(Number(body.code[5]) + 5) % 10}` });
        },
      },
      { status: 400, code: "auth.common_password", run: async () => call("POST", "/api/desk/enrolment", {}, { ...(await enrolment()), password: "password1" }) },
      {
        status: 400,
        code: "auth.breached_password",
        run: async () => call("POST", "/api/desk/enrolment", {}, { ...(await enrolment()), password: breached }, guarded),
      },
      { status: 429, code: "request.too_many", run: () => sameIpTwice("/api/desk/enrolment", enrolment) },
    ],
    "POST /api/desk/login": [
      {
        status: 200,
        run: async () => {
          const s = await makeStaff(local, "staff");
          return call("POST", "/api/desk/login", {}, { email: s.email, password: STAFF_PASSWORD, code: await freshCode(local, s.id, s.secret) });
        },
      },
      { status: 400, code: "desk.sign_in_failed", run: () => call("POST", "/api/desk/login", {}, { email: "nobody@agency.example", password: "x", code: "123456" }) },
      {
        status: 429,
        code: "auth.too_many_attempts",
        run: () => sameIpTwice("/api/desk/login", () => ({ email: "guess@agency.example", password: "guess", code: "123456" })),
      },
    ],
    "GET /api/desk/me": [{ status: 200, run: async () => call("GET", "/api/desk/me", await admin()) }, ...standard("GET", "/api/desk/me")],
    "POST /api/desk/logout": [{ status: 200, run: async () => call("POST", "/api/desk/logout", await signIn("staff")) }, ...standard("POST", "/api/desk/logout")],
    "GET /api/desk/leads": [
      { status: 200, run: async () => (await lead({ heldForReview: true }), call("GET", "/api/desk/leads?status=held&q=bakk", await admin())) },
      { status: 400, code: "request.invalid", run: async () => call("GET", "/api/desk/leads?status=lost", await admin()) },
      ...standard("GET", "/api/desk/leads"),
    ],
    "GET /api/desk/leads.csv": [
      { status: 200, run: async () => call("GET", "/api/desk/leads.csv?status=new", await admin()) },
      { status: 400, code: "request.invalid", run: async () => call("GET", "/api/desk/leads.csv?status=lost", await admin()) },
      ...standard("GET", "/api/desk/leads.csv"),
    ],
    "GET /api/desk/leads/{id}": [
      { status: 200, run: async () => call("GET", `/api/desk/leads/${await lead()}`, await admin()) },
      { status: 400, code: "request.invalid", run: async () => call("GET", "/api/desk/leads/abc", await admin()) },
      { status: 404, code: "desk.lead_not_found", run: async () => call("GET", "/api/desk/leads/2000000000", await admin()) },
      ...standard("GET", "/api/desk/leads/1"),
    ],
    "PATCH /api/desk/leads/{id}": [
      { status: 200, run: async () => call("PATCH", `/api/desk/leads/${await lead()}`, await admin(), { status: "read", note: "Called back" }) },
      { status: 400, code: "request.invalid", run: async () => call("PATCH", "/api/desk/leads/1", await admin(), {}) },
      { status: 404, code: "desk.lead_not_found", run: async () => call("PATCH", "/api/desk/leads/2000000000", await admin(), { note: "x" }) },
      { status: 409, code: "desk.release_first", run: async () => call("PATCH", `/api/desk/leads/${await lead({ isSpam: true })}`, await admin(), { status: "read" }) },
      ...standard("PATCH", "/api/desk/leads/1", { note: "x" }),
    ],
    "POST /api/desk/leads/{id}/release": [
      { status: 200, run: async () => call("POST", `/api/desk/leads/${await lead({ heldForReview: true })}/release`, await admin()) },
      { status: 400, code: "request.invalid", run: async () => call("POST", "/api/desk/leads/0/release", await admin()) },
      { status: 404, code: "desk.lead_not_found", run: async () => call("POST", "/api/desk/leads/2000000000/release", await admin()) },
      { status: 409, code: "desk.not_releasable", run: async () => call("POST", `/api/desk/leads/${await lead()}/release`, await admin()) },
      ...standard("POST", "/api/desk/leads/1/release"),
    ],
    "GET /api/desk/customers": [
      { status: 200, run: async () => (await subscribed(), call("GET", "/api/desk/customers?q=example", await admin())) },
      { status: 400, code: "request.invalid", run: async () => call("GET", `/api/desk/customers?q=${"x".repeat(201)}`, await admin()) },
      ...standard("GET", "/api/desk/customers"),
    ],
    "GET /api/desk/customers/{id}": [
      { status: 200, run: async () => call("GET", `/api/desk/customers/${(await subscribed()).id}`, await admin()) },
      { status: 400, code: "request.invalid", run: async () => call("GET", "/api/desk/customers/abc", await admin()) },
      { status: 404, code: "desk.customer_not_found", run: async () => call("GET", `/api/desk/customers/${missing}`, await admin()) },
      { status: 502, code: "payments.unavailable", run: async () => call("GET", `/api/desk/customers/${(await stripeCustomer()).id}`, await admin(), undefined, refused) },
      { status: 503, code: "payments.unavailable", run: async () => call("GET", `/api/desk/customers/${(await stripeCustomer()).id}`, await admin(), undefined, failing) },
      ...standard("GET", `/api/desk/customers/${missing}`),
    ],
    "POST /api/desk/customers/{id}/resend-verification": [
      { status: 200, run: async () => call("POST", `/api/desk/customers/${await unverified()}/resend-verification`, await admin(), {}) },
      { status: 400, code: "request.invalid", run: async () => call("POST", `/api/desk/customers/${missing}/resend-verification`, await admin(), { language: "fr" }) },
      { status: 404, code: "desk.customer_not_found", run: async () => call("POST", `/api/desk/customers/${missing}/resend-verification`, await admin(), {}) },
      { status: 409, code: "desk.already_verified", run: async () => call("POST", `/api/desk/customers/${await verified()}/resend-verification`, await admin(), {}) },
      {
        status: 429,
        code: "account.too_many_mails",
        run: async () => {
          const id = await unverified();
          // Registering queued one link already; two more fill the hour.
          for (let i = 0; i < 3; i++) await call("POST", `/api/desk/customers/${id}/resend-verification`, await admin(), {});
          return call("POST", `/api/desk/customers/${id}/resend-verification`, await admin(), {});
        },
      },
      ...standard("POST", `/api/desk/customers/${missing}/resend-verification`, {}),
    ],
    "POST /api/desk/customers/{id}/cancel-subscription": [
      { status: 200, run: async () => call("POST", `/api/desk/customers/${(await subscribed()).id}/cancel-subscription`, await admin()) },
      { status: 400, code: "request.invalid", run: async () => call("POST", "/api/desk/customers/abc/cancel-subscription", await admin()) },
      { status: 404, code: "desk.customer_not_found", run: async () => call("POST", `/api/desk/customers/${missing}/cancel-subscription`, await admin()) },
      { status: 409, code: "desk.no_subscription", run: async () => call("POST", `/api/desk/customers/${await unverified()}/cancel-subscription`, await admin()) },
      {
        status: 502,
        code: "payments.unavailable",
        run: async () => call("POST", `/api/desk/customers/${(await stripeCustomer()).id}/cancel-subscription`, await admin(), undefined, refused),
      },
      {
        status: 503,
        code: "payments.unavailable",
        run: async () => call("POST", `/api/desk/customers/${(await stripeCustomer()).id}/cancel-subscription`, await admin(), undefined, failing),
      },
      ...standard("POST", `/api/desk/customers/${missing}/cancel-subscription`),
    ],
    "DELETE /api/desk/customers/{id}": [
      { status: 200, run: async () => call("DELETE", `/api/desk/customers/${(await subscribed()).id}`, await admin()) },
      { status: 400, code: "request.invalid", run: async () => call("DELETE", "/api/desk/customers/abc", await admin()) },
      { status: 401, code: "auth.required", run: () => call("DELETE", `/api/desk/customers/${missing}`) },
      { status: 403, code: "desk.admin_only", run: async () => call("DELETE", `/api/desk/customers/${missing}`, await signIn("staff")) },
      { status: 403, code: "desk.forbidden", run: async () => call("DELETE", `/api/desk/customers/${missing}`, await customer()) },
      { status: 404, code: "desk.customer_not_found", run: async () => call("DELETE", `/api/desk/customers/${missing}`, await admin()) },
      { status: 503, code: "desk.cancel_failed", run: async () => call("DELETE", `/api/desk/customers/${(await stripeCustomer()).id}`, await admin(), undefined, failing) },
    ],
    "GET /api/desk/audit": [
      { status: 200, run: async () => call("GET", "/api/desk/audit", await admin()) },
      { status: 400, code: "request.invalid", run: async () => call("GET", "/api/desk/audit?before=abc", await admin()) },
      { status: 401, code: "auth.required", run: () => call("GET", "/api/desk/audit") },
      { status: 403, code: "desk.admin_only", run: async () => call("GET", "/api/desk/audit", await signIn("staff")) },
      { status: 403, code: "desk.forbidden", run: async () => call("GET", "/api/desk/audit", await customer()) },
    ],
    "GET /api/desk/staff": [{ status: 200, run: async () => call("GET", "/api/desk/staff", await signIn("staff")) }, ...standard("GET", "/api/desk/staff")],
    "POST /api/desk/staff": [
      { status: 201, run: async () => call("POST", "/api/desk/staff", await admin(), { email: `invite-${Date.now()}@agency.example`, role: "staff", language: "nl" }) },
      { status: 400, code: "request.invalid", run: async () => call("POST", "/api/desk/staff", await admin(), { email: "x@agency.example", role: "owner" }) },
      { status: 401, code: "auth.required", run: () => call("POST", "/api/desk/staff", {}, { email: "x@agency.example", role: "staff" }) },
      { status: 403, code: "desk.admin_only", run: async () => call("POST", "/api/desk/staff", await signIn("staff"), { email: "x@agency.example", role: "staff" }) },
      { status: 403, code: "desk.forbidden", run: async () => call("POST", "/api/desk/staff", await customer(), { email: "x@agency.example", role: "staff" }) },
      {
        status: 409,
        code: "desk.staff_exists",
        run: async () => call("POST", "/api/desk/staff", await admin(), { email: (await makeStaff(local, "staff")).email, role: "staff" }),
      },
    ],
    "DELETE /api/desk/staff/{id}": [
      { status: 200, run: async () => call("DELETE", `/api/desk/staff/${(await makeStaff(local, "staff")).id}`, await admin()) },
      { status: 400, code: "request.invalid", run: async () => call("DELETE", "/api/desk/staff/abc", await admin()) },
      { status: 401, code: "auth.required", run: () => call("DELETE", `/api/desk/staff/${missing}`) },
      { status: 403, code: "desk.admin_only", run: async () => call("DELETE", `/api/desk/staff/${missing}`, await signIn("staff")) },
      { status: 403, code: "desk.forbidden", run: async () => call("DELETE", `/api/desk/staff/${missing}`, await customer()) },
      { status: 404, code: "desk.staff_not_found", run: async () => call("DELETE", `/api/desk/staff/${missing}`, await admin()) },
      {
        status: 409,
        code: "desk.cannot_remove_self",
        run: async () => {
          const headers = await admin();
          const me = (await call("GET", "/api/desk/me", headers)).json();
          return call("DELETE", `/api/desk/staff/${me.staff.id}`, headers);
        },
      },
    ],
  };
}
