import { TEAM_ROLES, type TeamRole } from "@agency/contract";
import type { LightMyRequestResponse } from "fastify";
import { buildTestApp, type TestApp } from "../support/helpers";
import { call, company, person, personIn, roleOf, subscribe, type Company, type Person } from "../support/teams-harness";

/**
 * Every call a company's member can make, for every role: allowed (the call does its work) or refused with 403
 * `team.forbidden` and nothing changed. Each case gets a company of its own, made in the database.
 */

const SITE = "https://agency.example";
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: SITE, CHECKOUT_RATE_LIMIT: "1000", BILLING_RATE_LIMIT: "1000" } });
});
afterAll(async () => t?.close());

interface RoleCase {
  /** Roles the call is for; every other role is refused with 403 team.forbidden. */
  allowed: readonly TeamRole[];
  /** Whether the company has a running subscription for this call. */
  subscribed?: boolean;
  run: (c: Company, as: Person) => Promise<LightMyRequestResponse>;
  /** What an allowed call answers and did. */
  done: (res: LightMyRequestResponse, c: Company, as: Person) => Promise<void> | void;
  /** What must be unchanged after a refused call. */
  unchanged?: (c: Company) => Promise<void>;
}

const everyone = TEAM_ROLES;
const managers = ["owner", "admin"] as const;
const payers = ["owner", "billing"] as const;
const nameOf = async (c: Company) => (await t.db.query<{ name: string }>("SELECT name FROM companies WHERE id = $1", [c.id])).rows[0]!.name;
const pending = async (c: Company) =>
  (await t.db.query("SELECT 1 FROM company_invitations WHERE company_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL", [c.id])).rows.length;
const cancelled = async (c: Company) =>
  (await t.db.query<{ c: boolean }>("SELECT cancel_at_period_end AS c FROM subscriptions WHERE company_id = $1", [c.id])).rows[0]!.c;
const checkout = { planId: "pro", billingPeriod: "yearly", successUrl: `${SITE}/dashboard`, cancelUrl: `${SITE}/subscribe` };

