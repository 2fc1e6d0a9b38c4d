import type { MessageDescriptor } from "@lingui/core";
import type { ErrorCode } from "./error-codes";

/** The texts of the error codes about offers, packages and upgrades (see messages.ts). */
export const OFFER_ERROR_MESSAGES = {
  "offers.not_found": /*i18n*/ { id: "offers.not_found", message: "This offer does not exist. Check the link in your e-mail, or ask us for a new offer." },
  "offers.expired": /*i18n*/ {
    id: "offers.expired",
    message: "This offer has expired: offers are valid for 30 days. Reply to the offer's e-mail and we will gladly send you a new one.",
  },
  "offers.declined": /*i18n*/ { id: "offers.declined", message: "This offer was declined. Ask us for a new offer if you changed your mind." },
  "offers.already_accepted": /*i18n*/ { id: "offers.already_accepted", message: "This offer has already been accepted." },
  "offers.not_payable": /*i18n*/ { id: "offers.not_payable", message: "Nothing is due on this offer right now." },
  "offers.not_paid": /*i18n*/ { id: "offers.not_paid", message: "The deposit of this offer has not been paid yet, so it cannot be delivered." },
  "offers.already_delivered": /*i18n*/ { id: "offers.already_delivered", message: "This offer has already been delivered." },
  "offers.not_requested": /*i18n*/ { id: "offers.not_requested", message: "Only an upgrade a customer asked for is waiting to be sent." },
  "offers.no_package": /*i18n*/ {
    id: "offers.no_package",
    message: "Your company has no delivered package to upgrade yet. Once your website is delivered you can ask for a higher package here.",
  },
  "offers.not_an_upgrade": /*i18n*/ { id: "offers.not_an_upgrade", message: "Choose a package higher than the one your company has." },
  "offers.upgrade_pending": /*i18n*/ {
    id: "offers.upgrade_pending",
    message: "An upgrade of your package is already under way. Accept or decline that offer first.",
  },
  "offers.has_subscription": /*i18n*/ {
    id: "offers.has_subscription",
    message: "This company already has a subscription. Contact us to move it to this package.",
  },
  "offers.invalid_total": /*i18n*/ { id: "offers.invalid_total", message: "The one-time amount of an offer must be more than €1 excluding VAT." },
  "offers.mandate_exists": /*i18n*/ { id: "offers.mandate_exists", message: "A direct debit mandate has already been given for this package." },
  "offers.not_buyer": /*i18n*/ {
    id: "offers.not_buyer",
    message: "Only the owner or a billing member of the company this e-mail address belongs to can order a package for it. Ask one of them to accept the offer.",
  },
} satisfies Partial<Record<ErrorCode, MessageDescriptor>>;

/** Labels of the offer's fields in the "missing or not valid" message. */
export const OFFER_FIELD_LABELS = {
  acceptTerms: /*i18n*/ { id: "field.acceptTerms", message: "agreement to the terms" },
  package: /*i18n*/ { id: "field.package", message: "package" },
  lines: /*i18n*/ { id: "field.lines", message: "extra lines" },
  leadId: /*i18n*/ { id: "field.leadId", message: "quote request" },
  locale: /*i18n*/ { id: "field.locale", message: "language" },
} satisfies Record<string, MessageDescriptor>;
