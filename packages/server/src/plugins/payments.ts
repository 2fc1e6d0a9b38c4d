import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import { LocalProvider } from "../payments/local/provider";
import { ApiError } from "../lib/api-error";
import type { PaymentProvider } from "../payments/provider";
import type { SubscriptionRow } from "../payments/subscriptions-repository";
import { stripeConfigured } from "../payments/stripe/client";
import { StripeProvider } from "../payments/stripe/provider";
import { PlansCache } from "../payments/plans-cache";
import { listPlans, publicPlan } from "../payments/plans-repository";
import { closePaymentAccount } from "../payments/account-closing";
import { newestSubscription } from "../payments/subscriptions-repository";
import { findCustomer } from "../payments/customers-repository";

export interface Payments {
  /** Where new checkouts go: Stripe with PAYMENTS=stripe, the local test provider with PAYMENTS=test. */
  readonly checkout: PaymentProvider;
  readonly local: LocalProvider;
  readonly stripe: StripeProvider | null;
  /** The plans on sale per language, as GET /plans answers them; `invalidate()` it after changing plans. */
  readonly plans: PlansCache;
  /** The provider that manages an existing subscription (the one that created it). */
  providerFor(row: Pick<SubscriptionRow, "provider">): PaymentProvider;
  /**
   * The provider that bills the company (portal, invoices): the one of its newest subscription, else the one it is
   * a customer of. Null when no usable provider knows it: the local one serves only with test payments.
   */
  billingProviderFor(companyId: string): Promise<PaymentProvider | null>;
  /**
   * Before an account is deleted: the checkouts it opened are expired and, when its company goes with it
   * (`companyId`), the company's subscriptions cancelled at the provider, so nothing can charge a company that is
   * gone. Throws (nothing is left half done that a retry would not finish).
   */
  closeAccount(account: { userId: string; companyId: string | null }): Promise<void>;
  /** Sends the mails a committed state change queued, after the answer; the outbox retries any that fail. */
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
    const stripe = stripeConfigured(app.config.stripe) ? new StripeProvider(app.db, app.config.stripe, app.log, app.config.publicUrl) : null;
    const useStripe = app.config.payments === "stripe" && stripe !== null;
    app.log.info(
      useStripe ? { provider: "stripe", checkout: app.config.stripe.checkout } : { provider: "local" },
      useStripe ? "payments: Stripe" : "payments: local test checkout (PAYMENTS=test; no money is charged)",
    );
    const providerFor = (subscription: Pick<SubscriptionRow, "provider">): PaymentProvider => {
      if (subscription.provider === "local") return local;
      if (!stripe) throw new ApiError(503, "payments.unavailable", "This subscription is managed by Stripe, which is not configured on this server");
      return stripe;
    };
    const payments: Payments = {
      checkout: useStripe ? stripe : local,
      local,
      stripe,
      plans: new PlansCache(async (locale) => ({ plans: (await listPlans(app.db, locale)).map(publicPlan) })),
      providerFor,
      async billingProviderFor(companyId) {
        const newest = await newestSubscription(app.db, companyId);
        const provider = newest?.provider ?? ((await findCustomer(app.db, companyId, "stripe")) ? "stripe" : null);
        // With real payments the test portal stays closed: switching periods there would write invoices nobody pays.
        if (provider === "local") return app.config.payments === "test" ? local : null;
        return provider === "stripe" ? stripe : null;
      },
      closeAccount: (account) => closePaymentAccount(app.db, providerFor, account),
      deliverMails(mailIds) {
        if (mailIds.length === 0) return;
        app.background("subscription mail", () => app.outbox.deliver(mailIds));
      },
    };
    app.decorate("payments", payments);
  },
  { name: "payments", dependencies: ["config", "db", "background", "outbox"] },
);
