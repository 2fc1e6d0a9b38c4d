import type { LightMyRequestResponse } from "fastify";
import type { ErrorCode } from "@agency/contract";
import { calendarMonth, previousMonth } from "../../src/requests/calendar";
import type { TestApp } from "./helpers";
import { signedInStaff } from "./desk-helpers";
import { call, company, person, subscribe, type Company } from "./teams-harness";

/**
 * The contract test's cases for customer requests (/api/requests…) and the desk's queue (/api/desk/requests…), one
 * or more per documented operation and status. The contract app allows 2 writes per company an hour
 * (REQUESTS_RATE_LIMIT), so a company's third write is over it.
 */

interface Case {
  status: number;
  code?: ErrorCode;
  run: () => Promise<LightMyRequestResponse>;
}

const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const filing = { kind: "question", subject: "Contract question", message: "Does this work?" };

export function requestCases({ local }: { local: TestApp }): Record<string, Case[]> {
  const subscribed = async (): Promise<Company> => {
    const c = await company(local);
    await subscribe(local, c);
    return c;
  };
  const companyless = async () => {
    const p = await person(local);
    await local.db.query("DELETE FROM company_members WHERE user_id = $1", [p.id]);
    return p;
  };
  /** A company's request, filed by its owner (one of the company's two writes). */
  const filed = async (c?: Company) => {
    const owner = c ?? (await subscribed());
    const res = await call(local, "POST", "/api/requests", owner.owner, filing);
    return { c: owner, id: res.json().request.id as string };
  };
  /** A company whose agency logged 150 minutes this month: 30 past the included 120. */
  const withExtraTime = async () => {
    const { c, id } = await filed();
    const staff = await signedInStaff(local, "staff");
    await local.app.inject({ method: "POST", url: `/api/desk/requests/${id}/replies`, headers: staff.headers, payload: { message: "Done", minutes: 150 } });
    return c;
  };
  const overLimit = async (url: (id: string) => string, payload: object) => {
    const { c, id } = await filed();
    await call(local, "POST", `/api/requests/${id}/messages`, c.owner, { message: "second write" });
    return call(local, "POST", url(id), c.owner, payload);
  };
  const staff = () => signedInStaff(local, "staff");
  const desk = async (method: "GET" | "POST" | "PATCH", url: string, payload?: object, headers?: Record<string, string>) =>
    local.app.inject({ method, url: `/api/desk${url}`, headers: headers ?? (await staff()).headers, ...(payload ? { payload } : {}) });
  const customerHeaders = async () => (await person(local)).headers;
  const agree = async (minutes: number, period = calendarMonth().period) => call(local, "POST", "/api/requests/extra-time", (await withExtraTime()).owner, { period, minutes });

  return {
    "GET /api/requests": [
      { status: 200, run: async () => call(local, "GET", "/api/requests", (await subscribed()).people.member) },
      { status: 401, code: "auth.required", run: () => call(local, "GET", "/api/requests") },
      { status: 403, code: "team.forbidden", run: async () => call(local, "GET", "/api/requests", await companyless()) },
    ],
    "POST /api/requests": [
      { status: 201, run: async () => call(local, "POST", "/api/requests", (await subscribed()).people.member, filing) },
      { status: 400, code: "request.invalid", run: async () => call(local, "POST", "/api/requests", (await subscribed()).owner, { ...filing, kind: "wish" }) },
      { status: 401, code: "auth.required", run: () => call(local, "POST", "/api/requests", undefined, filing) },
      { status: 403, code: "team.forbidden", run: async () => call(local, "POST", "/api/requests", await companyless(), filing) },
      { status: 403, code: "requests.subscription_required", run: async () => call(local, "POST", "/api/requests", await person(local), filing) },
      { status: 429, code: "requests.too_many", run: () => overLimit(() => "/api/requests", filing) },
    ],
    "POST /api/requests/extra-time": [
      { status: 200, run: () => agree(30) },
      { status: 400, code: "request.invalid", run: () => agree(30, "2027-3") },
      { status: 401, code: "auth.required", run: () => call(local, "POST", "/api/requests/extra-time", undefined, { period: calendarMonth().period, minutes: 1 }) },
      {
        status: 403,
        code: "team.forbidden",
        run: async () => call(local, "POST", "/api/requests/extra-time", (await withExtraTime()).people.member, { period: calendarMonth().period, minutes: 30 }),
      },
      { status: 409, code: "requests.extra_time_changed", run: () => agree(31) },
      { status: 409, code: "requests.period_closed", run: () => agree(1, previousMonth(previousMonth(calendarMonth())).period) },
    ],
    "GET /api/requests/{id}": [
      { status: 200, run: async () => { const { c, id } = await filed(); return call(local, "GET", `/api/requests/${id}`, c.people.member); } },
      { status: 400, code: "request.invalid", run: async () => call(local, "GET", "/api/requests/nope", (await subscribed()).owner) },
      { status: 401, code: "auth.required", run: () => call(local, "GET", `/api/requests/${UNKNOWN}`) },
      { status: 403, code: "team.forbidden", run: async () => call(local, "GET", `/api/requests/${UNKNOWN}`, await companyless()) },
      { status: 404, code: "requests.not_found", run: async () => call(local, "GET", `/api/requests/${(await filed()).id}`, (await subscribed()).owner) },
    ],
    "POST /api/requests/{id}/messages": [
      { status: 201, run: async () => { const { c, id } = await filed(); return call(local, "POST", `/api/requests/${id}/messages`, c.people.admin, { message: "More" }); } },
      { status: 400, code: "request.invalid", run: async () => { const { c, id } = await filed(); return call(local, "POST", `/api/requests/${id}/messages`, c.owner, { message: "" }); } },
      { status: 401, code: "auth.required", run: () => call(local, "POST", `/api/requests/${UNKNOWN}/messages`, undefined, { message: "x" }) },
      { status: 403, code: "team.forbidden", run: async () => call(local, "POST", `/api/requests/${UNKNOWN}/messages`, await companyless(), { message: "x" }) },
      {
        status: 403,
        code: "requests.subscription_required",
        run: async () => call(local, "POST", `/api/requests/${UNKNOWN}/messages`, await person(local), { message: "x" }),
      },
      { status: 404, code: "requests.not_found", run: async () => call(local, "POST", `/api/requests/${(await filed()).id}/messages`, (await subscribed()).owner, { message: "x" }) },
      { status: 429, code: "requests.too_many", run: () => overLimit((id) => `/api/requests/${id}/messages`, { message: "third write" }) },
    ],
    "GET /api/desk/requests": [
      { status: 200, run: () => desk("GET", "/requests?status=open&page=1") },
      { status: 400, code: "request.invalid", run: () => desk("GET", "/requests?status=lost") },
      { status: 401, code: "auth.required", run: () => local.app.inject({ url: "/api/desk/requests" }) },
      { status: 403, code: "desk.forbidden", run: async () => desk("GET", "/requests", undefined, await customerHeaders()) },
    ],
    "GET /api/desk/requests/{id}": [
      { status: 200, run: async () => desk("GET", `/requests/${(await filed()).id}`) },
      { status: 400, code: "request.invalid", run: () => desk("GET", "/requests/nope") },
      { status: 401, code: "auth.required", run: () => local.app.inject({ url: `/api/desk/requests/${UNKNOWN}` }) },
      { status: 403, code: "desk.forbidden", run: async () => desk("GET", `/requests/${UNKNOWN}`, undefined, await customerHeaders()) },
      { status: 404, code: "desk.request_not_found", run: () => desk("GET", `/requests/${UNKNOWN}`) },
    ],
    "POST /api/desk/requests/{id}/replies": [
      { status: 201, run: async () => desk("POST", `/requests/${(await filed()).id}/replies`, { message: "On it", minutes: 5, status: "open" }) },
      { status: 400, code: "request.invalid", run: async () => desk("POST", `/requests/${(await filed()).id}/replies`, { message: "x", minutes: 481 }) },
      { status: 401, code: "auth.required", run: () => local.app.inject({ method: "POST", url: `/api/desk/requests/${UNKNOWN}/replies`, payload: { message: "x", minutes: 1 } }) },
      { status: 403, code: "desk.forbidden", run: async () => desk("POST", `/requests/${UNKNOWN}/replies`, { message: "x", minutes: 1 }, await customerHeaders()) },
      { status: 404, code: "desk.request_not_found", run: () => desk("POST", `/requests/${UNKNOWN}/replies`, { message: "x", minutes: 1 }) },
    ],
    "PATCH /api/desk/requests/{id}": [
      { status: 200, run: async () => desk("PATCH", `/requests/${(await filed()).id}`, { status: "closed" }) },
      { status: 400, code: "request.invalid", run: async () => desk("PATCH", `/requests/${(await filed()).id}`, { status: "gone" }) },
      { status: 400, code: "desk.staff_not_found", run: async () => desk("PATCH", `/requests/${(await filed()).id}`, { ownerId: UNKNOWN }) },
      { status: 401, code: "auth.required", run: () => local.app.inject({ method: "PATCH", url: `/api/desk/requests/${UNKNOWN}`, payload: { status: "open" } }) },
      { status: 403, code: "desk.forbidden", run: async () => desk("PATCH", `/requests/${UNKNOWN}`, { status: "open" }, await customerHeaders()) },
      { status: 404, code: "desk.request_not_found", run: () => desk("PATCH", `/requests/${UNKNOWN}`, { status: "open" }) },
    ],
  };
}
