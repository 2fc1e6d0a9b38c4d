import { Type, type Static } from "@sinclair/typebox";
import {
  OFFER_KINDS,
  OFFER_LINE_DESCRIPTION_MAX,
  OFFER_LINE_MAX_CENTS,
  OFFER_MAX_LINES,
  OFFER_STATUSES,
  PACKAGE_INVOICE_KINDS,
} from "../offers";
import { PACKAGE_IDS, type PackageId } from "../pricing";
import { SINGLE_LINE_TEXT_PATTERN } from "../rules";
import { CompanyNameSchema, EmailSchema, NameSchema } from "./accounts";
import { DateTimeSchema, LocaleSchema, StringEnum } from "./common";
import { AuditEntrySchema } from "./desk";

/** Offers made from the desk, the page the customer accepts one on, and the upgrades customers ask for. */

export const PackageIdSchema = StringEnum(PACKAGE_IDS, { description: "One of the three packages: starter, professional, enterprise" });
export const OfferStatusSchema = StringEnum(OFFER_STATUSES, {
  description:
    "requested: an upgrade a customer asked for, not sent yet; sent; viewed: the customer opened it; accepted: signed (the deposit may still be " +
    "owed, see paidAt); delivered: the work is done and the balance invoiced; expired: not accepted within 30 days; declined: by the customer",
});
const CentsSchema = (description: string) => Type.Integer({ description });

export const OfferLineInputSchema = Type.Object({
  description: Type.String({ minLength: 1, maxLength: OFFER_LINE_DESCRIPTION_MAX, pattern: SINGLE_LINE_TEXT_PATTERN }),
  amountCents: Type.Integer({
    minimum: -OFFER_LINE_MAX_CENTS,
    maximum: OFFER_LINE_MAX_CENTS,
    description: "A one-time amount in euro cents, excluding VAT; negative for a discount",
  }),
});
export type OfferLineInput = Static<typeof OfferLineInputSchema>;

/** POST /desk/offers. */
export const CreateOfferBodySchema = Type.Object({
  email: EmailSchema,
  name: NameSchema,
  company: Type.Optional(CompanyNameSchema),
  package: PackageIdSchema,
  locale: LocaleSchema,
  lines: Type.Optional(Type.Array(OfferLineInputSchema, { maxItems: OFFER_MAX_LINES })),
  leadId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: "The quote request the offer answers" })),
});
export type CreateOfferPayload = Static<typeof CreateOfferBodySchema>;

export const AmountSchema = Type.Object({
  netCents: CentsSchema("Excluding VAT"),
  vatCents: CentsSchema("The VAT on it"),
  totalCents: CentsSchema("Including VAT"),
});
export type OfferAmount = Static<typeof AmountSchema>;

export const OfferLineSchema = Type.Object({
  description: Type.String({ description: "In the offer's language; the first line is the package's startup fee (or, for an upgrade, the difference)" }),
  netCents: CentsSchema("Excluding VAT"),
  vatCents: CentsSchema("The VAT on this line, rounded per line"),
  totalCents: CentsSchema("Including VAT"),
});
export type OfferLine = Static<typeof OfferLineSchema>;

/** An offer as listed in the desk, and as POST /desk/offers answers it. */
export const OfferSummarySchema = Type.Object({
  id: Type.String({ format: "uuid" }),
  number: Type.String({ description: "From one series a year, e.g. OFF-2026-0007" }),
  status: OfferStatusSchema,
  kind: StringEnum(OFFER_KINDS, { description: "new: a first package; upgrade: to a higher package, charging only the difference" }),
  package: PackageIdSchema,
  // The null is in the enum too (see `payable`).
  fromPackage: Type.Union([Type.Unsafe<PackageId | null>({ type: "string", enum: [...PACKAGE_IDS, null] }), Type.Null()], {
    description: "The package an upgrade starts from",
  }),
  email: Type.String(),
  name: Type.String(),
  company: Type.Union([Type.String(), Type.Null()]),
  locale: LocaleSchema,
  startupFeeCents: CentsSchema("The package's startup fee in euro cents, excluding VAT (for an upgrade: the difference)"),
  monthlyFeeCents: CentsSchema("The monthly fee in euro cents, excluding VAT"),
  depositCents: CentsSchema("What is paid at the order: 50 % of the one-time amount, excluding VAT (see the detail for the VAT)"),
  oneTimeTotalCents: CentsSchema("The startup fee and the extra lines, including VAT"),
  currency: Type.Literal("EUR"),
  vatRate: Type.Integer({ description: "VAT in per cent: 21" }),
  expiresAt: DateTimeSchema("Until when it can be accepted"),
  createdAt: DateTimeSchema(),
  paidAt: Type.Union([DateTimeSchema("When the deposit was paid"), Type.Null()]),
  balanceOverdue: Type.Boolean({ description: "The balance invoice is unpaid after its payment term" }),
  leadId: Type.Union([Type.Integer(), Type.Null()]),
});
export type OfferSummary = Static<typeof OfferSummarySchema>;

