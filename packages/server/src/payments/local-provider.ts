import type { CreateCheckoutResponse } from "@agency/contract";
import { lockUser } from "../accounts/store";
import type { Db } from "../db/db";
import { randomToken } from "../lib/crypto";
import { activate, end, setCancelAtPeriodEnd, type FulfilmentResult } from "./fulfilment";
import type { CheckoutInput, PaymentProvider } from "./provider";
import { cancelLocalCheckout, createCheckoutSession, findLocalCheckout, markCheckoutPaid, type CheckoutSessionRow } from "./checkouts-repository";
import { liveSubscription, lockSubscription, type SubscriptionRow } from "./subscriptions-repository";
import type { CheckoutProblem } from "./test-checkout-page";

/** As long as a Stripe Checkout Session stays open by default. */
export const LOCAL_CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;

export type { CheckoutSessionRow };

export type CheckoutOutcome =
  | { ok: true; session: CheckoutSessionRow; result: FulfilmentResult | null }
  | { ok: false; problem: CheckoutProblem; session: CheckoutSessionRow | null };

/**
 * The default provider: no keys, no network. Its checkout is a page this server renders (routes in
 * routes/api/subscriptions/test-checkout.ts); Pay activates through the same fulfilment as a Stripe webhook, and the
 * renewal job plays the part of Stripe's billing cycle (jobs/subscription-renewal.ts).
 */
export class LocalProvider implements PaymentProvider {
  readonly name = "local" as const;

  constructor(private readonly db: Db) {}

  async createCheckout(input: CheckoutInput): Promise<CreateCheckoutResponse> {
    // 256 random bits: the page is opened by a plain browser navigation, without the bearer token, so the id
    // itself is what proves the visitor is the one who started this checkout.
    const id = randomToken();
    await createCheckoutSession(this.db, {
      id,
      provider: "local",
      external_id: null,
      user_id: input.user.id,
      plan_id: input.plan.id,
      billing_period: input.billingPeriod,
      locale: input.locale,
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      expires_at: new Date(Date.now() + LOCAL_CHECKOUT_TTL_MS),
    });
    return { checkoutUrl: `${input.apiBaseUrl}/subscriptions/test-checkout/${id}` };
  }

  async setCancelAtPeriodEnd(subscription: SubscriptionRow, cancel: boolean): Promise<FulfilmentResult> {
    return this.db.transaction(async (tx) => {
      return setCancelAtPeriodEnd(tx, (await lockSubscription(tx, { id: subscription.id })) ?? subscription, cancel);
    });
  }

  async cancelNow(subscription: SubscriptionRow): Promise<FulfilmentResult> {
    return this.db.transaction(async (tx) => end(tx, (await lockSubscription(tx, { id: subscription.id })) ?? subscription));
  }

  /** An open, unexpired session (for showing the page), or the reason it cannot be used. */
  async openSession(id: string): Promise<CheckoutOutcome> {
    const session = await findLocalCheckout(this.db, id);
    const problem = sessionProblem(session);
    return problem ? { ok: false, problem, session } : { ok: true, session: session!, result: null };
  }

  /**
   * Pay: claims the session and activates the subscription in one transaction, so a double click or two tabs pay
   * once. A user who meanwhile got a subscription through another checkout is refused and nothing is recorded.
   */
  async pay(id: string, now: Date = new Date()): Promise<CheckoutOutcome> {
    return this.db.transaction(async (tx) => {
      const session = await findLocalCheckout(tx, id, { lock: true });
      const problem = sessionProblem(session, now);
      if (problem) return { ok: false, problem, session };
      // Serialises checkouts of one user, so two sessions paid at the same moment cannot both activate.
      await lockUser(tx, session!.user_id);
      if (await liveSubscription(tx, session!.user_id)) return { ok: false, problem: "already_subscribed", session };
      await markCheckoutPaid(tx, id);
      const result = await activate(tx, {
        userId: session!.user_id,
        provider: "local",
        planId: session!.plan_id,
        billingPeriod: session!.billing_period,
        at: now,
      });
      return { ok: true, session: session!, result };
    });
  }

  /** Cancel on the page: the session is closed, so the Pay button of an old tab no longer works. */
  async cancelCheckout(id: string): Promise<CheckoutOutcome> {
    const canceled = await cancelLocalCheckout(this.db, id);
    if (canceled) return { ok: true, session: canceled, result: null };
    return this.openSession(id);
  }
}

function sessionProblem(session: CheckoutSessionRow | null, now: Date = new Date()): CheckoutProblem | null {
  if (!session) return "unknown";
  if (session.status === "paid") return "paid";
  if (session.status === "canceled") return "canceled";
  if (session.expires_at <= now) return "expired";
  return null;
}
