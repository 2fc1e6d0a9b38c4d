import type { Locale } from "@agency/contract";
import type { Db } from "../db/db";
import { checkoutsForExport, type ExportedCheckout } from "./checkouts-repository";
import { customersForExport, type ExportedCustomer } from "./customers-repository";
import { subscriptionsForExport, type ExportedSubscription } from "./subscriptions-repository";

export interface UserPaymentRecords {
  subscriptions: ExportedSubscription[];
  customers: ExportedCustomer[];
  checkouts: ExportedCheckout[];
}

/** Every subscription (ended ones too), payment customer and checkout of a user, oldest first: their data export. */
export async function userPaymentRecords(db: Db, userId: string, locale: Locale): Promise<UserPaymentRecords> {
  return {
    subscriptions: await subscriptionsForExport(db, userId, locale),
    customers: await customersForExport(db, userId),
    checkouts: await checkoutsForExport(db, userId),
  };
}
