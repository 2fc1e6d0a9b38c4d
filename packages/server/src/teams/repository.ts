import { ENDED_STATUSES, roleCan, type Team, type TeamMember, type TeamRole } from "@agency/contract";
import { isUuid } from "../accounts/repository";
import { countDeleted, type Db } from "../db/db";

/**
 * Companies and their members: every query about them. A person is a member of exactly one company (the primary
 * key of company_members); a company has exactly one owner (a partial unique index). What a company owns names it by
 * `company_id` (subscriptions, invoices, checkouts, billing details, payment customers, quote requests).
 */

export interface CompanyRow {
  id: string;
  name: string;
  vat_id: string | null;
  kvk_number: string | null;
  created_at: Date;
}

/** Who a signed-in person is in their company: what the role guard sets as `request.team`. */
export interface Membership {
  /** The company's id. */
  id: string;
  name: string;
  role: TeamRole;
}

export interface MemberRow {
  id: string;
  name: string;
  email: string;
  locale: "nl" | "en";
  role: TeamRole;
  joined_at: Date;
}

export function publicTeam(row: Pick<CompanyRow, "id" | "name" | "vat_id" | "kvk_number">): Team {
  return { id: row.id, name: row.name, vatId: row.vat_id, kvkNumber: row.kvk_number };
}

export function publicMember(row: Pick<MemberRow, "id" | "name" | "email" | "role">): TeamMember {
  return { id: row.id, name: row.name, email: row.email, role: row.role };
}

/** The outbox's reference to a company: its queued mails (invitations) go with it. */
export const companyRef = (id: string) => `company:${id}`;

/** The person's company and role, read afresh on every call: a member removed a moment ago has lost it at once. */
export async function membershipOf(db: Db, userId: string): Promise<Membership | null> {
  const { rows } = await db.query<Membership>(
    "SELECT c.id, c.name, m.role FROM company_members m JOIN companies c ON c.id = m.company_id WHERE m.user_id = $1",
    [userId],
  );
  return rows[0] ?? null;
}

/**
 * The company whose billing the person may manage (its owner or a billing member), or null: what a statement of
 * withdrawal or a billing page of the person can reach.
 */
export async function billingCompanyOf(db: Db, userId: string): Promise<string | null> {
  const team = await membershipOf(db, userId);
  return team && roleCan(team.role, "billing.manage") ? team.id : null;
}

/** A company without members yet: give it its owner in the same transaction (createCompany, moveMember). */
export async function insertCompany(tx: Db, name: string): Promise<CompanyRow> {
  const { rows } = await tx.query<CompanyRow>("INSERT INTO companies (name) VALUES ($1) RETURNING *", [name]);
  return rows[0]!;
}

/** A new company with `ownerId` as its owner; `ownerId` must not be a member of another one. */
export async function createCompany(tx: Db, company: { name: string; ownerId: string }): Promise<CompanyRow> {
  const row = await insertCompany(tx, company.name);
  await tx.query("INSERT INTO company_members (user_id, company_id, role) VALUES ($1, $2, 'owner')", [company.ownerId, row.id]);
  return row;
}

export async function findCompany(db: Db, id: string): Promise<CompanyRow | null> {
  // Ids also come from payment metadata; one that is not a uuid would make the cast throw.
  if (!isUuid(id)) return null;
  const { rows } = await db.query<CompanyRow>("SELECT * FROM companies WHERE id = $1", [id]);
  return rows[0] ?? null;
}

/** Locks the company's row until the transaction ends: membership changes of one company happen one at a time. */
export async function lockCompany(tx: Db, id: string): Promise<CompanyRow | null> {
  const { rows } = await tx.query<CompanyRow>("SELECT * FROM companies WHERE id = $1 FOR UPDATE", [id]);
  return rows[0] ?? null;
}

/** Changes the fields given; the VAT number also goes into the test provider's billing details, which print it. */
export async function updateCompany(
  tx: Db,
  id: string,
  change: { name?: string; kvkNumber?: string | null; vatId?: string | null },
): Promise<CompanyRow | null> {
  const { rows } = await tx.query<CompanyRow>(
    `UPDATE companies
        SET name = CASE WHEN $2::boolean THEN $3 ELSE name END,
            kvk_number = CASE WHEN $4::boolean THEN $5 ELSE kvk_number END,
            vat_id = CASE WHEN $6::boolean THEN $7 ELSE vat_id END,
            updated_at = now()
      WHERE id = $1 RETURNING *`,
    [id, change.name !== undefined, change.name ?? null, change.kvkNumber !== undefined, change.kvkNumber ?? null, change.vatId !== undefined, change.vatId ?? null],
  );
  if (change.vatId !== undefined) await tx.query("UPDATE local_billing_details SET vat_number = $2, updated_at = now() WHERE company_id = $1", [id, change.vatId]);
  return rows[0] ?? null;
}

