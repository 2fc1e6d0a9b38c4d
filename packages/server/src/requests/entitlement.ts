import { LIVE_STATUSES, type PackageId } from "@agency/contract";
import type { Db } from "../db/db";
import { activePackageOf } from "../offers/packages-repository";
import { subscriptionAccess } from "../payments/payment-attention";
import type { SubscriptionRow } from "../payments/subscriptions-repository";

/**
 * What a company has bought that the requests area needs to know: its package (Starter, Professional, Enterprise)
 * and whether its Pro plan subscription gives access now. This file is the one place the requests area learns it
 * (see README.md): the package from the packages sold through offers (activePackageOf), and the Pro plan from the
 * company's live plan subscription (a package's monthly fee is a subscription too, but no Pro plan), with the payment
 * grace period (PAST_DUE_GRACE_DAYS) the portal applies.
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

/** The company's package now (Starter, Professional, Enterprise), or null: the one place the requests area reads it. */
export async function packageOf(db: Db, companyId: string): Promise<PackageId | null> {
  return (await activePackageOf(db, companyId))?.id ?? null;
}

/** Each company's entitlement, by id (every id asked for is in the map). */
export async function companyEntitlements(db: Db, companyIds: readonly string[], options: EntitlementOptions): Promise<Map<string, Entitlement>> {
  const now = options.now ?? new Date();
  const ids = [...new Set(companyIds)];
  const result = new Map(ids.map((id) => [id, { ...NONE }]));
  if (ids.length === 0) return result;
  // One after the other: `db` may be a transaction's client, which takes one query at a time.
  for (const id of ids) result.get(id)!.package = await packageOf(db, id);
  const subscriptions = await db.query<Pick<SubscriptionRow, "company_id" | "status" | "payment_issue" | "payment_issue_since">>(
    `SELECT s.company_id, s.status, s.payment_issue, s.payment_issue_since
       FROM subscriptions s JOIN plans p ON p.id = s.plan_id AND p.kind = 'plan'
      WHERE s.company_id = ANY ($1::uuid[]) AND s.status = ANY ($2::text[])`,
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
