import type { Db } from "../db/db";
import type { ProviderName } from "./subscriptions-repository";

/**
 * The payment_customers table: one customer per company and provider (Stripe's cus_…), reused for every checkout.
 * This release leaves user_id empty (the previous release's rows keep theirs).
 */

export async function findCustomer(db: Db, companyId: string, provider: ProviderName): Promise<string | null> {
  const { rows } = await db.query<{ customer_id: string }>("SELECT customer_id FROM payment_customers WHERE company_id = $1 AND provider = $2", [
    companyId,
    provider,
  ]);
  return rows[0]?.customer_id ?? null;
}

/** Records the company's customer at the provider, unless one is recorded already (the first one stays). */
export async function saveCustomer(db: Db, companyId: string, provider: ProviderName, customerId: string): Promise<void> {
  await db.query("INSERT INTO payment_customers (company_id, provider, customer_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", [companyId, provider, customerId]);
}

export async function findCustomerCompany(db: Db, provider: ProviderName, customerId: string): Promise<string | null> {
  const { rows } = await db.query<{ company_id: string }>("SELECT company_id FROM payment_customers WHERE provider = $1 AND customer_id = $2", [
    provider,
    customerId,
  ]);
  return rows[0]?.company_id ?? null;
}

export interface ExportedCustomer {
  provider: ProviderName;
  customer_id: string;
  created_at: Date;
}

/** A company's customers at the providers, oldest first (a data export). */
export async function customersForExport(db: Db, companyId: string): Promise<ExportedCustomer[]> {
  const { rows } = await db.query<ExportedCustomer>("SELECT provider, customer_id, created_at FROM payment_customers WHERE company_id = $1 ORDER BY created_at", [
    companyId,
  ]);
  return rows;
}
