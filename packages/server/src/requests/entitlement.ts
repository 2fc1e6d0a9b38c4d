import { LIVE_STATUSES, type PackageId } from "@agency/contract";
import type { Db } from "../db/db";
import { subscriptionAccess } from "../payments/payment-attention";
import type { SubscriptionRow } from "../payments/subscriptions-repository";

/**
 * What a company has bought that the requests area needs to know: its package (Starter, Professional, Enterprise)
 * and whether its Pro plan subscription gives access now. This file is the one place the requests area learns it
 * (see README.md): the package from `request_packages`, which the packages sold through offers fill, and the Pro plan
 * from the company's live subscription, with the payment grace period (PAST_DUE_GRACE_DAYS) the portal applies.
 */
export interface Entitlement {
  package: PackageId | null;
  proPlan: boolean;
}

export interface EntitlementOptions {
  /** PAST_DUE_GRACE_DAYS (config.billing.pastDueGraceDays). */
  graceDays: number;
  now?: Date;
}

const NONE: Entitlement = { package: null, proPlan: false };

/**
 * The company's package now (Starter, Professional, Enterprise), or null. The one place a package is read: when the
 * packages sold through offers have their own `activePackageOf(db, companyId)`, the query below becomes
 * `return activePackageOf(db, companyId);` and nothing else in the requests area changes.
 */
export async function packageOf(db: Db, companyId: string, now: Date): Promise<PackageId | null> {
  return (
    await db.query<{ package: PackageId }>(
      "SELECT package FROM request_packages WHERE company_id = $1 AND (active_until IS NULL OR active_until > $2)",
      [companyId, now],
    )
  ).rows[0]?.package ?? null;
}

/** Each company's entitlement, by id (every id asked for is in the map). */
export async function companyEntitlements(db: Db, companyIds: readonly string[], options: EntitlementOptions): Promise<Map<string, Entitlement>> {
  const now = options.now ?? new Date();
  const ids = [...new Set(companyIds)];
  const result = new Map(ids.map((id) => [id, { ...NONE }]));
  if (ids.length === 0) return result;
  // One after the other: `db` may be a transaction's client, which takes one query at a time.
  for (const id of ids) result.get(id)!.package = await packageOf(db, id, now);
  const subscriptions = await db.query<Pick<SubscriptionRow, "company_id" | "status" | "payment_issue" | "payment_issue_since">>(
    "SELECT company_id, status, payment_issue, payment_issue_since FROM subscriptions WHERE company_id = ANY ($1::uuid[]) AND status = ANY ($2::text[])",
    [ids, LIVE_STATUSES],
  );
  for (const row of subscriptions.rows) {
    if (subscriptionAccess(row, options.graceDays, now).has_access) result.get(row.company_id)!.proPlan = true;
  }
  return result;
}

export async function companyEntitlement(db: Db, companyId: string, options: EntitlementOptions): Promise<Entitlement> {
  return (await companyEntitlements(db, [companyId], options)).get(companyId)!;
}

/** Whether the company may file requests and write in them: an active subscription or a package. */
export const mayFile = (entitlement: Entitlement): boolean => entitlement.proPlan || entitlement.package !== null;