const CASES: Record<string, RoleCase> = {
  "GET /account/team": {
    allowed: everyone,
    run: (_c, as) => call(t, "GET", "/api/account/team", as),
    done: (res, c, as) => {
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.team.id).toBe(c.id);
      expect(body.members.map((m: { id: string }) => m.id).sort()).toEqual([c.owner, ...Object.values(c.people)].map((p) => p.id).sort());
      expect(body.role).toBe(body.members.find((m: { id: string }) => m.id === as.id).role);
    },
  },
  "PATCH /account/team (name, KvK number)": {
    allowed: managers,
    run: (_c, as) => call(t, "PATCH", "/api/account/team", as, { name: "Renamed B.V.", kvkNumber: "12345678" }),
    done: async (res, c) => {
      expect(res.statusCode).toBe(200);
      expect(res.json().team).toMatchObject({ name: "Renamed B.V.", kvkNumber: "12345678" });
      expect(await nameOf(c)).toBe("Renamed B.V.");
    },
    unchanged: async (c) => expect(await nameOf(c)).not.toBe("Renamed B.V."),
  },
  "PATCH /account/team (VAT number)": {
    allowed: payers,
    run: (_c, as) => call(t, "PATCH", "/api/account/team", as, { vatId: "nl 1234.5678.9B01" }),
    done: (res) => {
      expect(res.statusCode).toBe(200);
      expect(res.json().team.vatId).toBe("NL123456789B01");
    },
    unchanged: async (c) =>
      expect((await t.db.query("SELECT vat_id FROM companies WHERE id = $1", [c.id])).rows[0]).toEqual({ vat_id: null }),
  },
  "POST /account/team/invitations": {
    allowed: managers,
    run: (_c, as) => call(t, "POST", "/api/account/team/invitations", as, { email: `new-${as.id}@example.com`, role: "member" }),
    done: async (res, c) => {
      expect(res.statusCode).toBe(201);
      expect(await pending(c)).toBe(1);
    },
    unchanged: async (c) => expect(await pending(c)).toBe(0),
  },
  "DELETE /account/team/invitations/{id}": {
    allowed: managers,
    run: async (c, as) => {
      const made = await call(t, "POST", "/api/account/team/invitations", c.owner, { email: `withdrawn-${as.id}@example.com`, role: "billing" });
      return call(t, "DELETE", `/api/account/team/invitations/${made.json().invitation.id}`, as);
    },
    done: async (res, c) => {
      expect(res.statusCode).toBe(200);
      expect(await pending(c)).toBe(0);
    },
    unchanged: async (c) => expect(await pending(c)).toBe(1),
  },
  "PATCH /account/team/members/{id}": {
    allowed: managers,
    run: (c, as) => call(t, "PATCH", `/api/account/team/members/${c.people[as.id === c.people.member.id ? "billing" : "member"].id}`, as, { role: "billing" }),
    done: async (res, c) => {
      expect(res.statusCode).toBe(200);
      expect(await roleOf(t, c.people.member.id)).toBe("billing");
    },
    unchanged: async (c) => {
      expect(await roleOf(t, c.people.member.id)).toBe("member");
      expect(await roleOf(t, c.people.billing.id)).toBe("billing");
    },
  },
  "DELETE /account/team/members/{id}": {
    allowed: managers,
    run: (c, as) => call(t, "DELETE", `/api/account/team/members/${c.people[as.id === c.people.member.id ? "billing" : "member"].id}`, as),
    done: async (res, c) => {
      expect(res.statusCode).toBe(200);
      // Out of the company, into one of their own.
      expect(await roleOf(t, c.people.member.id)).toBe("owner");
    },
    unchanged: async (c) => {
      expect(await roleOf(t, c.people.member.id)).toBe("member");
      expect(await roleOf(t, c.people.billing.id)).toBe("billing");
    },
  },
  "POST /account/team/transfer": {
    allowed: ["owner"],
    run: (c, as) => call(t, "POST", "/api/account/team/transfer", as, { memberId: c.people[as.id === c.people.admin.id ? "billing" : "admin"].id }),
    done: async (res, c) => {
      expect(res.statusCode).toBe(200);
      expect(await roleOf(t, c.people.admin.id)).toBe("owner");
      expect(await roleOf(t, c.owner.id)).toBe("admin");
    },
    unchanged: async (c) => expect(await roleOf(t, c.owner.id)).toBe("owner"),
  },
  "GET /subscriptions/current": {
    allowed: everyone,
    subscribed: true,
    run: (_c, as) => call(t, "GET", "/api/subscriptions/current", as),
    done: (res) => {
      expect(res.statusCode).toBe(200);
      expect(res.json().subscription).toMatchObject({ status: "active", plan_name: "Pro Plan" });
    },
  },
  "GET /subscriptions/invoices": {
    allowed: everyone,
    subscribed: true,
    run: (_c, as) => call(t, "GET", "/api/subscriptions/invoices", as),
    done: (res) => expect(res.statusCode).toBe(200),
  },
  "POST /subscriptions/create-checkout": {
    allowed: payers,
    run: (_c, as) => call(t, "POST", "/api/subscriptions/create-checkout", as, checkout),
    done: async (res, c) => {
      expect(res.statusCode).toBe(200);
      expect((await t.db.query("SELECT 1 FROM checkout_sessions WHERE company_id = $1", [c.id])).rows).toHaveLength(1);
    },
    unchanged: async (c) => expect((await t.db.query("SELECT 1 FROM checkout_sessions WHERE company_id = $1", [c.id])).rows).toHaveLength(0),
  },
  "POST /subscriptions/cancel": {
    allowed: payers,
    subscribed: true,
    run: (_c, as) => call(t, "POST", "/api/subscriptions/cancel", as, {}),
    done: async (res, c) => {
      expect(res.statusCode).toBe(200);
      expect(await cancelled(c)).toBe(true);
    },
    unchanged: async (c) => expect(await cancelled(c)).toBe(false),
  },
  "POST /subscriptions/resume": {
    allowed: payers,
    subscribed: true,
    run: async (c, as) => {
      await t.db.query("UPDATE subscriptions SET cancel_at_period_end = true WHERE company_id = $1", [c.id]);
      return call(t, "POST", "/api/subscriptions/resume", as);
    },
    done: async (res, c) => {
      expect(res.statusCode).toBe(200);
      expect(await cancelled(c)).toBe(false);
    },
    unchanged: async (c) => expect(await cancelled(c)).toBe(true),
  },
  "POST /subscriptions/portal": {
    allowed: payers,
    subscribed: true,
    run: (_c, as) => call(t, "POST", "/api/subscriptions/portal", as, { returnUrl: `${SITE}/dashboard/settings` }),
    done: (res) => {
      expect(res.statusCode).toBe(200);
      expect(res.json().url).toContain("/test-portal/");
    },
  },
  "POST /subscriptions/pay": {
    allowed: payers,
    subscribed: true,
    run: (_c, as) => call(t, "POST", "/api/subscriptions/pay", as, { returnUrl: `${SITE}/dashboard/settings` }),
    // Past the role check: nothing is owed.
    done: (res) => expect(res.json().code).toBe("subscriptions.nothing_due"),
  },
  "POST /account/team/leave": {
    allowed: ["admin", "billing", "member"],
    run: (_c, as) => call(t, "POST", "/api/account/team/leave", as),
    done: async (res, c, as) => {
      expect(res.statusCode).toBe(200);
      expect(res.json().team.id).not.toBe(c.id);
      expect(await roleOf(t, as.id)).toBe("owner");
    },
  },
};

describe("every role, every call: allowed, or refused with 403 team.forbidden and nothing changed", () => {
  for (const [name, rc] of Object.entries(CASES)) {
    for (const role of TEAM_ROLES) {
      const allowed = rc.allowed.includes(role);
      it(`${name} as ${role}: ${allowed ? "allowed" : "refused"}`, async () => {
        const c = await company(t);
        if (rc.subscribed) await subscribe(t, c);
        const as = personIn(c, role);
        const res = await rc.run(c, as);
        if (allowed) {
          await rc.done(res, c, as);
        } else if (name === "POST /account/team/leave") {
          // The owner is the one who may not leave: ownership is handed over first.
          expect(res.statusCode).toBe(409);
          expect(res.json().code).toBe("team.owner_cannot_leave");
        } else {
          expect(res.statusCode, res.body).toBe(403);
          expect(res.json().code).toBe("team.forbidden");
          await rc.unchanged?.(c);
        }
      });
    }
  }

  it("a person outside the company sees only their own: its subscription is not theirs", async () => {
    const c = await company(t);
    await subscribe(t, c);
    const stranger = await person(t);
    expect((await call(t, "GET", "/api/subscriptions/current", stranger)).json().subscription).toBeNull();
    expect((await call(t, "GET", "/api/account/team", stranger)).json().members).toHaveLength(1);
  });

  it("without a session every call is 401", async () => {
    for (const [method, url] of [["GET", "/api/account/team"], ["POST", "/api/account/team/leave"], ["GET", "/api/subscriptions/current"]] as const) {
      expect((await call(t, method, url)).statusCode).toBe(401);
    }
  });
});
