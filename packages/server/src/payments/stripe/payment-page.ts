import type { Stripe } from "stripe";
import { createPortalSession } from "./billing";
import { findCustomer } from "../customers-repository";
import { atStripe, isGoneAtProvider } from "../provider-error";
import type { PortalInput } from "../provider";
import { idOf, type StripeContext } from "./client";
import type { SubscriptionRow } from "../subscriptions-repository";

/**
 * Where a Stripe customer pays or confirms what is owed: the hosted invoice page of the open invoice (it takes a new
 * card or iDEAL payment, and runs 3-D Secure), as Stripe's own reminder mails link to. The invoice is the one the
 * failure named, else the subscription's latest; when neither is open any more, the customer portal, where the card
 * or mandate is changed. Null when Stripe knows no customer of this user.
 */
export async function stripePaymentPage(ctx: StripeContext, subscription: SubscriptionRow, input: PortalInput): Promise<{ url: string } | null> {
  const open = (invoice: Stripe.Invoice | null) => (invoice?.status === "open" && invoice.hosted_invoice_url ? { url: invoice.hosted_invoice_url } : null);
  if (subscription.payment_issue_invoice) {
    const named = await retrieveInvoice(ctx, subscription.payment_issue_invoice);
    if (open(named)) return open(named);
  }
  if (subscription.external_id) {
    const id = subscription.external_id;
    const latest = await atStripe("retrieve subscription", () => ctx.stripe.subscriptions.retrieve(id, { expand: ["latest_invoice"] }));
    const invoice = latest.latest_invoice;
    const found = typeof invoice === "string" ? await retrieveInvoice(ctx, idOf(invoice)!) : (invoice ?? null);
    if (open(found)) return open(found);
  }
  const customer = await findCustomer(ctx.db, input.company.id, "stripe");
  return customer ? createPortalSession(ctx, customer, input) : null;
}

async function retrieveInvoice(ctx: StripeContext, id: string): Promise<Stripe.Invoice | null> {
  try {
    return await atStripe("retrieve invoice", () => ctx.stripe.invoices.retrieve(id));
  } catch (error) {
    if (isGoneAtProvider(error)) return null;
    throw error;
  }
}
