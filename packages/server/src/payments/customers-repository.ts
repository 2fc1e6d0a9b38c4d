import type { Db } from "../db/db";
import type { ProviderName } from "./subscriptions-repository";

/** The payment_customers table: one customer per user and provider (Stripe's cus_…), reused for every checkout. */

export async function findCustomer(db: Db, userId: string, provider: ProviderName): Promise<string | null> {
  const { rows } = await db.query<{ customer_id: string }>("SELECT customer_id FROM payment_customers WHERE user_id = $1 AND provider = $2", [userId, provider]);
  return rows[0]?.customer_id ?? null;
}

/** Records the user's customer at the provider, unless one is recorded already (the first one stays). */
export async function saveCustomer(db: Db, userId: string, provider: ProviderName, customerId: string): Promise<void> {
  await db.query("INSERT INTO payment_customers (user_id, provider, customer_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", [userId, provider, customerId]);
}

export async function findCustomerUser(db: Db, provider: ProviderName, customerId: string): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>("SELECT user_id FROM payment_customers WHERE provider = $1 AND customer_id = $2", [provider, customerId]);
  return rows[0]?.user_id ?? null;
}

export interface ExportedCustomer {
  provider: ProviderName;
  customer_id: string;
  created_at: Date;
}

/** A user's customers at the providers, oldest first (their data export). */
export async function customersForExport(db: Db, userId: string): Promise<ExportedCustomer[]> {
  const { rows } = await db.query<ExportedCustomer>("SELECT provider, customer_id, created_at FROM payment_customers WHERE user_id = $1 ORDER BY created_at", [
    userId,
  ]);
  return rows;
}
