import { HONEYPOT_FIELD, withLinkLanguage } from "@agency/contract";
import { CheckboxGroup, SelectField, TextAreaField, TextField, useFocusFirstError } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useRef, useState, type FormEvent } from "react";
import { useElement } from "../element/element-context";
import { agencyPrivacyHref } from "./privacy-href";
import { useQuoteOptions } from "./quote-options";
import {
  initialValues,
  serverFieldErrors,
  toPayload,
  validate,
  type FieldErrors,
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
  const form = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(form);
  const [values, setValues] = useState<QuoteFormValues>(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { status, send } = useQuoteSubmission();
  const spamChecks = useSpamChecks(form);

  /** The change handler of a field: its new value, and its error gone. */
  const set =
    <K extends keyof QuoteFormValues>(field: K) =>
    (value: QuoteFormValues[K]) => {
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => (current[field as FieldName] ? { ...current, [field]: undefined } : current));
    };

  const problemText = (field: FieldName, problem: FieldProblem): string => {
    if (problem === "email") return t`Please enter a valid email address`;
    if (problem === "phone") return t`Please enter a valid phone number`;
    if (problem === "server") return t`Please check this field`;
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

  /** A field's value and change handler. */
  const bind = <K extends keyof QuoteFormValues>(field: K) => ({ value: values[field], onValueChange: set(field) });

  /** What a required field shares: its name, `required` with the asterisk, and its error. */
  const required = (field: FieldName) => {
    const problem = errors[field];
    return { name: field, required: true, requiredMark: true, error: problem ? problemText(field, problem) : undefined };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status.kind === "loading") return;
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError();
    const request = toPayload(values, { language: settings.locale, source, pageUrl: window.location.href });
    const outcome = await send(request, spamChecks.take);
    if (outcome.sent) {
      spamChecks.restart();
      return setValues(initialValues());
    }
    setErrors(serverFieldErrors(outcome.fields));
    focusFirstError();
  };

  const loading = status.kind === "loading";
  const choose = t`Select an option`;

  return (
    <form ref={form} className="quote" part="form" noValidate onSubmit={submit} aria-busy={loading}>
      <p className="quote__note">
        <Trans>Fields marked with * are required.</Trans>
      </p>
      <div className="quote__grid">
        <TextField {...required("name")} label={t`Full name`} autoComplete="name" {...bind("name")} />
        <TextField {...required("email")} label={t`Email address`} type="email" autoComplete="email" inputMode="email" {...bind("email")} />
        <TextField name="company" label={t`Company name`} autoComplete="organization" {...bind("company")} />
        {/* Country code and number belong together, so they share one grid cell. */}
        <div className="quote__phone">
          <SelectField name="countryCode" label={t`Country code`} required requiredMark options={options.countries} {...bind("country")} />
          {/* The number without its country code, which the select holds: tel-national, a token for text inputs (a tel
              input takes only the whole number, "tel"); inputMode still brings the phone keypad. */}
          <TextField {...required("phone")} label={t`Phone number`} autoComplete="tel-national" inputMode="tel" {...bind("phone")} />
        </div>
        <TextField
          name="currentWebsite"
          label={t`Current website`}
          autoComplete="url"
          inputMode="url"
          placeholder="https://"
          {...bind("currentWebsite")}
        />
        <SelectField {...required("projectType")} label={t`Project type`} placeholder={choose} options={options.projectTypes} {...bind("projectType")} />
        <SelectField {...required("budget")} label={t`Budget range`} placeholder={choose} options={options.budgets} {...bind("budget")} />
        <SelectField {...required("timeline")} label={t`Timeline`} placeholder={choose} options={options.timelines} {...bind("timeline")} />
        <SelectField
          {...required("domainStatus")}
          label={t`Domain status`}
          placeholder={choose}
          options={options.domainStatuses}
          {...bind("domainStatus")}
        />
        <SelectField
          name="hearAboutUs"
          label={t`How did you hear about us?`}
          placeholder={choose}
          options={options.hearAboutUs}
          {...bind("hearAboutUs")}
        />
      </div>

      <TextAreaField name="primaryGoal" label={t`What is the primary goal of your website?`} rows={3} {...bind("primaryGoal")} />
      <CheckboxGroup
        className="quote__features"
        part="features"
        name="features"
        legend={t`Which features do you need?`}
        options={options.features}
        {...bind("features")}
      />
      <TextAreaField name="message" label={t`Message`} rows={5} {...bind("message")} />

      {/* The honeypot: off-screen and out of the tab order, so people never fill it in and robots do. */}
      <div className="quote__trap" aria-hidden="true">
        <TextField name={HONEYPOT_FIELD} label={t`Leave this field empty`} tabIndex={-1} autoComplete="off" {...bind("trap")} />
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
