import { PACKAGES, type PackageId } from "@agency/contract";
import type { Db } from "../db/db";

/**
 * The package a company holds (company_packages): from the moment its deposit is paid, moved up by an upgrade's. A
 * package whose monthly fee has ended (cancelled, or never paid) is held no more.
 */

export interface HeldPackage {
  id: PackageId;
  name: string;
  /** When the deposit of the offer that gave it was paid. */
  since: Date;
  /** Its work is delivered and its monthly fee runs. */
  delivered: boolean;
  offerId: string | null;
  subscriptionId: string | null;
}

/**
 * The package a company holds now, or null: Starter, Professional or Enterprise. Support uses it for a request's
 * priority (Professional and Enterprise) and for Enterprise's monthly allowance of content updates.
 */
export async function activePackageOf(db: Db, companyId: string): Promise<HeldPackage | null> {
  const { rows } = await db.query<{ package: PackageId; since: Date; offer_id: string | null; subscription_id: string | null; ended: boolean }>(
    `SELECT p.package, p.since, p.offer_id, p.subscription_id, coalesce(s.status IN ('canceled', 'incomplete_expired'), false) AS ended
       FROM company_packages p LEFT JOIN subscriptions s ON s.id = p.subscription_id
      WHERE p.company_id = $1`,
    [companyId],
  );
  const row = rows[0];
  if (!row || row.ended) return null;
  return {
    id: row.package,
    name: PACKAGES.find((p) => p.id === row.package)!.name,
    since: row.since,
    delivered: row.subscription_id !== null,
    offerId: row.offer_id,
    subscriptionId: row.subscription_id,
  };
}

/**
 * The company holds `pkg` from `since` on: a first package (whose monthly fee starts at its delivery), or an upgrade,
 * which keeps the running monthly fee (`upgrade`).
 */
export async function holdPackage(tx: Db, companyId: string, pkg: PackageId, offerId: string, since: Date, upgrade: boolean): Promise<void> {
  await tx.query(
    `INSERT INTO company_packages (company_id, package, offer_id, since) VALUES ($1, $2, $3, $4)
     ON CONFLICT (company_id) DO UPDATE SET package = excluded.package, offer_id = excluded.offer_id, since = excluded.since,
       subscription_id = CASE WHEN $5 THEN company_packages.subscription_id END`,
    [companyId, pkg, offerId, since, upgrade],
  );
}

/** The package's monthly fee runs as this subscription. */
export async function setPackageSubscription(tx: Db, companyId: string, subscriptionId: string): Promise<void> {
  await tx.query("UPDATE company_packages SET subscription_id = $2 WHERE company_id = $1", [companyId, subscriptionId]);
}
