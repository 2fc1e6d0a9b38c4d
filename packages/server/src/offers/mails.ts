import { formatDate, formatMoney, localizedPath, type Locale } from "@agency/contract";
import type { Config } from "../config";
import type { Db } from "../db/db";
import { deskLink, offerLink as offerPageLink, pageLink } from "../mail/links";
import type { Mailer } from "../mail/mailer";
import { agencyMail, deliveredMail, offerMail, reminderMail, signedMail, upgradeRequestedMail } from "../mail/offer-templates";
import { DEFAULT_MAX_ATTEMPTS } from "../outbox/backoff";
import type { Outbox, OutboxChannel } from "../outbox/delivery";
import { findInvoice } from "../payments/invoices-repository";
import { renderPackageInvoicePdf } from "../payments/invoice-pdf";
import { firstOfNextMonth } from "../payments/one-off";
import { renderOfferPdf } from "./offer-document";
import { findOffer, type OfferRow } from "./repository";
import { amountsOf, packageName } from "./texts";

/**
 * The mails of a package sale go through the outbox on a channel of their own: an item names the offer, the kind
 * and, for the mails about an invoice, the invoice; the mail is written when it is sent, in the offer's language,
 * with its documents (the signed offer, the invoice) as PDF attachments. Each is queued in the transaction of the
 * step that owes it, and each step happens once, so each mail is sent once.
 */
export const OFFER_MAIL_CHANNEL = "offer-mail";

export type OfferMailKind = "offer" | "signed" | "signed_agency" | "delivered" | "reminder" | "upgrade_requested";

export interface OfferMailPayload {
  offerId: string;
  kind: OfferMailKind;
  /** The invoice the mail is about: the deposit (signed), the balance (delivered, reminder). */
  invoiceId?: string;
}

export function queueOfferMail(outbox: Outbox, tx: Db, payload: OfferMailPayload): Promise<number> {
  return outbox.enqueue(tx, { channel: OFFER_MAIL_CHANNEL, topic: `offer.${payload.kind}`, payload, maxAttempts: DEFAULT_MAX_ATTEMPTS });
}

/** The site's address of a page under the offer's base, in its language: `https://site/en/terms?lang=en`. */
export function sitePage(publicUrl: string, offer: Pick<OfferRow, "base_path" | "locale">, page: string): string {
  return pageLink({ publicUrl, basePath: offer.base_path }, localizedPath(`/${page}`, offer.locale), offer.locale);
}

/**
 * The customer's link to the offer's page (the offer, later its invoices and what is still due), naming its language
 * as every mail's link does: `https://site/offer?token=…&lang=nl`, `https://site/en/offer?token=…&lang=en`.
 */
export function offerLink(publicUrl: string, offer: Pick<OfferRow, "base_path" | "locale" | "token">): string {
  return offerPageLink({ publicUrl, basePath: offer.base_path }, offer.token, offer.locale);
}

/** The agency's own mails are in Dutch and link to the desk. */
const AGENCY_LOCALE: Locale = "nl";

export function offerMailChannel(d: { db: Db; mailer: Mailer; config: Pick<Config, "publicUrl" | "agencyInbox" | "invoiceIssuer"> }): OutboxChannel<OfferMailPayload> {
  const { publicUrl, agencyInbox, invoiceIssuer } = d.config;
  return {
    async deliver({ offerId, kind, invoiceId }) {
      const offer = await findOffer(d.db, offerId);
      // The offer is kept for the bookkeeping; an offer gone is nothing to mail about.
      if (!offer) return;
      const locale = offer.locale;
      const money = (cents: number, l: Locale = locale) => formatMoney(cents / 100, offer.currency, l, { cents: true });
      const amounts = amountsOf(offer);
      const link = offerLink(publicUrl, offer);
      const base = { name: offer.name, number: offer.number, packageName: packageName(offer.package), link };
      const invoice = invoiceId ? await findInvoice(d.db, invoiceId) : null;
      const termsUrl = sitePage(publicUrl, offer, "terms");
      const deskUrl = deskLink({ publicUrl, basePath: offer.base_path }, `offers/${offer.id}`, AGENCY_LOCALE);
      const pdf = async (l: Locale = locale) => ({
        filename: `${offer.number}.pdf`,
        content: await renderOfferPdf(offer, { issuer: invoiceIssuer, termsUrl, locale: l }),
        contentType: "application/pdf",
      });
      const invoicePdf = async () =>
        invoice ? [{ filename: `${invoice.number}.pdf`, content: await renderPackageInvoicePdf(invoice, invoiceIssuer), contentType: "application/pdf" }] : [];
      const needsMandate = offer.mandate_ref === null;
      switch (kind) {
        case "offer": {
          const content = offerMail(locale, {
            ...base,
            upgrade: offer.kind === "upgrade",
            oneTime: money(amounts.oneTime.totalCents),
            monthly: money(amounts.monthly.totalCents),
            deposit: money(amounts.deposit.totalCents),
            validUntil: formatDate(offer.expires_at, locale),
          });
          return void (await d.mailer.send({ to: offer.email, ...content }));
        }
        case "signed": {
          const content = signedMail(locale, { ...base, deposit: money(amounts.deposit.totalCents), needsMandate });
          return void (await d.mailer.send({ to: offer.email, ...content, attachments: [await pdf(), ...(await invoicePdf())] }));
        }
        case "signed_agency": {
          const customer = offer.company_name ?? offer.name;
          const content = agencyMail(AGENCY_LOCALE, { ...base, link: deskUrl, email: offer.email, customer, deposit: money(amounts.deposit.totalCents, AGENCY_LOCALE) });
          return void (await d.mailer.send({ to: agencyInbox, replyTo: offer.email, ...content, attachments: [await pdf(AGENCY_LOCALE)] }));
        }
        case "delivered":
        case "reminder": {
          if (!invoice) return;
          const dueDate = formatDate(invoice.due_at ?? invoice.issued_at, locale);
          const common = { ...base, invoice: invoice.number, amount: money(invoice.total_cents), dueDate };
          const content =
            kind === "reminder"
              ? reminderMail(locale, common)
              : deliveredMail(locale, {
                  ...common,
                  // An upgrade's new fee starts from the next month too.
                  monthly: money(amounts.monthly.totalCents),
                  monthlyFrom: formatDate(firstOfNextMonth(offer.delivered_at ?? new Date()), locale),
                  needsMandate,
                });
          return void (await d.mailer.send({ to: offer.email, ...content, attachments: await invoicePdf() }));
        }
        case "upgrade_requested": {
          const content = upgradeRequestedMail(AGENCY_LOCALE, {
            ...base,
            link: deskUrl,
            email: offer.email,
            customer: offer.company_name ?? offer.name,
            from: offer.from_package ? packageName(offer.from_package) : "",
          });
          return void (await d.mailer.send({ to: agencyInbox, replyTo: offer.email, ...content }));
        }
      }
    },
    describe: ({ offerId, kind }) => `${kind} mail about offer ${offerId}`,
  };
}
