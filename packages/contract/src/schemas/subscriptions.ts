import { Type, type Static } from "@sinclair/typebox";
import { BILLING_PERIODS, CHECKOUT_OUTCOMES, INVOICE_STATUSES, PAYMENT_ISSUES, SUBSCRIPTION_STATUSES, type PaymentIssue } from "../rules";
import { DateTimeSchema, LocaleSchema, StringEnum } from "./common";

export const BillingPeriodSchema = StringEnum(BILLING_PERIODS);

export const PlanSchema = Type.Object({
  id: Type.String(),
  name: Type.String({ description: "In the request's language" }),
  description: Type.String({ description: "In the request's language" }),
  price_monthly: Type.Number({ description: "In `currency`, e.g. 49" }),
  price_yearly: Type.Number({ description: "In `currency`, e.g. 468" }),
  currency: Type.String({ pattern: "^[A-Z]{3}$", description: "ISO 4217, e.g. EUR" }),
  features: Type.Union(
    [Type.Array(Type.String()), Type.Record(Type.String(), Type.Union([Type.String(), Type.Boolean()]))],
    { description: "In the request's language: a list, or names with a value (true: included, false: not included)" },
  ),
});
export type Plan = Static<typeof PlanSchema>;

export const PlansResponseSchema = Type.Object({ plans: Type.Array(PlanSchema) });
export type PlansResponse = Static<typeof PlansResponseSchema>;

export const SubscriptionSchema = Type.Object({
  plan_name: Type.String({ description: "In the request's language" }),
  status: StringEnum(SUBSCRIPTION_STATUSES, { description: "The payment provider's state; active and trialing grant access" }),
  current_period_end: DateTimeSchema("Next billing date, or the end date when cancel_at_period_end"),
  cancel_at_period_end: Type.Boolean(),
  billing_period: BillingPeriodSchema,
  // Optional for partner pages whose element is newer than the server it talks to.
  has_access: Type.Optional(
    Type.Boolean({
      description:
        "Whether the paid features are open: active or trialing, or a payment owed for no longer than the grace period (PAST_DUE_GRACE_DAYS). What the subscription guard reads.",
    }),
  ),
  payment_issue: Type.Optional(
    // The null is in the enum too: the OpenAPI 3.0 document turns this union into a nullable enum, which lists it.
    Type.Union([Type.Unsafe<PaymentIssue | null>({ type: "string", enum: [...PAYMENT_ISSUES, null] }), Type.Null()], {
      description:
        "A payment that needs the customer: failed (pay it) or requires_action (confirm it with the bank); POST /subscriptions/pay opens the page for it. Null when none; an incomplete subscription reads failed until its first payment is made.",
    }),
  ),
  access_until: Type.Optional(
    Type.Union([DateTimeSchema("While a payment is owed: the end of the grace period, until which the paid features stay open"), Type.Null()]),
  ),
});
export type Subscription = Static<typeof SubscriptionSchema>;

/** GET /subscriptions/current, POST /subscriptions/cancel and /subscriptions/resume. */
export const SubscriptionResponseSchema = Type.Object({ subscription: Type.Union([SubscriptionSchema, Type.Null()]) });
export type SubscriptionResponse = Static<typeof SubscriptionResponseSchema>;

const CheckoutUrl = Type.String({ minLength: 1, maxLength: 2000, description: "Absolute URL on the site's origin or ALLOWED_ORIGINS" });
export const CreateCheckoutBodySchema = Type.Object({
  planId: Type.String({ minLength: 1, maxLength: 100 }),
  billingPeriod: BillingPeriodSchema,
  successUrl: CheckoutUrl,
  cancelUrl: CheckoutUrl,
  language: Type.Optional(LocaleSchema),
  immediateStart: Type.Optional(
    Type.Boolean({
      description:
        "The customer asked for the service to start during the 14-day withdrawal period and acknowledged that a withdrawal then " +
        "costs the days used (Consumer Rights Directive, Art. 7(3) and 14(3)); stored with the checkout. Default false: a withdrawal refunds all.",
    }),
  ),
});
export type CreateCheckoutPayload = Static<typeof CreateCheckoutBodySchema>;

/** Either a page to send the browser to, or an embedded Stripe Checkout session. */
export const CreateCheckoutResponseSchema = Type.Object({
  checkoutUrl: Type.Optional(Type.String({ description: "Send the browser here (test checkout or Stripe's hosted page)" })),
  sessionId: Type.Optional(Type.String({ description: "Embedded Stripe Checkout session" })),
  clientSecret: Type.Optional(Type.String()),
  publishableKey: Type.Optional(Type.String()),
});
export type CreateCheckoutResponse = Static<typeof CreateCheckoutResponseSchema>;

export const WebhookResponseSchema = Type.Object({ received: Type.Literal(true), duplicate: Type.Optional(Type.Boolean()) });
export type WebhookResponse = Static<typeof WebhookResponseSchema>;

/** POST /subscriptions/portal: where the customer manages billing (card, address, VAT number, period, invoices). */
export const PortalBodySchema = Type.Object({
  returnUrl: Type.String({ minLength: 1, maxLength: 2000, description: "Where the portal's way back leads; on the site's origin or ALLOWED_ORIGINS" }),
  language: Type.Optional(LocaleSchema),
});
export type PortalPayload = Static<typeof PortalBodySchema>;

/** POST /subscriptions/pay: the page where the payment that needs the customer is paid or confirmed. */
export const PayBodySchema = PortalBodySchema;
export type PayPayload = Static<typeof PayBodySchema>;

export const PortalResponseSchema = Type.Object({ url: Type.String({ description: "Send the browser here (Stripe's customer portal, or the test portal)" }) });
export type PortalResponse = Static<typeof PortalResponseSchema>;

export const InvoiceSchema = Type.Object({
  id: Type.String(),
  number: Type.Union([Type.String(), Type.Null()], { description: "As printed on the invoice; null while a draft" }),
  created_at: DateTimeSchema("When the invoice was written"),
  total: Type.Number({ description: "In `currency`, VAT included (e.g. 566.28); negative when the invoice credits the customer" }),
  currency: Type.String({ pattern: "^[A-Z]{3}$", description: "ISO 4217, e.g. EUR" }),
  status: StringEnum(INVOICE_STATUSES),
  pdf_url: Type.Union([Type.String(), Type.Null()], { description: "The invoice as a PDF, opened without the bearer token" }),
});
export type Invoice = Static<typeof InvoiceSchema>;

/** GET /subscriptions/invoices, newest first. */
export const InvoicesResponseSchema = Type.Object({ invoices: Type.Array(InvoiceSchema) });
export type InvoicesResponse = Static<typeof InvoicesResponseSchema>;

export const CheckoutReturnParamsSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 300, description: "The `checkout` parameter of the address the provider returned to" }),
});

/** GET /subscriptions/checkouts/{id}: what became of the visitor's own checkout. */
export const CheckoutReturnResponseSchema = Type.Object({ status: StringEnum(CHECKOUT_OUTCOMES) });
export type CheckoutReturnResponse = Static<typeof CheckoutReturnResponseSchema>;
