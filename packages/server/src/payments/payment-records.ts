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
 * Every subscription (ended ones too) and payment customer of the member's company, the test provider's billing
 * details and invoices of it, and the checkouts the member opened, oldest first: a member's data export.
 */
export async function userPaymentRecords(db: Db, account: { userId: string; companyId: string }, locale: Locale): Promise<UserPaymentRecords> {
  return {
    subscriptions: await subscriptionsForExport(db, account.companyId, locale),
    customers: await customersForExport(db, account.companyId),
    checkouts: await checkoutsForExport(db, account.userId),
    billingDetails: await findBillingDetails(db, account.companyId),
    paymentMethod: await findLocalPaymentMethod(db, account.companyId),
    invoices: (await listLocalInvoices(db, account.companyId)).toReversed(),
  };
}
