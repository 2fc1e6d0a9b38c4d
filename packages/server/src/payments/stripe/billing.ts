import { createHash } from "node:crypto";
import type { Stripe } from "stripe";
import { INVOICE_STATUSES, type Invoice, type InvoiceStatus } from "@agency/contract";
import type { PortalInput } from "../provider";
import { atStripe } from "../provider-error";
import { listPlans } from "../plans-repository";
import { idOf, type StripeContext } from "./client";

/**
 * Stripe's customer portal and invoice list. The portal's configuration is made by the server, not clicked together
 * in the dashboard: card update, invoice history, billing address and VAT number, and a switch between the
 * monthly and yearly price of each plan with proration. Cancelling stays on the site's own settings page, which
 * asks for confirmation and says what happens.
 */

/** Marks the configurations this server made; the value is a hash of their parameters. */
const CONFIGURATION_TAG = "agency_portal";

/** Per client (one per process): the id of the configuration for the current parameters, once found or made. */
const configurations = new WeakMap<Stripe, Promise<string>>();

/** Every price a customer may switch between, grouped by product (the portal offers switches within a product). */
async function switchablePrices(ctx: StripeContext): Promise<Stripe.BillingPortal.ConfigurationCreateParams.Features.SubscriptionUpdate.Product[]> {
  const priceIds = new Set<string>();
  for (const plan of await listPlans(ctx.db)) {
    const monthly = plan.stripe_price_monthly ?? ctx.settings.priceMonthly;
    const yearly = plan.stripe_price_yearly ?? ctx.settings.priceYearly;
    if (monthly) priceIds.add(monthly);
    if (yearly) priceIds.add(yearly);
  }
  const byProduct = new Map<string, string[]>();
  for (const id of priceIds) {
    const price = await atStripe("retrieve price", () => ctx.stripe.prices.retrieve(id));
    const product = idOf(price.product);
    if (product) byProduct.set(product, [...(byProduct.get(product) ?? []), id]);
  }
  return [...byProduct].map(([product, prices]) => ({ product, prices }));
}

async function portalParameters(ctx: StripeContext): Promise<Stripe.BillingPortal.ConfigurationCreateParams> {
  return {
    business_profile: { privacy_policy_url: `${ctx.publicUrl}/privacy-policy`, terms_of_service_url: `${ctx.publicUrl}/terms` },
    features: {
      payment_method_update: { enabled: true },
      invoice_history: { enabled: true },
      // The account's e-mail address is the login; it is changed on the site, not at Stripe.
      customer_update: { enabled: true, allowed_updates: ["address", "tax_id", "name"] },
      subscription_update: {
        enabled: true,
        default_allowed_updates: ["price"],
        proration_behavior: "create_prorations",
        products: await switchablePrices(ctx),
      },
      subscription_cancel: { enabled: false },
    },
  };
}

/**
 * The configuration's id: one this server made earlier with the same parameters (found by its tag, so restarts and
 * other instances reuse it instead of piling up copies), else a new one.
 */
async function findOrCreateConfiguration(ctx: StripeContext): Promise<string> {
  const params = await portalParameters(ctx);
  const tag = createHash("sha256").update(JSON.stringify(params)).digest("hex").slice(0, 32);
  for await (const existing of ctx.stripe.billingPortal.configurations.list({ active: true, limit: 100 })) {
    if (existing.metadata?.[CONFIGURATION_TAG] === tag) return existing.id;
  }
  const created = await atStripe("create portal configuration", () =>
    ctx.stripe.billingPortal.configurations.create({ ...params, metadata: { [CONFIGURATION_TAG]: tag } }, { idempotencyKey: `portal-configuration-${tag}` }),
  );
  return created.id;
}

function portalConfiguration(ctx: StripeContext): Promise<string> {
  let pending = configurations.get(ctx.stripe);
  if (!pending) {
    pending = atStripe("list portal configurations", () => findOrCreateConfiguration(ctx));
    // A failure is not remembered: the next visit tries again.
    pending.catch(() => configurations.delete(ctx.stripe));
    configurations.set(ctx.stripe, pending);
  }
  return pending;
}

export async function createPortalSession(ctx: StripeContext, customer: string, input: PortalInput): Promise<{ url: string }> {
  const configuration = await portalConfiguration(ctx);
  const session = await atStripe("create portal session", () =>
    ctx.stripe.billingPortal.sessions.create({ customer, configuration, return_url: input.returnUrl, locale: input.locale }),
  );
  return { url: session.url };
}

const isInvoiceStatus = (status: string | null): status is InvoiceStatus => (INVOICE_STATUSES as readonly unknown[]).includes(status);

/**
 * The customer's invoices as Stripe lists them, newest first (the last two years of a monthly plan). A status Stripe
 * may add later reads as open.
 */
export async function listStripeInvoices(ctx: StripeContext, customer: string): Promise<Invoice[]> {
  const page = await atStripe("list invoices", () => ctx.stripe.invoices.list({ customer, limit: 24 }));
  return page.data.map((invoice) => ({
    id: invoice.id ?? "",
    number: invoice.number ?? null,
    created_at: new Date(invoice.created * 1000).toISOString(),
    total: invoice.total / 100,
    currency: invoice.currency.toUpperCase(),
    status: isInvoiceStatus(invoice.status) ? invoice.status : "open",
    pdf_url: invoice.invoice_pdf ?? null,
  }));
}
