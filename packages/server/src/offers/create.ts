import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  isUpgrade,
  OFFER_VALIDITY_DAYS,
  packageFeesCents,
  VAT_RATE,
  type CreateOfferPayload,
  type Locale,
  type PackageId,
} from "@agency/contract";
import { findUserByEmail } from "../accounts/repository";
import { contactRowById } from "../contact/repository";
import type { Db } from "../db/db";
import { ApiError } from "../lib/api-error";
import { randomToken } from "../lib/crypto";
import { nextNumber } from "../payments/number-series";
import { liveSubscription } from "../payments/subscriptions-repository";
import { findCompany, membershipOf } from "../teams/repository";
import { buyingCompany } from "./buyer";
import { queueOfferMail } from "./mails";
import { activePackageOf, type HeldPackage } from "./packages-repository";
import { findOffer, insertOffer, openUpgrade, updateOffer, type OfferLineRow, type OfferRow } from "./repository";
import { amountsOf } from "./texts";

/**
 * Making offers: staff make one from the desk (for a lead or any address), a customer asks for an upgrade from the
 * settings (which waits for staff to send it). An offer to a company that holds a package is an upgrade, which
 * charges only the difference in startup fee and the new monthly fee from the next month.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The one-time amount must be worth a payment: at least €1 excluding VAT. */
const MIN_ONE_TIME_CENTS = 100;

/** What an offer of `to` costs for a company that holds `from` (or nothing yet). */
export function offerFees(to: PackageId, from: PackageId | null): { startupFeeCents: number; monthlyFeeCents: number } {
  const fees = packageFeesCents(to);
  return { startupFeeCents: fees.startupFeeCents - (from ? packageFeesCents(from).startupFeeCents : 0), monthlyFeeCents: fees.monthlyFeeCents };
}

/** The company an address belongs to, with the package it holds, when the address has an account. */
async function companyOf(db: Db, email: string): Promise<{ id: string; held: HeldPackage | null } | null> {
  const user = await findUserByEmail(db, email);
  const team = user ? await membershipOf(db, user.id) : null;
  return team ? { id: team.id, held: await activePackageOf(db, team.id) } : null;
}

/**
 * What stands in the way of selling `to` to a company: a package it holds that `to` is no upgrade of (or one not
 * delivered yet), an upgrade already under way, or a subscription of another kind (one subscription a company).
 */
async function upgradeProblem(db: Db, companyId: string, held: HeldPackage | null, to: PackageId): Promise<ApiError | null> {
  if (held) {
    if (!held.delivered) return new ApiError(409, "offers.no_package");
    if (!isUpgrade(held.id, to)) return new ApiError(409, "offers.not_an_upgrade");
    if (await openUpgrade(db, companyId)) return new ApiError(409, "offers.upgrade_pending");
    return null;
  }
  return (await liveSubscription(db, companyId)) ? new ApiError(409, "offers.has_subscription") : null;
}

/** Staff make an offer: numbered, mailed to the customer with its link, and written to the audit log. */
export async function createOffer(app: FastifyInstance, request: FastifyRequest, input: CreateOfferPayload, basePath: string): Promise<{ offer: OfferRow; mailId: number }> {
  // Staff learn at once that the address may not order for its company (the signature checks it again).
  if ("problem" in (await buyingCompany(app.db, input.email, null))) throw new ApiError(409, "offers.not_buyer");
  const company = await companyOf(app.db, input.email);
  if (company) {
    const problem = await upgradeProblem(app.db, company.id, company.held, input.package);
    if (problem) throw problem;
  }
  const from = company?.held?.id ?? null;
  const fees = offerFees(input.package, from);
  const lines: OfferLineRow[] = (input.lines ?? []).map((line) => ({ description: line.description.trim(), amountCents: line.amountCents }));
  const draft = { startup_fee_cents: fees.startupFeeCents, monthly_fee_cents: fees.monthlyFeeCents, lines, vat_rate: VAT_RATE };
  if (amountsOf(draft).oneTime.netCents < MIN_ONE_TIME_CENTS) throw new ApiError(400, "offers.invalid_total", "one-time amount too low", { fields: ["lines"] });

  return app.db.transaction(async (tx) => {
    if (input.leadId !== undefined && !(await contactRowById(tx, input.leadId))) throw new ApiError(404, "desk.lead_not_found");
    const now = new Date();
    const offer = await insertOffer(tx, {
      number: await nextNumber(tx, "offer", now),
      token: randomToken(),
      kind: from ? "upgrade" : "new",
      status: "sent",
      package: input.package,
      from_package: from,
      email: input.email,
      name: input.name,
      company_name: input.company ?? (company ? ((await findCompany(tx, company.id))?.name ?? null) : null),
      locale: input.locale,
      base_path: basePath,
      lead_id: input.leadId ?? null,
      company_id: from ? company!.id : null,
      ...draft,
      created_by: request.staff!.email,
      sent_at: now,
      expires_at: new Date(now.getTime() + OFFER_VALIDITY_DAYS * DAY_MS),
    });
    await app.audit(
      request,
      { action: "offer.created", target: `offer:${offer.id}`, detail: { number: offer.number, package: offer.package, kind: offer.kind, lead: offer.lead_id } },
      tx,
    );
    return { offer, mailId: await queueOfferMail(app.outbox, tx, { offerId: offer.id, kind: "offer" }) };
  });
}

