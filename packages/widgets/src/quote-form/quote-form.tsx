import {
  apiErrorMessage,
  apiStatus,
  contactApi,
  HONEYPOT_FIELD,
  isNetworkError,
  type ContactRequestPayload,
} from "@agency/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useElement } from "../element/element-context";
import { useQuoteOptions, type Option } from "./quote-options";
import {
  FIELD_ORDER,
  initialValues,
  serverFieldErrors,
  toPayload,
  validate,
  type FieldErrors,
  type FieldName,
  type FieldProblem,
  type QuoteFormValues,
} from "./quote-request";

export interface QuoteFormProps {
  /** Names the client site the form is embedded on; stored with the request for attribution. */
  source?: string;
}

/** Spec §4 / §9: how long the outcome stays on screen. */
export const SUCCESS_MESSAGE_MS = 5000;
export const ERROR_MESSAGE_MS = 8000;

type Status =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "success"; message: string }
  | { kind: "error"; message: string };

export interface QuoteFailedDetail {
  message: string;
  /** HTTP status, absent for a network error or a `success: false` answer. */
  status?: number;
  request: ContactRequestPayload;
}

function errorFields(error: unknown): string[] | undefined {
  const fields = (error as { response?: { data?: { fields?: unknown } } }).response?.data?.fields;
  return Array.isArray(fields) ? fields.filter((f): f is string => typeof f === "string") : undefined;
}