/** The company's members, the owner first, then by when they joined. */
export async function listMembers(db: Db, companyId: string): Promise<MemberRow[]> {
  const { rows } = await db.query<MemberRow>(
    `SELECT u.id, u.name, u.email, u.locale, m.role, m.joined_at
       FROM company_members m JOIN users u ON u.id = m.user_id
      WHERE m.company_id = $1
      ORDER BY (m.role = 'owner') DESC, m.joined_at, u.email`,
    [companyId],
  );
  return rows;
}

/** One member of the company, or null when the person is not (or no longer) in it. */
export async function findMember(db: Db, companyId: string, userId: string): Promise<MemberRow | null> {
  if (!isUuid(userId)) return null;
  const { rows } = await db.query<MemberRow>(
    `SELECT u.id, u.name, u.email, u.locale, m.role, m.joined_at
       FROM company_members m JOIN users u ON u.id = m.user_id
      WHERE m.company_id = $1 AND m.user_id = $2`,
    [companyId, userId],
  );
  return rows[0] ?? null;
}

/** Whom the company's billing is addressed to: `preferredUserId` (who bought) while a member, else the owner. */
export async function billingContact(db: Db, companyId: string, preferredUserId: string | null): Promise<MemberRow | null> {
  const members = await listMembers(db, companyId);
  return members.find((member) => member.id === preferredUserId) ?? members[0] ?? null;
}

export async function countMembers(db: Db, companyId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM company_members WHERE company_id = $1", [companyId]);
  return rows[0]!.n;
}

export async function setRole(tx: Db, companyId: string, userId: string, role: TeamRole): Promise<void> {
  await tx.query("UPDATE company_members SET role = $3 WHERE company_id = $1 AND user_id = $2", [companyId, userId, role]);
}

/** Moves the person into `companyId` with `role` (out of the company they were in). */
export async function moveMember(tx: Db, userId: string, companyId: string, role: TeamRole): Promise<void> {
  await tx.query("UPDATE company_members SET company_id = $2, role = $3, joined_at = now() WHERE user_id = $1", [userId, companyId, role]);
}

/**
 * Hands the company of an owner who goes (`ownerId`) to its longest-standing admin (or, without one, the
 * longest-standing member); null when nobody else is left.
 */
export async function promoteSuccessor(tx: Db, companyId: string, ownerId: string): Promise<MemberRow | null> {
  const others = (await listMembers(tx, companyId)).filter((m) => m.id !== ownerId);
  const next = others.find((m) => m.role === "admin") ?? others[0];
  if (!next) return null;
  await setRole(tx, companyId, ownerId, "member");
  await setRole(tx, companyId, next.id, "owner");
  return { ...next, role: "owner" };
}

/** Whether the company has a subscription that has not ended (live, or a first payment still under way). */
export async function hasUnendedSubscription(db: Db, companyId: string): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM subscriptions WHERE company_id = $1 AND status <> ALL ($2::text[]) LIMIT 1", [companyId, ENDED_STATUSES]);
  return rows.length > 0;
}

/** The quote requests sent while signed in to one company go to another (their sender moved, alone, between them). */
export async function moveQuoteRequests(tx: Db, from: string, to: string): Promise<void> {
  await tx.query("UPDATE contact_requests SET company_id = $2 WHERE company_id = $1", [from, to]);
}

/**
 * Erases a company that has no members left, with everything it owns (subscriptions, invoices, checkouts, billing
 * details, payment customers, invitations, its security log) and the quote requests sent while signed in to it
 * (erase their mails first: companyQuoteRequestIds). False when it still has members.
 */
export async function deleteEmptyCompany(tx: Db, companyId: string): Promise<boolean> {
  await tx.query("DELETE FROM contact_requests WHERE company_id = $1 AND NOT EXISTS (SELECT 1 FROM company_members WHERE company_id = $1)", [companyId]);
  return (await countDeleted(tx, "DELETE FROM companies WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM company_members WHERE company_id = $1)", [companyId])) > 0;
}

/** The ids of quote requests sent while signed in to the company. */
export async function companyQuoteRequestIds(db: Db, companyId: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>("SELECT id FROM contact_requests WHERE company_id = $1", [companyId]);
  return rows.map((row) => row.id);
}
