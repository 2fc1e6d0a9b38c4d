import { defineElement } from "../element/define-element";
import { QuoteForm, type QuoteFormProps } from "./quote-form";
import css from "./quote-form.css?inline";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

/**
 * `<agency-quote-form locale="nl|en" api-base="…" source="client-site">`
 * Events: `agency-quote-submitted` (detail: the request as sent), `agency-quote-failed` (detail: message, status, request).
 */
export const AgencyQuoteForm = defineElement<QuoteFormProps>({
  tag: "agency-quote-form",
  component: QuoteForm,
  props: { source: "string" },
  catalog: { nl, en },
  css,
});