/** The quote-request form of spec §3 with the validation of §5, the states of §4 and the messages of §8. */
export function QuoteForm({ source }: QuoteFormProps) {
  const { t, i18n } = useLingui();
  const { api, emit, settings } = useElement();
  const options = useQuoteOptions(settings.locale);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<QuoteFormValues>(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const showFor = (next: Status, ms: number | null) => {
    clearTimeout(timer.current);
    setStatus(next);
    if (ms !== null) timer.current = setTimeout(() => setStatus({ kind: "idle" }), ms);
  };

  const set = <K extends keyof QuoteFormValues>(field: K, value: QuoteFormValues[K]) => {
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

  const focusFirst = (found: FieldErrors) => {
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  /**
   * The server's own message first (its code translated when this copy knows it), so a 503 that says why is
   * shown as such; only a bare 500 gets the generic server text; then a request that got no answer; then the rest.
   */
  const failureMessage = (error: unknown): string => {
    const serverMessage = apiErrorMessage(error, i18n);
    if (serverMessage) return serverMessage;
    if (apiStatus(error) === 500) return t`Server error - please try again later`;
    if (isNetworkError(error)) return t`Network error - check your internet connection`;
    return t`Failed to send message - please try again`;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status.kind === "loading") return;
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    const request = toPayload(values, { language: settings.locale, source, pageUrl: window.location.href });
    showFor({ kind: "loading" }, null);
    try {
      const answer: { success?: boolean; message?: string } = await contactApi.sendQuoteRequest(api, request);
      if (answer.success) {
        showFor({ kind: "success", message: answer.message || t`Thank you! Your message has been sent.` }, SUCCESS_MESSAGE_MS);
        setValues(initialValues());
        emit("agency-quote-submitted", request);
      } else {
        // Spec §4: the server answered but reported a failure; the message stays until the next attempt.
        const message = answer.message || t`Something went wrong`;
        showFor({ kind: "error", message }, null);
        emit("agency-quote-failed", { message, request });
      }
    } catch (error) {
      const message = failureMessage(error);
      const fieldErrors = serverFieldErrors(errorFields(error));
      setErrors(fieldErrors);
      focusFirst(fieldErrors);
      showFor({ kind: "error", message }, ERROR_MESSAGE_MS);
      emit("agency-quote-failed", { message, status: apiStatus(error), request });
    }
  };

  const fieldId = (field: string) => `${id}-${field}`;
  const errorProps = (field: FieldName) =>
    errors[field]
      ? { "aria-invalid": true as const, "aria-describedby": fieldId(`${field}-error`) }
      : { "aria-invalid": false as const };
  const fieldError = (field: FieldName) => {
    const problem = errors[field];
    return problem ? (
      <p className="quote__error" id={fieldId(`${field}-error`)}>
        {problemText(field, problem)}
      </p>
    ) : null;
  };

  const textField = (
    field: "name" | "email" | "phone",
    label: ReactNode,
    input: { type: string; autoComplete: string; inputMode?: "email" | "tel" },
  ) => (
    <div className="quote__field">
      <label className="quote__label" htmlFor={fieldId(field)}>
        {label} <span aria-hidden="true">*</span>
      </label>
      <input
        id={fieldId(field)}
        name={field}
        className="quote__control"
        required
        value={values[field]}
        onChange={(e) => set(field, e.target.value)}
        {...input}
        {...errorProps(field)}
      />
      {fieldError(field)}
    </div>
  );

  const optionalText = (
    field: "company" | "currentWebsite",
    label: ReactNode,
    input: { autoComplete: string; inputMode?: "url"; placeholder?: string },
  ) => (
    <div className="quote__field">
      <label className="quote__label" htmlFor={fieldId(field)}>
        {label}
      </label>
      <input
        id={fieldId(field)}
        name={field}
        type="text"
        className="quote__control"
        value={values[field]}
        onChange={(e) => set(field, e.target.value)}
        {...input}
      />
    </div>
  );

  const select = <F extends "projectType" | "budget" | "timeline" | "domainStatus" | "hearAboutUs">(
    field: F,
    label: ReactNode,
    choices: Option<Exclude<QuoteFormValues[F], "">>[],
    required: boolean,
  ) => (
    <div className="quote__field">
      <label className="quote__label" htmlFor={fieldId(field)}>
        {label} {required && <span aria-hidden="true">*</span>}
      </label>
      <select
        id={fieldId(field)}
        name={field}
        className="quote__control"
        required={required}
        value={values[field]}
        onChange={(e) => set(field, e.target.value as QuoteFormValues[F])}
        {...(field === "hearAboutUs" ? {} : errorProps(field as FieldName))}
      >
        <option value="">{t`Select an option`}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {field !== "hearAboutUs" && fieldError(field as FieldName)}
    </div>
  );

  const loading = status.kind === "loading";

  return (
    <form ref={formRef} className="quote" part="form" noValidate onSubmit={submit} aria-busy={loading}>
      <p className="quote__note">
        <Trans>Fields marked with * are required.</Trans>
      </p>
      <div className="quote__grid">
        {textField("name", <Trans>Full name</Trans>, { type: "text", autoComplete: "name" })}
        {textField("email", <Trans>Email address</Trans>, { type: "email", autoComplete: "email", inputMode: "email" })}
        {optionalText("company", <Trans>Company name</Trans>, { autoComplete: "organization" })}
        <div className="quote__field quote__phone">
          <div className="quote__field">
            <label className="quote__label" htmlFor={fieldId("country")}>
              <Trans>Country code</Trans> <span aria-hidden="true">*</span>
            </label>
            <select
              id={fieldId("country")}
              name="countryCode"
              className="quote__control"
              required
              value={values.country}
              onChange={(e) => set("country", e.target.value as QuoteFormValues["country"])}
            >
              {options.countries.map((country) => (
                <option key={country.value} value={country.value}>
                  {country.label}
                </option>
              ))}
            </select>
          </div>
          {textField("phone", <Trans>Phone number</Trans>, { type: "tel", autoComplete: "tel-national", inputMode: "tel" })}
        </div>
        {optionalText("currentWebsite", <Trans>Current website</Trans>, {
          autoComplete: "url",
          inputMode: "url",
          placeholder: "https://",
        })}
        {select("projectType", <Trans>Project type</Trans>, options.projectTypes, true)}
        {select("budget", <Trans>Budget range</Trans>, options.budgets, true)}
        {select("timeline", <Trans>Timeline</Trans>, options.timelines, true)}
        {select("domainStatus", <Trans>Domain status</Trans>, options.domainStatuses, true)}
        {select("hearAboutUs", <Trans>How did you hear about us?</Trans>, options.hearAboutUs, false)}
      </div>

      <div className="quote__field">
        <label className="quote__label" htmlFor={fieldId("primaryGoal")}>
          <Trans>What is the primary goal of your website?</Trans>
        </label>
        <textarea
          id={fieldId("primaryGoal")}
          name="primaryGoal"
          className="quote__control"
          rows={3}
          value={values.primaryGoal}
          onChange={(e) => set("primaryGoal", e.target.value)}
        />
      </div>

      <fieldset className="quote__features" part="features">
        <legend className="quote__label">
          <Trans>Which features do you need?</Trans>
        </legend>
        <div className="quote__checks">
          {options.features.map((feature) => (
            <label key={feature.value} className="quote__check">
              <input
                type="checkbox"
                name="features"
                value={feature.value}
                checked={values.features.includes(feature.value)}
                onChange={(e) =>
                  set(
                    "features",
                    e.target.checked
                      ? [...values.features, feature.value]
                      : values.features.filter((f) => f !== feature.value),
                  )
                }
              />
              {feature.label}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="quote__field">
        <label className="quote__label" htmlFor={fieldId("message")}>
          <Trans>Message</Trans>
        </label>
        <textarea
          id={fieldId("message")}
          name="message"
          className="quote__control"
          rows={5}
          value={values.message}
          onChange={(e) => set("message", e.target.value)}
        />
      </div>

      {/* The honeypot: off-screen and out of the tab order, so people never fill it in and robots do. */}
      <div className="quote__trap" aria-hidden="true">
        <label htmlFor={fieldId("trap")}>
          <Trans>Leave this field empty</Trans>
        </label>
        <input
          id={fieldId("trap")}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.trap}
          onChange={(e) => set("trap", e.target.value)}
        />
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

      <button type="submit" className="ag-button quote__submit" part="submit" disabled={loading}>
        {loading ? <Trans>Sending Your Request...</Trans> : <Trans>Request a free quote</Trans>}
      </button>
    </form>
  );
}
