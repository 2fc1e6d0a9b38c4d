// How `npm start` chooses who takes payments, before the server's own settings check (packages/server/src/config)
// runs. The demo command must never take money by accident, nor give away subscriptions in production:
// - PAYMENTS set (in .env or the environment): left as it is.
// - any STRIPE_* key set: left unset, so the server uses Stripe (and refuses a partial set of keys).
// - no keys, production: left unset, so the server refuses to start, as it does without npm start.
// - no keys otherwise: test payments, and the start says so.

export const STRIPE_KEYS = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_MONTHLY", "STRIPE_PRICE_YEARLY"];

export const TEST_PAYMENTS_NOTICE =
  "Payments: TEST payments (local test checkout). No money is charged. Set PAYMENTS=stripe and the STRIPE_* keys to take real payments.";

/** @returns the variables npm start sets, and the line it prints (or null) */
export function startPayments(env) {
  if (env.PAYMENTS) return { set: {}, notice: env.PAYMENTS === "test" ? TEST_PAYMENTS_NOTICE : null };
  if (STRIPE_KEYS.some((key) => env[key])) return { set: {}, notice: null };
  if (env.NODE_ENV === "production") return { set: {}, notice: null };
  return { set: { PAYMENTS: "test" }, notice: TEST_PAYMENTS_NOTICE };
}
