import type { LightMyRequestResponse } from "fastify";
import type { CreateOfferPayload, OfferSummary, PublicOffer } from "@agency/contract";
import { nextIp, outboxMailsTo, type TestApp } from "./helpers";

/**
 * What the offer tests do as staff and as a customer: make an offer from the desk, open its link without a session,
 * sign it, pay at the test checkout (test card, or iDEAL at the test bank), deliver it, and read what was stored.
 */

let seq = 0;
export const customerEmail = (name = "klant") => `${name}-${++seq}-${Date.now()}@bakkerij.example`;

export function newOffer(extra: Partial<CreateOfferPayload> = {}): CreateOfferPayload {
  return { email: customerEmail(), name: "Jan Bakker", company: "Bakkerij Bakker", package: "professional", locale: "nl", ...extra };
}

export async function makeOffer(t: TestApp, staff: { headers: Record<string, string> }, body: CreateOfferPayload = newOffer()) {
  const res = await t.app.inject({ method: "POST", url: "/api/desk/offers", headers: staff.headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  const offer = res.json().offer as OfferSummary;
  return { offer, token: await tokenOf(t, offer.id), email: body.email };
}

export async function tokenOf(t: TestApp, offerId: string): Promise<string> {
  const { rows } = await t.db.query<{ token: string }>("SELECT token FROM offers WHERE id = $1", [offerId]);
  return rows[0]!.token;
}

export const view = (t: TestApp, token: string) => t.app.inject({ method: "GET", url: `/api/offers/${token}` });
export const publicOf = async (t: TestApp, token: string) => (await view(t, token)).json().offer as PublicOffer;

export const accept = (t: TestApp, token: string, name = "Jan Bakker", ip = nextIp()) =>
  t.app.inject({ method: "POST", url: `/api/offers/${token}/accept`, payload: { name, acceptTerms: true }, remoteAddress: ip });

export const payNow = (t: TestApp, token: string) => t.app.inject({ method: "POST", url: `/api/offers/${token}/pay`, remoteAddress: nextIp() });

const form = { "content-type": "application/x-www-form-urlencoded" };

/** Pays at the test checkout whose address `checkoutUrl` is: by test card, or with iDEAL at the test bank (a mandate too). */
export async function payAtTestCheckout(t: TestApp, checkoutUrl: string, method: "card" | "ideal" = "ideal"): Promise<LightMyRequestResponse> {
  const path = new URL(checkoutUrl).pathname;
  if (method === "card") return t.app.inject({ method: "POST", url: `${path}/pay`, headers: form, payload: "method=card" });
  const chosen = await t.app.inject({ method: "POST", url: `${path}/pay`, headers: form, payload: "method=ideal" });
  expect(chosen.statusCode).toBe(303);
  expect(chosen.headers.location).toBe(`${path}/ideal`);
  return t.app.inject({ method: "POST", url: `${path}/ideal/approve`, headers: form, payload: "bank=ING" });
}

/** Signs the offer and pays its deposit at the test checkout. */
export async function acceptAndPay(t: TestApp, token: string, method: "card" | "ideal" = "ideal") {
  const accepted = await accept(t, token);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const paid = await payAtTestCheckout(t, accepted.json().checkoutUrl, method);
  expect(paid.statusCode, paid.body).toBe(303);
  return paid;
}

export const deliver = (t: TestApp, staff: { headers: Record<string, string> }, offerId: string) =>
  t.app.inject({ method: "POST", url: `/api/desk/offers/${offerId}/delivered`, headers: staff.headers });

export interface StoredInvoice {
  id: string;
  number: string;
  kind: string;
  status: string;
  net_cents: number;
  vat_cents: number;
  total_cents: number;
  lines: { description: string; netCents: number; vatCents: number }[];
  due_at: Date | null;
  issued_at: Date;
  company_id: string | null;
  provider: string;
  external_id: string | null;
}

export async function invoicesOf(t: TestApp, offerId: string): Promise<StoredInvoice[]> {
  const { rows } = await t.db.query<StoredInvoice>("SELECT * FROM invoices WHERE offer_id = $1 ORDER BY issued_at, number", [offerId]);
  return rows;
}

export async function offerRow(t: TestApp, offerId: string) {
  const { rows } = await t.db.query<Record<string, unknown>>("SELECT * FROM offers WHERE id = $1", [offerId]);
  return rows[0]!;
}

/** The mails the app wrote to its outbox to `to` (after `app.settle()`). */
export async function mails(t: TestApp, to: string): Promise<string[]> {
  await t.app.settle();
  return outboxMailsTo(t.dataDir, to);
}
