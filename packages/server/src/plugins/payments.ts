import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import { LocalProvider } from "../payments/local-provider";
import { ApiError } from "../lib/api-error";
import type { PaymentProvider } from "../payments/provider";
import type { SubscriptionRow } from "../payments/subscriptions-repository";
import { stripeConfigured } from "../payments/stripe-client";
import { StripeProvider } from "../payments/stripe-provider";
import { deliverSubscriptionMails } from "../payments/subscription-mails";
import { PlansCache } from "../payments/plans-cache";
import { listPlans, publicPlan } from "../payments/plans-repository";

export interface Payments {
  /** Where new checkouts go: Stripe with PAYMENTS=stripe, the local test provider with PAYMENTS=test. */
  readonly checkout: PaymentProvider;
  readonly local: LocalProvider;
  readonly stripe: StripeProvider | null;
  /** The plans on sale per language, as GET /plans answers them; `invalidate()` it after changing plans. */
  readonly plans: PlansCache;
  /** The provider that manages an existing subscription (the one that created it). */
  providerFor(subscription: SubscriptionRow): PaymentProvider;
  /** Sends the mails a committed state change queued, after the answer; the job retries any that fail. */
  deliverMails(mailIds: number[]): void;
}

declare module "fastify" {
  interface FastifyInstance {
    payments: Payments;
  }
}

export default fp(
  async function paymentsPlugin(app: FastifyInstance) {
    const local = new LocalProvider(app.db);
    // With PAYMENTS=test and Stripe keys set, Stripe still manages the subscriptions it created earlier.
    const stripe = stripeConfigured(app.config.stripe) ? new StripeProvider(app.db, app.config.stripe, app.log) : null;
    const useStripe = app.config.payments === "stripe" && stripe !== null;
    app.log.info(
      useStripe ? { provider: "stripe", checkout: app.config.stripe.checkout } : { provider: "local" },
      useStripe ? "payments: Stripe" : "payments: local test checkout (PAYMENTS=test; no money is charged)",
    );
    const payments: Payments = {
      checkout: useStripe ? stripe : local,
      local,
      stripe,
      plans: new PlansCache(async (locale) => ({ plans: (await listPlans(app.db, locale)).map(publicPlan) })),
      providerFor(subscription) {
        if (subscription.provider === "local") return local;
        if (!stripe) throw new ApiError(503, "payments.unavailable", "This subscription is managed by Stripe, which is not configured on this server");
        return stripe;
      },
      deliverMails(mailIds) {
        if (mailIds.length === 0) return;
        app.background("subscription mail", () =>
          deliverSubscriptionMails({ db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl, log: app.log }, mailIds),
        );
      },
    };
    app.decorate("payments", payments);
  },
  { name: "payments", dependencies: ["config", "db", "mailer", "background"] },
);
