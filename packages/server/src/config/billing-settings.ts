import { Type } from "@agency/contract/schemas";

/** What a customer whose payment failed keeps, whichever provider bills them. */
export const billingSettings = Type.Object(
  {
    pastDueGraceDays: Type.Integer({
      env: "PAST_DUE_GRACE_DAYS",
      minimum: 0,
      maximum: 60,
      default: 7,
      description:
        "Days a subscription whose payment failed (past_due, or a renewal the bank wants confirmed) keeps its paid features, counted from the failure. The settings page tells the customer until when; after that the subscription guard sends them to pay. The test provider ends such a subscription when the days are over; with Stripe set the retry schedule (Billing > Revenue recovery > Retries) to at least this long (docs/deploy.md).",
    }),
  },
  { section: "Billing" },
);
