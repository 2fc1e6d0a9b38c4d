import { HONEYPOT_FIELD, withLinkLanguage } from "@agency/contract";
import { CheckboxGroup, SelectField, TextAreaField, TextField, useForm, type FormErrors } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useRef } from "react";
import { useElement } from "../element/element-context";
import { agencyPrivacyHref } from "./privacy-href";
import { useQuoteOptions } from "./quote-options";
import {
  initialValues,
  validate,
  type FieldName,
  type FieldProblem,
  type QuoteFormValues,
} from "./quote-request";
import { useQuoteSubmission } from "./use-quote-submission";
import { useSpamChecks } from "./use-spam-checks";

export interface QuoteFormProps {
  /** Names the client site the form is embedded on; stored with the request for attribution. */
  source?: string;
  /** The privacy policy the notice under the button links to. Default: the agency's, in the form's language. */
  privacyHref?: string;
}

/** The quote-request form: validated as the visitor submits, sent to the API, its outcome shown under it. */
export function QuoteForm({ source, privacyHref }: QuoteFormProps) {
  const { t } = useLingui();
  const { settings } = useElement();
  const options = useQuoteOptions(settings.locale);
  const { status, send } = useQuoteSubmission();
  // The spam checks start with the first focus in the form.
  const element = useRef<HTMLFormElement>(null);
  const spamChecks = useSpamChecks(element);
  const form = useForm<QuoteFormValues>({
    initial: initialValues,
    validate: (values) => {
      const found: FormErrors<FieldName> = {};
      for (const [field, problem] of Object.entries(validate(values)) as [FieldName, FieldProblem][]) found[field] = problemText(field, problem);
      return found;
    },
    onSubmit: async (values) => {
      const outcome = await send(values, { language: settings.locale, source, pageUrl: window.location.href }, spamChecks.take);
      if (outcome.sent) {
        spamChecks.restart();
        form.reset();
      } else form.setServerErrors(outcome.error);
    },
    // The status line under the form says what went wrong; the fields the server names are marked.
    onError: () => undefined,
    fieldNames: { budgetRange: "budget" },
    fieldText: t`Please check this field`,
  });

  const problemText = (field: FieldName, problem: FieldProblem): string => {
    if (problem === "email") return t`Please enter a valid email address`;
    if (problem === "phone") return t`Please enter a valid phone number`;
    const required: Record<FieldName, string> = {
      name: t`Please enter your name`,
      email: t`Please enter your email address`,
      phone: t`Please enter your phone number`,
      projectType: t`Please choose a project type`,
      budget: t`Please choose a budget range`,
      timeline: t`Please choose a timeline`,
      domainStatus: t`Please choose your domain status`,
    };
    return required[field];
  };

  /** What a required field shares besides its value: its name, and `required` with the asterisk. */
  const required = <K extends FieldName>(field: K) => ({ ...form.field(field), name: field, required: true, requiredMark: true });

  const loading = form.busy;
  const choose = t`Select an option`;

  return (
    <form ref={element} className="quote" part="form" noValidate onSubmit={form.submit} aria-busy={loading}>
      <p className="quote__note">
        <Trans>Fields marked with * are required.</Trans>
      </p>
      <div className="quote__grid">
        <TextField {...required("name")} label={t`Full name`} autoComplete="name" />
        <TextField {...required("email")} label={t`Email address`} type="email" autoComplete="email" inputMode="email" />
        <TextField name="company" label={t`Company name`} autoComplete="organization" {...form.field("company")} />
        {/* Country code and number belong together, so they share one grid cell. */}
        <div className="quote__phone">
          <SelectField name="countryCode" label={t`Country code`} required requiredMark options={options.countries} {...form.field("country")} />
          {/* The number without its country code, which the select holds: tel-national, a token for text inputs (a tel
              input takes only the whole number, "tel"); inputMode still brings the phone keypad. */}
          <TextField {...required("phone")} label={t`Phone number`} autoComplete="tel-national" inputMode="tel" />
        </div>
        <TextField
          name="currentWebsite"
          label={t`Current website`}
          autoComplete="url"
          inputMode="url"
          placeholder="https://"
          {...form.field("currentWebsite")}
        />
        <SelectField {...required("projectType")} label={t`Project type`} placeholder={choose} options={options.projectTypes} />
        <SelectField {...required("budget")} label={t`Budget range`} placeholder={choose} options={options.budgets} />
        <SelectField {...required("timeline")} label={t`Timeline`} placeholder={choose} options={options.timelines} />
        <SelectField
          {...required("domainStatus")}
          label={t`Domain status`}
          placeholder={choose}
          options={options.domainStatuses}
         
        />
        <SelectField
          name="hearAboutUs"
          label={t`How did you hear about us?`}
          placeholder={choose}
          options={options.hearAboutUs}
          {...form.field("hearAboutUs")}
        />
      </div>

      <TextAreaField name="primaryGoal" label={t`What is the primary goal of your website?`} rows={3} {...form.field("primaryGoal")} />
      <CheckboxGroup
        className="quote__features"
        part="features"
        name="features"
        legend={t`Which features do you need?`}
        options={options.features}
        {...form.field("features")}
      />
      <TextAreaField name="message" label={t`Message`} rows={5} {...form.field("message")} />

      {/* The honeypot: off-screen and out of the tab order, so people never fill it in and robots do. */}
      <div className="quote__trap" aria-hidden="true">
        <TextField name={HONEYPOT_FIELD} label={t`Leave this field empty`} tabIndex={-1} autoComplete="off" {...form.field("trap")} />
      </div>

      <div className="quote__status" aria-live="polite">
        {status.kind === "success" && (
          <p className="quote__message quote__message--success" part="message">
            {status.message}
          </p>
        )}
        {status.kind === "error" && (
          <p className="quote__message quote__message--error" part="message" role="alert">
            {status.message}
          </p>
        )}
      </div>

      {/* Unavailable while sending, yet still focusable: a disabled button would drop the visitor's focus to the
          page, and their next Tab would start again at its top. A second press is ignored in `submit`. */}
      <button type="submit" className="ag-button quote__submit" part="submit" aria-disabled={loading || undefined}>
        {loading ? <Trans>Sending Your Request...</Trans> : <Trans>Request a free quote</Trans>}
      </button>
      {/* Told where the details are collected. A new tab, so reading the policy does not lose what was typed. */}
      <p className="quote__privacy" part="privacy">
        <Trans>
          We use your details only to answer your request and keep them for 2 years after our last contact.{" "}
          <a href={withLinkLanguage(privacyHref || agencyPrivacyHref(settings.apiBase, settings.locale), settings.locale)} target="_blank" rel="noopener" className="ag-link">
            Read our privacy policy (opens in a new tab)
          </a>
        </Trans>
      </p>
    </form>
  );
}
