import type { PackageId } from "@agency/contract";
import type { TestApp } from "./helpers";
import { signedInStaff, type StaffLogin } from "./desk-helpers";
import { call, type Person } from "./teams-harness";

/** What the requests tests do: file as a member, give a company a package, answer as staff. */

export async function fileAs(
  t: TestApp,
  who: Person,
  body: { kind: string; subject: string; message: string },
): Promise<{ id: string; reference: string }> {
  const res = await call(t, "POST", "/api/requests", who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().request;
}

/** The company holds a package, as a paid offer records it (offers/packages-repository.ts), before its delivery. */
export async function giveEntitlement(t: TestApp, companyId: string, pkg: PackageId): Promise<void> {
  await t.db.query(
    `INSERT INTO company_packages (company_id, package, since) VALUES ($1, $2, now())
     ON CONFLICT (company_id) DO UPDATE SET package = excluded.package`,
    [companyId, pkg],
  );
}

export const staffOf = (t: TestApp): Promise<StaffLogin> => signedInStaff(t, "staff");

/** The agency's reply through the desk's API. */
export async function reply(t: TestApp, staff: StaffLogin, id: string, body: { message: string; minutes: number; status?: string }) {
  const res = await t.app.inject({ method: "POST", url: `/api/desk/requests/${id}/replies`, headers: staff.headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Moves the request's messages (and its dates) `hours` into the past. */
export async function backdate(t: TestApp, id: string, hours: number): Promise<void> {
  const shift = `make_interval(secs => ${hours * 3600})`;
  await t.db.query(`UPDATE customer_request_messages SET created_at = created_at - ${shift} WHERE request_id = $1`, [id]);
  await t.db.query(
    `UPDATE customer_requests SET created_at = created_at - ${shift}, last_message_at = last_message_at - ${shift},
            awaiting_since = awaiting_since - ${shift} WHERE id = $1`,
    [id],
  );
}
