import type { FastifyInstance, FastifyRequest } from "fastify";
import { basePathFrom, TERMS_VERSION } from "@agency/contract";
import { findUserByEmail } from "../accounts/repository";
import { say } from "../i18n";
import { ApiError } from "../lib/api-error";
import { offerInvoices, type InvoiceRow } from "../payments/invoices-repository";
import type { PaymentCheckoutInput, PaymentPurpose } from "../payments/one-off";
import { openPaymentCheckouts } from "../payments/payment-checkouts-repository";
import { liveSubscription } from "../payments/subscriptions-repository";
import { membershipOf } from "../teams/repository";
import { buyingCompany } from "./buyer";
import { offerLink } from "./mails";
import { findOfferByToken, updateOffer, type OfferRow } from "./repository";
import { amountsOf, packageName } from "./texts";

/**
 * The customer's side of an offer, reached through the mailed link without a session (the token is the
 * authorisation): opening it, signing it (name and agreement to the terms, kept with the time and address), paying
 * the deposit, later the balance, and giving a direct debit mandate; or declining it.
 */

const texts = {
  deposit: /*i18n*/ { id: "offer.checkout.deposit", message: "Deposit (50%) of offer {number}: {package} package" },
  invoice: /*i18n*/ { id: "offer.checkout.invoice", message: "Invoice {number}" },
  mandate: /*i18n*/ { id: "offer.checkout.mandate", message: "SEPA Direct Debit mandate for the monthly fee of the {package} package" },
};

/** The offer of a link, as its customer may see it: never one still waiting for staff (an upgrade asked for). */
async function offerOfLink(app: FastifyInstance, token: string, { lock = false, tx = app.db } = {}): Promise<OfferRow> {
  const offer = await findOfferByToken(tx, token, { lock });
  if (!offer || offer.status === "requested") throw new ApiError(404, "offers.not_found");
  return offer;
}

/** Opening the link: a sent offer is marked viewed, once, in the audit log. An expired one answers 410. */
export async function viewOffer(app: FastifyInstance, request: FastifyRequest, token: string): Promise<OfferRow> {
  const offer = await offerOfLink(app, token);
  if (offer.status === "expired") throw new ApiError(410, "offers.expired");
  if (offer.status !== "sent") return offer;
  return app.db.transaction(async (tx) => {
    const locked = await offerOfLink(app, token, { lock: true, tx });
    if (locked.status !== "sent") return locked;
    await app.audit(request, { actor: locked.email, action: "offer.viewed", target: `offer:${locked.id}` }, tx);
    return updateOffer(tx, locked.id, { status: "viewed", viewed_at: new Date() });
  });
}

/** Why an offer cannot be signed now, or null. */
function signProblem(offer: OfferRow): ApiError | null {
  if (offer.status === "expired") return new ApiError(410, "offers.expired");
  if (offer.status === "declined") return new ApiError(409, "offers.declined");
  if (offer.signed_at || offer.status === "accepted" || offer.status === "delivered") return new ApiError(409, "offers.already_accepted");
  return null;
}

/** The company of the offer's address, when it has an account: a new package for it must not meet another subscription. */
async function subscriptionConflict(app: FastifyInstance, offer: OfferRow): Promise<boolean> {
  if (offer.kind === "upgrade") return false;
  const user = await findUserByEmail(app.db, offer.email);
  const team = user ? await membershipOf(app.db, user.id) : null;
  return team ? (await liveSubscription(app.db, team.id)) !== null : false;
}

/**
 * Signing: the name and the agreement, with the time, the address and the version of the terms, once (a second
 * signature, also one sent at the same moment, is refused); then the deposit's checkout.
 */
export async function acceptOffer(app: FastifyInstance, request: FastifyRequest, token: string, name: string): Promise<{ checkoutUrl: string }> {
  const found = await offerOfLink(app, token);
  const early = signProblem(found);
  if (early) throw early;
  const allowed = await buyingCompany(app.db, found.email, found.company_id);
  if ("problem" in allowed) throw allowed.problem;
  if (await subscriptionConflict(app, found)) throw new ApiError(409, "offers.has_subscription");
  const signed = await app.db.transaction(async (tx) => {
    const offer = await offerOfLink(app, token, { lock: true, tx });
    const problem = signProblem(offer);
    if (problem) throw problem;
    // The company is fixed with the signature: the one the signing address may buy for.
    const buyer = await buyingCompany(tx, offer.email, offer.company_id);
    if ("problem" in buyer) throw buyer.problem;
    const at = new Date();
    await app.audit(request, { actor: offer.email, action: "offer.accepted", target: `offer:${offer.id}`, detail: { name, terms: TERMS_VERSION } }, tx);
    return updateOffer(tx, offer.id, {
      status: "accepted",
      signed_name: name,
      signed_at: at,
      signed_ip: request.ip,
      terms_version: TERMS_VERSION,
      ...(buyer.companyId ? { company_id: buyer.companyId } : {}),
    });
  });
  return startCheckout(app, request, signed, "deposit");
}

