import type { FastifyInstance, FastifyRequest } from "fastify";
import { PAYMENT_TERM_DAYS } from "@agency/contract";
import { findUserByEmail } from "../accounts/repository";
import { insertAuditEntry } from "../desk/audit-repository";
import { ApiError } from "../lib/api-error";
import { DuplicateSubscription } from "../payments/fulfilment";
import { claimOverdueBalances, offerInvoices } from "../payments/invoices-repository";
import { firstOfNextMonth, type PackageChange, type PackageStart } from "../payments/one-off";
import { companyCustomer, issueInvoice } from "../payments/package-invoices";
import { findPlan } from "../payments/plans-repository";
import { liveSubscription, subscriptionById } from "../payments/subscriptions-repository";
import { queueOfferMail } from "./mails";
import { activePackageOf, setPackageSubscription } from "./packages-repository";
import { expireOffers, findOffer, updateOffer, type OfferRow } from "./repository";
import { invoiceLines } from "./texts";

/**
 * Delivery: staff mark a paid offer delivered. The balance invoice (the other half) is issued with a payment term of
 * 14 days and mailed with its pay link, and the monthly fee starts on the first of the next month by SEPA Direct
 * Debit (an upgrade's new fee from the next month on, on the running subscription). Also the jobs that follow an
 * offer: an unpaid balance reminded once after its term, and offers that were not accepted in time marked expired.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function deliveryProblem(offer: OfferRow | null): ApiError | null {
  if (!offer || offer.status === "requested") return new ApiError(404, "offers.not_found");
  if (offer.status === "delivered") return new ApiError(409, "offers.already_delivered");
  if (offer.status !== "accepted" || !offer.paid_at || !offer.company_id) return new ApiError(409, "offers.not_paid");
  return null;
}

export async function deliverOffer(app: FastifyInstance, request: FastifyRequest, id: string): Promise<{ offer: OfferRow; mailIds: number[] }> {
  const offer = await findOffer(app.db, id);
  const problem = deliveryProblem(offer);
  if (problem) throw problem;
  const companyId = offer!.company_id!;
  const deposit = (await offerInvoices(app.db, offer!.id)).find((invoice) => invoice.kind === "deposit");
  // The provider that took the deposit collects the rest.
  const provider = app.payments.providerFor({ provider: deposit?.provider ?? app.payments.checkout.name });
  const plan = await findPlan(app.db, offer!.package, { activeOnly: false });
  if (!plan) throw new Error(`No plan for package ${offer!.package}`);
  let change: PackageStart | PackageChange;
  if (offer!.kind === "upgrade") {
    const held = await activePackageOf(app.db, companyId);
    const subscription = held?.subscriptionId ? await subscriptionById(app.db, held.subscriptionId) : null;
    if (!subscription) throw new ApiError(409, "offers.no_package");
    change = { kind: "change", subscription, plan, key: `package-change-${offer!.id}` };
  } else {
    if (await liveSubscription(app.db, companyId)) throw new ApiError(409, "offers.has_subscription");
    const buyer = await findUserByEmail(app.db, offer!.email);
    change = { kind: "start", companyId, userId: buyer?.id ?? null, plan, startAt: firstOfNextMonth(new Date()), mandateRef: offer!.mandate_ref, key: `package-${offer!.id}` };
  }
  // Asked of the provider before the transaction; the key makes a second delivery at the same moment get the same one.
  const prepared = await provider.preparePackage(change);

  try {
    return await app.db.transaction(async (tx) => {
      const locked = await findOffer(tx, id, { lock: true });
      const again = deliveryProblem(locked);
      if (again) throw again;
      const now = new Date();
      const started = await prepared(tx);
      await setPackageSubscription(tx, companyId, started.subscription.id);
      const addressed = await companyCustomer(tx, companyId, null);
      const balance = await issueInvoice(tx, {
        kind: "balance",
        provider: provider.name,
        companyId,
        offerId: locked!.id,
        customer: { ...(addressed?.customer ?? { vatNumber: null, kvkNumber: null, company: locked!.company_name }), name: locked!.name, email: locked!.email },
        locale: locked!.locale,
        vatRate: locked!.vat_rate,
        lines: invoiceLines(locked!, "balance"),
        issuedAt: now,
        dueAt: new Date(now.getTime() + PAYMENT_TERM_DAYS * DAY_MS),
      });
      const delivered = await updateOffer(tx, locked!.id, { status: "delivered", delivered_at: now, delivered_by: request.staff!.email, subscription_id: started.subscription.id });
      await app.audit(
        request,
        { action: "offer.delivered", target: `offer:${locked!.id}`, detail: { invoice: balance.number, totalCents: balance.total_cents, subscription: started.subscription.id } },
        tx,
      );
      const mailId = await queueOfferMail(app.outbox, tx, { offerId: locked!.id, kind: "delivered", invoiceId: balance.id });
      return { offer: delivered, mailIds: [mailId, ...started.mailIds] };
    });
  } catch (error) {
    // The company got a subscription of another kind meanwhile: one subscription a company.
    if (error instanceof DuplicateSubscription) throw new ApiError(409, "offers.has_subscription");
    throw error;
  }
}

const BATCH = 50;

/** Balance invoices unpaid after their payment term: each customer is reminded once, and the desk shows them overdue. */
export async function remindOverdueBalances(app: FastifyInstance, now: Date = new Date()): Promise<number[]> {
  const mailIds: number[] = [];
  for (;;) {
    const batch = await app.db.transaction(async (tx) => {
      const due = await claimOverdueBalances(tx, now, BATCH);
      for (const invoice of due) {
        if (!invoice.offer_id) continue;
        await insertAuditEntry(tx, { actor: "system", action: "offer.balance_reminded", target: `offer:${invoice.offer_id}`, detail: { invoice: invoice.number }, ip: "" });
        mailIds.push(await queueOfferMail(app.outbox, tx, { offerId: invoice.offer_id, kind: "reminder", invoiceId: invoice.id }));
      }
      return due.length;
    });
    if (batch < BATCH) return mailIds;
  }
}

/** Offers not accepted within their 30 days are written expired, each with its entry in the audit log. */
export async function expireOpenOffers(app: FastifyInstance): Promise<number> {
  let count = 0;
  for (;;) {
    const batch = await app.db.transaction(async (tx) => {
      const expired = await expireOffers(tx, BATCH);
      for (const offer of expired) {
        await insertAuditEntry(tx, { actor: "system", action: "offer.expired", target: `offer:${offer.id}`, detail: { number: offer.number }, ip: "" });
      }
      return expired.length;
    });
    count += batch;
    if (batch < BATCH) return count;
  }
}

/** The offers' jobs, run with the subscription jobs: the mails they queue are sent at once (the outbox retries). */
export async function runOfferJobs(app: FastifyInstance, now: Date = new Date()): Promise<void> {
  await expireOpenOffers(app);
  const mailIds = await remindOverdueBalances(app, now);
  if (mailIds.length > 0) await app.outbox.deliver(mailIds);
}
