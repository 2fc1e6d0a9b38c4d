import type { FastifyInstance } from "fastify";
import { createPasswordReset, createUser, findUserByEmail, setPassword } from "../accounts/repository";
import { accountLink, ACCOUNT_TOPICS, queueLinkMail } from "../accounts/mails";
import type { Db } from "../db/db";
import { insertAuditEntry } from "../desk/audit-repository";
import { hashPassword, randomToken, sha256 } from "../lib/crypto";
import { welcomeMail } from "../mail/offer-templates";
import { findInvoice, markInvoicePaid } from "../payments/invoices-repository";
import type { CompletedPayment, PaymentOutcome } from "../payments/one-off";
import { issueInvoice } from "../payments/package-invoices";
import { createCompany, findCompany, membershipOf } from "../teams/repository";
import { queueOfferMail } from "./mails";
import { activePackageOf, holdPackage } from "./packages-repository";
import { findOffer, updateOffer, type OfferRow } from "./repository";
import { invoiceLines } from "./texts";

/**
 * What the payments of a package sale do, called by either provider in the transaction that records the payment:
 * the deposit places the order (the company holds the package, the deposit invoice is written, both sides get the
 * signed offer), an invoice's payment settles it, and a mandate is kept for the monthly fee. A second payment of
 * something already paid is refused, and its provider refunds it.
 */

/** How long the link of the mail to choose a password for an account made with an order works. */
const WELCOME_LINK_MS = 7 * 24 * 60 * 60 * 1000;

const refused: PaymentOutcome = { accepted: false, companyId: null, mailIds: [] };
const actorOf = (payment: CompletedPayment) => (payment.provider === "stripe" ? "stripe" : "test provider");

/**
 * The company the order is for: the one fixed with the signature (an upgrade's, or the company of the address's
 * account); else a new account for the address with a company of its own (named as the offer names it). The account
 * of an address nobody has proven yet is not trusted with the order: whoever registered it may not be the address's
 * owner, so its sessions end and its password stops working. A new or such an account gets a mail to choose its
 * password; following it proves the mailbox.
 */
async function orderingCompany(app: FastifyInstance, tx: Db, offer: OfferRow): Promise<{ id: string; mailIds: number[] }> {
  const existing = await findUserByEmail(tx, offer.email);
  const companyId = offer.company_id ?? (existing ? ((await membershipOf(tx, existing.id))?.id ?? null) : null);
  if (existing?.email_verified_at && companyId) return { id: companyId, mailIds: [] };
  // Nobody knows this password: the account is opened with the mailed link, which sets one.
  const lockedHash = await hashPassword(randomToken());
  if (existing && !existing.email_verified_at) {
    await app.sessions.revokeAll(existing.id, tx);
    await setPassword(tx, existing.id, lockedHash);
  }
  const user = existing ?? (await createUser(tx, { email: offer.email, name: offer.name, passwordHash: lockedHash, locale: offer.locale }));
  if (!user) throw new Error(`Could not make an account for offer ${offer.id}`);
  const company = companyId ?? (await createCompany(tx, { name: offer.company_name ?? offer.name, ownerId: user.id })).id;
  const token = randomToken();
  const expiresAt = new Date(Date.now() + WELCOME_LINK_MS);
  await createPasswordReset(tx, { tokenHash: sha256(token), userId: user.id, expiresAt });
  const link = accountLink(app.config.publicUrl, offer.base_path, "reset-password", token, offer.locale);
  const mailId = await queueLinkMail(app.outbox, tx, {
    userId: user.id,
    topic: ACCOUNT_TOPICS.reset,
    to: offer.email,
    content: welcomeMail(offer.locale, { name: offer.name, email: offer.email, link, existing: existing !== null }),
    link,
    expiresAt,
  });
  return { id: company, mailIds: [mailId] };
}

