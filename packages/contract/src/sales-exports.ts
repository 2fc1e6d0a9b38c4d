// The contract's exports for the packages sold online (their offers, fees and invoices) and the customer requests
// their monthly fee includes; index.ts re-exports them. Explicit on purpose, as index.ts is.

export { PACKAGE_IDS, type PackageId, type PackageFees, type Package, PACKAGES } from "./pricing";
export { PACKAGE_FEATURES } from "./package-features/labels";
// Packages sold online: an offer's statuses, terms and money (offers.ts).
export { OFFER_STATUSES, type OfferStatus, OFFER_KINDS, type OfferKind, PACKAGE_INVOICE_KINDS, type PackageInvoiceKind } from "./offers";
export { OFFER_VALIDITY_DAYS, DEPOSIT_PERCENT, PAYMENT_TERM_DAYS, HOSTING_MINIMUM_MONTHS, CANCELLATION_NOTICE_MONTHS, VAT_RATE, TERMS_VERSION } from "./offers";
export { OFFER_MAX_LINES, OFFER_LINE_DESCRIPTION_MAX, OFFER_LINE_MAX_CENTS, PACKAGE_ORDER, isUpgrade, upgradesFrom, packageFeesCents } from "./offers";
export { vatOf, type Amount, type AmountLine, type OfferAmounts, offerAmounts } from "./offers";
export type { OfferLineInput, CreateOfferPayload, OfferAmount, OfferLine, OfferSummary, CreateOfferResponse } from "./schemas/offers";
export type { DeskOffersQuery, DeskOffersResponse, DeskOfferDetail, DeskOfferResponse, PackageInvoice } from "./schemas/offers";
export type { PublicOffer, PublicOfferResponse, AcceptOfferPayload, OfferCheckoutResponse, DeclineOfferPayload } from "./schemas/offers";
export type { CurrentPackageResponse, UpgradePayload, UpgradeResponse } from "./schemas/offers";
// Customer requests: the rules (kinds, statuses, minutes, priority, overdue), then the API's types.
export {
  REQUEST_KINDS, type RequestKind, REQUEST_STATUSES, type RequestStatus, REQUEST_SUBJECT_MAX_LENGTH, REQUEST_MESSAGE_MAX_LENGTH,
  REPLY_MINUTES_MAX, INCLUDED_MINUTES, ENTERPRISE_INCLUDED_MINUTES, includedMinutesFor, PRIORITY_PACKAGES, hasPriority,
  REPLY_PROMISE_HOURS, OVERDUE_AFTER_HOURS, MONTH_PATTERN, extraMinutes, extraTimeCents,
} from "./requests";
export type {
  CustomerRequest, Allowance, ExtraTime, RequestsResponse, CreateRequestPayload, CreateRequestResponse, RequestMessage,
  RequestDetailResponse, PostMessagePayload, PostMessageResponse, AgreeExtraTimePayload, AgreeExtraTimeResponse,
  DeskRequestsQuery, DeskRequestSummary, DeskRequestsResponse, DeskRequestMessage, DeskRequestResponse, DeskReplyPayload,
  DeskRequestPatchPayload,
} from "./schemas/requests";
