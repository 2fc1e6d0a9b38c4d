import type { Locale } from "@agency/contract";
import type { Db } from "../db/db";
import { checkoutsForExport, type ExportedCheckout } from "./checkouts-repository";
import { customersForExport, type ExportedCustomer } from "./customers-repository";
import { findBillingDetails, listLocalInvoices, type BillingDetails, type LocalInvoiceRow } from "./local/billing-repository";
import { findLocalPaymentMethod, type LocalPaymentMethodRow } from "./local/payment-methods";
import { subscriptionsForExport, type ExportedSubscription } from "./subscriptions-repository";

export interface UserPaymentRecords {
  subscriptions: ExportedSubscription[];
  customers: ExportedCustomer[];
  checkouts: ExportedCheckout[];
  billingDetails: BillingDetails | null;
  /** How the test provider's customer pays: a test card, or the test SEPA mandate iDEAL set up. */
  paymentMethod: LocalPaymentMethodRow | null;
  /** The test provider's invoices, oldest first. */
  invoices: LocalInvoiceRow[];
}

/**
 * Every subscription (ended ones too), payment customer and checkout of a user, and the test provider's billing
 * details and invoices, oldest first: their data export.
 */
export async function userPaymentRecords(db: Db, userId: string, locale: Locale): Promise<UserPaymentRecords> {
  return {
    subscriptions: await subscriptionsForExport(db, userId, locale),
    customers: await customersForExport(db, userId),
    checkouts: await checkoutsForExport(db, userId),
    billingDetails: await findBillingDetails(db, userId),
    paymentMethod: await findLocalPaymentMethod(db, userId),
    invoices: (await listLocalInvoices(db, userId)).toReversed(),
  };
}