/** A customer asks for a higher package: an upgrade offer that staff send from the desk (`sendRequested`). */
export async function requestUpgrade(
  app: FastifyInstance,
  request: FastifyRequest,
  asker: { id: string; email: string; name: string; locale: Locale },
  companyId: string,
  to: PackageId,
  basePath: string,
): Promise<{ offer: OfferRow; mailId: number }> {
  const held = await activePackageOf(app.db, companyId);
  if (!held) throw new ApiError(409, "offers.no_package");
  const problem = await upgradeProblem(app.db, companyId, held, to);
  if (problem) throw problem;
  const fees = offerFees(to, held.id);
  const now = new Date();
  try {
    return await app.db.transaction(async (tx) => {
      const offer = await insertOffer(tx, {
        number: await nextNumber(tx, "offer", now),
        token: randomToken(),
        kind: "upgrade",
        status: "requested",
        package: to,
        from_package: held.id,
        email: asker.email,
        name: asker.name,
        company_name: (await findCompany(tx, companyId))?.name ?? null,
        locale: asker.locale,
        base_path: basePath,
        lead_id: null,
        company_id: companyId,
        startup_fee_cents: fees.startupFeeCents,
        monthly_fee_cents: fees.monthlyFeeCents,
        lines: [],
        vat_rate: VAT_RATE,
        created_by: "customer",
        sent_at: null,
        // Counted again from when staff send it.
        expires_at: new Date(now.getTime() + OFFER_VALIDITY_DAYS * DAY_MS),
      });
      await app.audit(
        request,
        { actor: asker.email, action: "offer.upgrade_requested", target: `offer:${offer.id}`, detail: { number: offer.number, from: held.id, to } },
        tx,
      );
      return { offer, mailId: await queueOfferMail(app.outbox, tx, { offerId: offer.id, kind: "upgrade_requested" }) };
    });
  } catch (error) {
    // Two requests at once: the unique index keeps one upgrade under way per company.
    if ((error as { code?: string }).code === "23505") throw new ApiError(409, "offers.upgrade_pending");
    throw error;
  }
}

/** Staff send an upgrade a customer asked for: its 30 days start now. */
export async function sendRequested(app: FastifyInstance, request: FastifyRequest, id: string): Promise<{ offer: OfferRow; mailId: number }> {
  return app.db.transaction(async (tx) => {
    const offer = await findOffer(tx, id, { lock: true });
    if (!offer) throw new ApiError(404, "offers.not_found");
    if (offer.status !== "requested") throw new ApiError(409, "offers.not_requested");
    const now = new Date();
    const sent = await updateOffer(tx, offer.id, { status: "sent", sent_at: now, expires_at: new Date(now.getTime() + OFFER_VALIDITY_DAYS * DAY_MS) });
    await app.audit(request, { action: "offer.sent", target: `offer:${offer.id}`, detail: { number: offer.number } }, tx);
    return { offer: sent, mailId: await queueOfferMail(app.outbox, tx, { offerId: offer.id, kind: "offer" }) };
  });
}
