import type { Db } from "../db/db";
import { say } from "../i18n";
import { defineMail } from "../mail/registry";
import { greeting, quoteChoiceTexts, quoteLabels, type QuoteChoices } from "../mail/templates";
import type { Outbox } from "../outbox/delivery";
import { mailItem } from "../outbox/mail-channel";
import { contactRef } from "./notify";
import { confirmationQueuedWithinHour, type ContactRow } from "./repository";

/**
 * The mail to the sender of a quote request: the promise of an answer within 24 hours and the choices made, in the
 * request's language. At most one an hour per address, so nobody can flood someone else's inbox with the form
 * (further requests are stored and notified to the agency all the same). Nobody has proven the address to be the
 * sender's, so the mail repeats none of what they typed (name, company, message, …): only the choices from the
 * form's fixed lists, greeting without a name. Otherwise anyone could send their own words to any address from ours.
 */
export const QUOTE_CONFIRMATION_TOPIC = "contact.confirmation";

const t = {
  subject: /*i18n*/ { id: "mail.quote_confirmation.subject", message: "We received your quote request" },
  intro: /*i18n*/ {
    id: "mail.quote_confirmation.intro",
    message: "Thank you for your quote request. We will get back to you within 24 hours.",
  },
  summary: /*i18n*/ { id: "mail.quote_confirmation.summary", message: "Your choices:" },
  footer: /*i18n*/ {
    id: "mail.quote_confirmation.footer",
    message: "Did you not send this request? Then you can ignore this e-mail; we will not contact you unless you reply.",
  },
};

export const quoteConfirmationMail = defineMail<QuoteChoices>({
  name: "quote.confirmation",
  render: (locale, choices) => {
    const label = (key: keyof typeof quoteLabels) => say(locale, quoteLabels[key]);
    const choice = quoteChoiceTexts(locale, choices);
    const fields: [string, string][] = [
      [label("projectType"), choice.projectType],
      [label("budgetRange"), choice.budgetRange],
      [label("timeline"), choice.timeline],
      [label("domainStatus"), choice.domainStatus],
      [label("features"), choice.features],
    ];
    const lines = fields.filter(([, value]) => value).map(([key, value]) => `${key}: ${value}`);
    return {
      subject: say(locale, t.subject),
      text: [greeting(locale, undefined), "", say(locale, t.intro), "", say(locale, t.summary), "", ...lines, "", say(locale, t.footer)].join(
        "\n",
      ),
    };
  },
  samples: (_site, locale) => [
    {
      projectType: "new-website",
      budgetRange: "4000+",
      budgetUnknown: true,
      timeline: "flexible",
      domainStatus: "have-domain",
      features: ["contact-forms"],
      hearAboutUs: "google-search",
      language: locale,
    },
  ],
});

/** The choices of a stored request, as the confirmation repeats them. */
export function storedQuoteChoices(row: ContactRow): QuoteChoices {
  return {
    projectType: row.project_type,
    budgetRange: row.budget_range,
    budgetUnknown: row.budget_unknown,
    timeline: row.timeline,
    domainStatus: row.domain_status,
    features: row.features,
    hearAboutUs: row.hear_about_us,
    language: row.language,
  };
}

/**
 * Queues the confirmation in the transaction that stored the request, unless one went to the address within the
 * hour. @returns the outbox id, or null when none was queued.
 */
export async function enqueueQuoteConfirmation(outbox: Outbox, tx: Db, row: ContactRow): Promise<number | null> {
  if (await confirmationQueuedWithinHour(tx, QUOTE_CONFIRMATION_TOPIC, row.email)) return null;
  const mail = quoteConfirmationMail(row.language, storedQuoteChoices(row));
  return outbox.enqueue(tx, mailItem({ topic: QUOTE_CONFIRMATION_TOPIC, ref: contactRef(row.id), message: { to: row.email, ...mail } }));
}
