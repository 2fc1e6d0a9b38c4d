import type { DeskConsentRecord, DeskCustomerSubscription, DeskCustomerSummary, Locale } from "@agency/contract";
import type { Db } from "../db/db";
import { plansIn } from "../payments/plans-repository";

/** The desk's customer view over the accounts and their companies' subscriptions. */

export const CUSTOMER_LIST_LIMIT = 50;

interface CustomerRow {
  id: string;
  email: string;
  name: string;
  email_verified: boolean;
  created_at: Date;
  sub_id: string | null;
  plan_id: string | null;
  plan_name: string | null;
  status: DeskCustomerSubscription["status"] | null;
  billing_period: DeskCustomerSubscription["billingPeriod"] | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean | null;
  provider: DeskCustomerSubscription["provider"] | null;
}

/** The plan's name in the language of parameter `localeParam` ("$2"), as the site names it in that language. */
const customerSelect = (localeParam: string) => `SELECT u.id, u.email, u.name, u.email_verified_at IS NOT NULL AS email_verified, u.created_at,
       sub.id AS sub_id, sub.plan_id, sub.plan_name, sub.status, sub.billing_period, sub.current_period_end,
       sub.cancel_at_period_end, sub.provider
  FROM users u
  LEFT JOIN LATERAL (
    SELECT s.id, s.plan_id, p.name AS plan_name, s.status, s.billing_period, s.current_period_end, s.cancel_at_period_end, s.provider
      FROM company_members m JOIN subscriptions s ON s.company_id = m.company_id JOIN ${plansIn(`${localeParam}::text`)} p ON p.id = s.plan_id
     WHERE m.user_id = u.id ORDER BY s.created_at DESC LIMIT 1) sub ON true`;

function subscriptionOf(row: CustomerRow): DeskCustomerSubscription | null {
  if (!row.sub_id) return null;
  return {
    id: row.sub_id,
    planId: row.plan_id!,
    planName: row.plan_name!,
    status: row.status!,
    billingPeriod: row.billing_period!,
    currentPeriodEnd: new Date(row.current_period_end!).toISOString(),
    cancelAtPeriodEnd: row.cancel_at_period_end!,
    provider: row.provider!,
  };
}

function summaryOf(row: CustomerRow): DeskCustomerSummary {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    emailVerified: row.email_verified,
    createdAt: new Date(row.created_at).toISOString(),
    subscription: subscriptionOf(row),
  };
}

/** `q` matched literally (no LIKE wildcards) anywhere in the address or the name, without case. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The newest accounts, or those whose address or name contains `q`: at most CUSTOMER_LIST_LIMIT. */
export async function searchCustomers(db: Db, q: string | undefined, locale: Locale): Promise<DeskCustomerSummary[]> {
  const query = q?.trim() ? likePattern(q.trim()) : null;
  const { rows } = await db.query<CustomerRow>(
    `${customerSelect("$2")}
      WHERE $1::text IS NULL OR u.email LIKE $1 OR lower(u.name) LIKE $1
      ORDER BY u.created_at DESC, u.id LIMIT ${CUSTOMER_LIST_LIMIT}`,
    [query, locale],
  );
  return rows.map(summaryOf);
}

export async function findCustomer(db: Db, id: string, locale: Locale): Promise<DeskCustomerSummary | null> {
  const { rows } = await db.query<CustomerRow>(`${customerSelect("$2")} WHERE u.id = $1`, [id, locale]);
  return rows[0] ? summaryOf(rows[0]) : null;
}

/** Sessions that still work: neither past their end nor idle for `idleSeconds`. */
export async function liveSessionCount(db: Db, userId: string, idleSeconds: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM sessions
      WHERE user_id = $1 AND expires_at > now() AND last_seen_at > now() - make_interval(secs => $2)`,
    [userId, idleSeconds],
  );
  return rows[0]!.n;
}

/** The quote requests sent with the address, each under the form's privacy notice; only for a verified address. */
export async function quoteRequestConsents(db: Db, email: string): Promise<DeskConsentRecord[]> {
  const { rows } = await db.query<{ id: number; created_at: Date; page_url: string }>(
    "SELECT id, created_at, page_url FROM contact_requests WHERE email = lower($1) ORDER BY id",
    [email],
  );
  return rows.map((row) => ({
    kind: "quote_request" as const,
    at: new Date(row.created_at).toISOString(),
    detail: `lead:${row.id}${row.page_url ? ` ${row.page_url}` : ""}`,
  }));
}