export const CreateOfferResponseSchema = Type.Object({ offer: OfferSummarySchema });
export type CreateOfferResponse = Static<typeof CreateOfferResponseSchema>;

export const DeskOffersQuerySchema = Type.Object({
  status: Type.Optional(OfferStatusSchema),
  overdue: Type.Optional(Type.Boolean({ description: "Only offers whose balance is unpaid after its payment term" })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 400, default: 1 })),
});
export type DeskOffersQuery = Static<typeof DeskOffersQuerySchema>;

export const DeskOffersResponseSchema = Type.Object({
  offers: Type.Array(OfferSummarySchema),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
});
export type DeskOffersResponse = Static<typeof DeskOffersResponseSchema>;

/** An invoice of a package sale (deposit, balance, monthly fee), from the agency's one series a year. */
export const PackageInvoiceSchema = Type.Object({
  number: Type.String({ description: "e.g. 2026-0012 (TEST-2026-0012 for an invoice of the test provider)" }),
  kind: StringEnum(PACKAGE_INVOICE_KINDS),
  issuedAt: DateTimeSchema(),
  dueAt: Type.Union([DateTimeSchema("Paid within 14 days"), Type.Null()]),
  totalCents: CentsSchema("Including VAT"),
  status: StringEnum(["open", "paid"] as const),
  overdue: Type.Boolean(),
  pdfUrl: Type.String({ description: "The invoice as a PDF, opened without a session" }),
});
export type PackageInvoice = Static<typeof PackageInvoiceSchema>;

const SignatureSchema = Type.Object({
  name: Type.String({ description: "As the signer typed it" }),
  at: DateTimeSchema(),
});

const TermsSchema = Type.Object({
  version: Type.String({ description: "The date of the terms and conditions agreed to" }),
  paymentTermDays: Type.Integer(),
  depositPercent: Type.Integer(),
  minimumMonths: Type.Integer({ description: "The hosting's minimum term" }),
  noticeMonths: Type.Integer({ description: "Notice after the minimum term" }),
  validityDays: Type.Integer(),
});

/** GET /offers/{token}: the offer as its customer sees it, with no session. */
export const PublicOfferSchema = Type.Object({
  number: Type.String(),
  status: OfferStatusSchema,
  kind: StringEnum(OFFER_KINDS),
  package: Type.Object({
    id: PackageIdSchema,
    name: Type.String(),
    features: Type.Array(Type.String(), { description: "In the offer's language" }),
  }),
  fromPackage: Type.Union([Type.Object({ id: PackageIdSchema, name: Type.String() }), Type.Null()]),
  customer: Type.Object({ name: Type.String(), email: Type.String(), company: Type.Union([Type.String(), Type.Null()]) }),
  locale: LocaleSchema,
  currency: Type.Literal("EUR"),
  vatRate: Type.Integer(),
  startupFeeCents: CentsSchema("Excluding VAT (for an upgrade: the difference)"),
  monthlyFeeCents: CentsSchema("Excluding VAT"),
  depositCents: CentsSchema("Excluding VAT"),
  lines: Type.Array(OfferLineSchema, { description: "The one-time lines: the startup fee, then the extra lines" }),
  oneTime: AmountSchema,
  monthly: AmountSchema,
  deposit: AmountSchema,
  balance: AmountSchema,
  createdAt: DateTimeSchema(),
  expiresAt: DateTimeSchema(),
  signature: Type.Union([SignatureSchema, Type.Null()]),
  paidAt: Type.Union([DateTimeSchema("When the deposit was paid"), Type.Null()]),
  deliveredAt: Type.Union([DateTimeSchema(), Type.Null()]),
  monthlyFrom: Type.Union([DateTimeSchema("The first day the monthly fee is charged for"), Type.Null()]),
  // The null is in the enum too: the OpenAPI 3.0 document turns this union into a nullable enum, which lists it.
  payable: Type.Union([Type.Unsafe<"deposit" | "balance" | null>({ type: "string", enum: ["deposit", "balance", null] }), Type.Null()], {
    description: "What POST /offers/{token}/pay pays now",
  }),
  needsMandate: Type.Boolean({ description: "The deposit was paid without leaving a direct debit mandate for the monthly fee" }),
  invoices: Type.Array(PackageInvoiceSchema),
  terms: TermsSchema,
});
export type PublicOffer = Static<typeof PublicOfferSchema>;

