import type { BillingPeriod, Locale, Plan } from "@agency/contract";
import type { Db } from "../db/db";

/** The plans table and its texts per language (plan_translations). */

export interface PlanRow {
  id: string;
  /** In the language asked for, else the plan's own (English) text. */
  name: string;
  description: string;
  features: string[] | Record<string, string | boolean>;
  price_monthly_cents: number;
  price_yearly_cents: number;
  currency: string;
  stripe_price_monthly: string | null;
  stripe_price_yearly: string | null;
  active: boolean;
  sort_order: number;
  /** A plan bought on the subscribe page, or a package's monthly fee. */
  kind: "plan" | "package";
}

/**
 * The plans as a table with their texts in the language `locale` names (an SQL expression: a parameter such as
 * `$1`, or a column such as `u.locale`), falling back to the plan's own texts, which are English; a null locale
 * gives the plan's own texts. The one place that joins plan_translations: read plans as `FROM ${plansIn("$1")} p`,
 * or with a column of another table as `JOIN LATERAL ${plansIn("u.locale")} p ON p.id = s.plan_id`.
 */
export function plansIn(locale: string): string {
  return `(SELECT pl.id, pl.price_monthly_cents, pl.price_yearly_cents, pl.currency, pl.stripe_price_monthly,
                  pl.stripe_price_yearly, pl.active, pl.sort_order, pl.kind,
                  coalesce(tr.name, pl.name) AS name, coalesce(tr.description, pl.description) AS description,
                  coalesce(tr.features, pl.features) AS features
             FROM plans pl LEFT JOIN plan_translations tr ON tr.plan_id = pl.id AND tr.locale = ${locale})`;
}

export const centsToAmount = (cents: number) => Math.round(cents) / 100;

export function publicPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price_monthly: centsToAmount(row.price_monthly_cents),
    price_yearly: centsToAmount(row.price_yearly_cents),
    currency: row.currency,
    features: row.features,
  };
}

export function priceCents(plan: Pick<PlanRow, "price_monthly_cents" | "price_yearly_cents">, period: BillingPeriod): number {
  return period === "yearly" ? plan.price_yearly_cents : plan.price_monthly_cents;
}

/** The plans on sale, in display order. */
export async function listPlans(db: Db, locale: Locale | null = null): Promise<PlanRow[]> {
  const { rows } = await db.query<PlanRow>(`SELECT * FROM ${plansIn("$1::text")} p WHERE p.active ORDER BY p.sort_order, p.id`, [locale]);
  return rows;
}

export async function findPlan(db: Db, id: string, { activeOnly = true, locale = null }: { activeOnly?: boolean; locale?: Locale | null } = {}): Promise<PlanRow | null> {
  const { rows } = await db.query<PlanRow>(`SELECT * FROM ${plansIn("$1::text")} p WHERE p.id = $2 ${activeOnly ? "AND p.active" : ""}`, [locale, id]);
  return rows[0] ?? null;
}
