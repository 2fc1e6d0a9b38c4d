import { defineElement } from "../element/define-element";
import { quoteChoicesCatalog } from "@agency/contract/quote-choices";
import { choicesCss, formCatalog, formCss } from "@agency/ui/form";
import { QuoteForm, type QuoteFormProps } from "./quote-form";
import css from "./quote-form.css?inline";
import { messages as nl } from "./locales/nl.po";
import { quoteFormMeta } from "./quote-form.meta";

export const AgencyQuoteForm = defineElement<QuoteFormProps>({
  meta: quoteFormMeta,
  component: QuoteForm,
  catalog: [formCatalog, quoteChoicesCatalog, { nl, en: () => import("./locales/en.po") }],
  css: [formCss, choicesCss, css],
});