/** What the offer's customer can pay now: the deposit of a signed offer, else an open balance invoice. */
export function payableOf(offer: OfferRow, invoices: InvoiceRow[]): { kind: "deposit" } | { kind: "balance"; invoice: InvoiceRow } | null {
  if (offer.status === "accepted" && !offer.paid_at) return { kind: "deposit" };
  const balance = invoices.find((invoice) => invoice.kind === "balance" && invoice.status === "open");
  return balance ? { kind: "balance", invoice: balance } : null;
}

/** Pays what is due now (a tab closed during the deposit's payment, the balance's mail): a new checkout. */
export async function payOffer(app: FastifyInstance, request: FastifyRequest, token: string): Promise<{ checkoutUrl: string }> {
  const offer = await offerOfLink(app, token);
  if (offer.status === "expired") throw new ApiError(410, "offers.expired");
  const payable = payableOf(offer, await offerInvoices(app.db, offer.id));
  if (!payable) throw new ApiError(409, "offers.not_payable");
  if (payable.kind === "deposit") {
    // The role may have changed since the signature: the deposit places the order for the company.
    const buyer = await buyingCompany(app.db, offer.email, offer.company_id);
    if ("problem" in buyer) throw buyer.problem;
  }
  return startCheckout(app, request, offer, payable.kind, payable.kind === "balance" ? payable.invoice : undefined);
}

/** A direct debit mandate for the monthly fee, when the deposit was paid by card. */
export async function giveMandate(app: FastifyInstance, request: FastifyRequest, token: string): Promise<{ checkoutUrl: string }> {
  const offer = await offerOfLink(app, token);
  if (!offer.paid_at) throw new ApiError(409, "offers.not_paid");
  if (offer.mandate_ref) throw new ApiError(409, "offers.mandate_exists");
  return startCheckout(app, request, offer, "mandate");
}

/** Declining: only an offer that is open (sent or viewed); the reason is kept for staff. */
export async function declineOffer(app: FastifyInstance, request: FastifyRequest, token: string, reason: string | undefined): Promise<OfferRow> {
  return app.db.transaction(async (tx) => {
    const offer = await offerOfLink(app, token, { lock: true, tx });
    const problem = signProblem(offer);
    if (problem) throw problem;
    await app.audit(request, { actor: offer.email, action: "offer.declined", target: `offer:${offer.id}`, detail: reason ? { reason } : {} }, tx);
    return updateOffer(tx, offer.id, { status: "declined", declined_at: new Date(), decline_reason: reason?.trim() || null });
  });
}

const PURPOSE: Record<"deposit" | "balance" | "mandate", PaymentPurpose> = { deposit: "offer_deposit", balance: "invoice", mandate: "mandate" };

/**
 * A checkout at the provider that takes new payments. An older open checkout of the same thing is closed first, so
 * an old tab cannot pay it too (one paid at the same moment anyway is refunded, see payments.ts).
 */
async function startCheckout(
  app: FastifyInstance,
  request: FastifyRequest,
  offer: OfferRow,
  what: "deposit" | "balance" | "mandate",
  invoice?: InvoiceRow,
): Promise<{ checkoutUrl: string }> {
  const provider = app.payments.checkout;
  const purpose = PURPOSE[what];
  const reference = invoice?.id ?? offer.id;
  for (const open of await openPaymentCheckouts(app.db, purpose, reference)) {
    await (open.provider === "local" ? app.payments.local : provider).expirePaymentCheckout(open);
  }
  const user = offer.company_id ? null : await findUserByEmail(app.db, offer.email);
  const companyId = offer.company_id ?? (user ? ((await membershipOf(app.db, user.id))?.id ?? null) : null);
  const page = offerLink(app.config.publicUrl, { ...offer, base_path: basePathFrom(request.url.split("?")[0] ?? "/") });
  const amounts = amountsOf(offer);
  const values = { number: invoice?.number ?? offer.number, package: packageName(offer.package) };
  const input: PaymentCheckoutInput = {
    purpose,
    reference,
    company: companyId ? { id: companyId } : null,
    email: offer.email,
    name: offer.name,
    amountCents: what === "deposit" ? amounts.deposit.totalCents : what === "balance" ? invoice!.total_cents : 0,
    description: say(offer.locale, what === "deposit" ? texts.deposit : what === "balance" ? texts.invoice : texts.mandate, values),
    locale: offer.locale,
    successUrl: `${page}&paid=${what}`,
    cancelUrl: page,
    apiBaseUrl: `${app.config.publicUrl}${basePathFrom(request.url.split("?")[0] ?? "/")}api`,
    // Paid with iDEAL, the payment leaves the mandate the monthly fee is collected with, unless there is one.
    keepMandate: !offer.mandate_ref,
  };
  return provider.createPaymentCheckout(input);
}