export const PublicOfferResponseSchema = Type.Object({ offer: PublicOfferSchema });
export type PublicOfferResponse = Static<typeof PublicOfferResponseSchema>;

export const OfferTokenParamsSchema = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

/** POST /offers/{token}/accept. */
export const AcceptOfferBodySchema = Type.Object({
  name: NameSchema,
  acceptTerms: Type.Literal(true, { description: "The signer agrees to the terms and conditions" }),
});
export type AcceptOfferPayload = Static<typeof AcceptOfferBodySchema>;

export const OfferCheckoutResponseSchema = Type.Object({
  checkoutUrl: Type.String({ description: "The payment page: Stripe Checkout (iDEAL, card), or the test checkout" }),
});
export type OfferCheckoutResponse = Static<typeof OfferCheckoutResponseSchema>;

export const DeclineOfferBodySchema = Type.Object({
  reason: Type.Optional(Type.String({ maxLength: 1000, description: "Why, in the customer's words (kept for staff)" })),
});
export type DeclineOfferPayload = Static<typeof DeclineOfferBodySchema>;

/** GET /desk/offers/{id}: everything about one offer, with its history from the audit log. */
export const DeskOfferDetailSchema = Type.Composite([
  OfferSummarySchema,
  Type.Object({
    link: Type.String({ description: "The customer's link to the offer page" }),
    lines: Type.Array(OfferLineSchema),
    oneTime: AmountSchema,
    monthly: AmountSchema,
    deposit: AmountSchema,
    balance: AmountSchema,
    signature: Type.Union([Type.Object({ name: Type.String(), at: DateTimeSchema(), ip: Type.String() }), Type.Null()]),
    deliveredAt: Type.Union([DateTimeSchema(), Type.Null()]),
    declinedAt: Type.Union([DateTimeSchema(), Type.Null()]),
    declineReason: Type.Union([Type.String(), Type.Null()]),
    companyId: Type.Union([Type.String({ format: "uuid" }), Type.Null()]),
    needsMandate: Type.Boolean(),
    invoices: Type.Array(PackageInvoiceSchema),
    history: Type.Array(AuditEntrySchema, { description: "Oldest first" }),
  }),
]);
export type DeskOfferDetail = Static<typeof DeskOfferDetailSchema>;

export const DeskOfferResponseSchema = Type.Object({ offer: DeskOfferDetailSchema });
export type DeskOfferResponse = Static<typeof DeskOfferResponseSchema>;

/** GET /packages/current: the package the signed-in member's company holds, and an upgrade under way. */
export const CurrentPackageResponseSchema = Type.Object({
  package: Type.Union([
    Type.Object({
      id: PackageIdSchema,
      name: Type.String(),
      since: DateTimeSchema("When its deposit was paid"),
      delivered: Type.Boolean(),
      monthlyFeeCents: CentsSchema("Excluding VAT"),
    }),
    Type.Null(),
  ]),
  upgrade: Type.Union([Type.Object({ number: Type.String(), package: PackageIdSchema, status: OfferStatusSchema }), Type.Null()]),
  upgrades: Type.Array(PackageIdSchema, { description: "The packages the company may ask to move up to now" }),
});
export type CurrentPackageResponse = Static<typeof CurrentPackageResponseSchema>;

export const UpgradeBodySchema = Type.Object({ package: PackageIdSchema });
export type UpgradePayload = Static<typeof UpgradeBodySchema>;

export const UpgradeResponseSchema = Type.Object({
  upgrade: Type.Object({ number: Type.String(), package: PackageIdSchema, status: OfferStatusSchema }),
});
export type UpgradeResponse = Static<typeof UpgradeResponseSchema>;