/** The deposit is paid: the order is placed. */
async function depositPaid(app: FastifyInstance, tx: Db, payment: CompletedPayment): Promise<PaymentOutcome> {
  const offer = await findOffer(tx, payment.checkout.reference, { lock: true });
  if (!offer || offer.status !== "accepted" || offer.paid_at) return refused;
  const company = await orderingCompany(app, tx, offer);
  const companyRow = await findCompany(tx, company.id);
  // An upgrade's monthly fee goes on with the mandate the package has.
  const held = offer.kind === "upgrade" ? await activePackageOf(tx, company.id) : null;
  const heldMandate = held?.offerId ? ((await findOffer(tx, held.offerId))?.mandate_ref ?? null) : null;
  const invoice = await issueInvoice(tx, {
    kind: "deposit",
    provider: payment.provider,
    companyId: company.id,
    offerId: offer.id,
    customer: {
      name: offer.name,
      company: companyRow?.name ?? offer.company_name,
      email: offer.email,
      vatNumber: companyRow?.vat_id ?? null,
      kvkNumber: companyRow?.kvk_number ?? null,
    },
    locale: offer.locale,
    vatRate: offer.vat_rate,
    lines: invoiceLines(offer, "deposit"),
    issuedAt: payment.at,
    paid: { at: payment.at, externalId: payment.paymentRef },
  });
  await updateOffer(tx, offer.id, { paid_at: payment.at, company_id: company.id, mandate_ref: payment.mandateRef ?? offer.mandate_ref ?? heldMandate ?? undefined });
  await holdPackage(tx, company.id, offer.package, offer.id, payment.at, offer.kind === "upgrade");
  await insertAuditEntry(tx, {
    actor: actorOf(payment),
    action: "offer.paid",
    target: `offer:${offer.id}`,
    detail: { invoice: invoice.number, totalCents: invoice.total_cents, mandate: payment.mandateRef !== null },
    ip: "",
  });
  const mailIds = [
    ...company.mailIds,
    await queueOfferMail(app.outbox, tx, { offerId: offer.id, kind: "signed", invoiceId: invoice.id }),
    await queueOfferMail(app.outbox, tx, { offerId: offer.id, kind: "signed_agency" }),
  ];
  return { accepted: true, companyId: company.id, mailIds };
}

/** An invoice is paid (an offer's balance); paid with iDEAL, it leaves the mandate for the monthly fee too. */
async function invoicePaid(tx: Db, payment: CompletedPayment): Promise<PaymentOutcome> {
  const invoice = await findInvoice(tx, payment.checkout.reference, { lock: true });
  if (!invoice || !(await markInvoicePaid(tx, invoice.id, payment.at, payment.paymentRef))) return refused;
  if (invoice.offer_id) {
    const offer = await findOffer(tx, invoice.offer_id, { lock: true });
    if (offer && payment.mandateRef && !offer.mandate_ref) await updateOffer(tx, offer.id, { mandate_ref: payment.mandateRef });
    await insertAuditEntry(tx, {
      actor: actorOf(payment),
      action: invoice.kind === "balance" ? "offer.balance_paid" : "offer.invoice_paid",
      target: `offer:${invoice.offer_id}`,
      detail: { invoice: invoice.number, totalCents: invoice.total_cents },
      ip: "",
    });
  }
  return { accepted: true, companyId: invoice.company_id, mailIds: [] };
}

/** The customer gave a SEPA Direct Debit mandate for the monthly fee (the deposit was paid by card). */
async function mandateGiven(tx: Db, payment: CompletedPayment): Promise<PaymentOutcome> {
  const offer = await findOffer(tx, payment.checkout.reference, { lock: true });
  if (!offer || !payment.mandateRef) return { accepted: true, companyId: offer?.company_id ?? null, mailIds: [] };
  await updateOffer(tx, offer.id, { mandate_ref: payment.mandateRef });
  await insertAuditEntry(tx, { actor: actorOf(payment), action: "offer.mandate", target: `offer:${offer.id}`, detail: {}, ip: "" });
  return { accepted: true, companyId: offer.company_id, mailIds: [] };
}

/** Registers what the payments of a package sale do, for both providers. */
export function registerOfferPayments(app: FastifyInstance): void {
  app.payments.handlers.register("offer_deposit", (tx, payment) => depositPaid(app, tx, payment));
  app.payments.handlers.register("invoice", invoicePaid);
  app.payments.handlers.register("mandate", mandateGiven);
}
