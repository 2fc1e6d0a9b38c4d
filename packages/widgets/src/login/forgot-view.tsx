import { isEmail } from "@agency/contract";
import { apiErrorMessage, authApi } from "@agency/core";
import { originRefusedMessage, toast } from "@agency/ui";
import { FormAlert, TextField, useFocusFirstError } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useElement } from "../element/element-context";
import { useHeadingFocus } from "./heading-focus";
import { ViewLink } from "./view-link";

/** Forgot password: the form, then a confirmation naming the address. */
export function ForgotView({ focusHeading }: { focusHeading: boolean }) {
  const { t, i18n } = useLingui();
  const { api, settings } = useElement();
  const heading = useHeadingFocus(focusHeading);
  const form = useRef<HTMLFormElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<{ email?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Set by 'Try different email', so the emptied field gets focus once the form is back.
  const [returned, setReturned] = useState(false);
  const focusFirstError = useFocusFirstError(form);

  useEffect(() => {
    if (returned && sentTo === null) emailInput.current?.focus();
  }, [returned, sentTo]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    const next: { email?: string } = !address
      ? { email: t`Please enter your email address` }
      : !isEmail(address)
        ? { email: t`Please enter a valid email address` }
        : {};
    setErrors(next);
    if (next.email) return focusFirstError();

    setBusy(true);
    setServerError(null);
    try {
      // The mailed link must open the reset page of this site, under its preview base path if it has one.
      await authApi.forgotPassword(api, { email: address, language: settings.locale, basePath: settings.basePath });
      toast.success(t`Check your email for reset instructions`, { locale: settings.locale });
      setSentTo(address);
    } catch (error) {
      const message = apiErrorMessage(error, i18n) ?? originRefusedMessage(i18n, error) ?? t`Failed to send reset email`;
      toast.error(message, { locale: settings.locale });
      setServerError(message);
    } finally {
      setBusy(false);
    }
  }

  if (sentTo !== null) {
    return (
      <SentConfirmation
        email={sentTo}
        onTryAgain={() => {
          setEmail("");
          setSentTo(null);
          setReturned(true);
        }}
      />
    );
  }

  return (
    <div className="login__view" part="view">
      <h2 ref={heading} tabIndex={-1} className="login__title">
        <Trans>Forgot your password?</Trans>
      </h2>
      <p className="login__intro">
        <Trans>Enter your email address and we'll send you a link to reset your password.</Trans>
      </p>
      <form ref={form} className="form" part="form" noValidate onSubmit={submit}>
        <FormAlert message={serverError} />
        <TextField
          inputRef={emailInput}
          label={t`Email address`}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onValueChange={(value) => {
            setEmail(value);
            setErrors({});
          }}
          error={errors.email}
        />
        <button type="submit" className="ag-button form__submit" part="submit" disabled={busy} aria-busy={busy}>
          {busy ? <Trans>Sending...</Trans> : <Trans>Send reset link</Trans>}
        </button>
      </form>
      <p className="login__switch">
        <ViewLink view="login" className="ag-link">
          <Trans>Back to login</Trans>
        </ViewLink>
      </p>
    </div>
  );
}

function SentConfirmation({ email, onTryAgain }: { email: string; onTryAgain: () => void }) {
  const heading = useHeadingFocus(true);
  return (
    <div className="login__view login__sent" part="view">
      <h2 ref={heading} tabIndex={-1} className="login__title">
        <Trans>Check your email</Trans>
      </h2>
      <p className="login__intro">
        <Trans>
          We've sent password reset instructions to <strong className="login__address">{email}</strong>.
        </Trans>
      </p>
      <ul className="login__hints">
        <li>
          <Trans>Can't find the email? Check your spam or junk folder.</Trans>
        </li>
        <li>
          <Trans>Make sure you entered the correct email address.</Trans>
        </li>
        <li>
          <Trans>It can take a few minutes to arrive, so please wait a moment.</Trans>
        </li>
      </ul>
      <div className="login__actions">
        <button type="button" className="ag-button ag-button--secondary" onClick={onTryAgain}>
          <Trans>Try different email</Trans>
        </button>
        <ViewLink view="login" className="ag-button">
          <Trans>Back to login</Trans>
        </ViewLink>
      </div>
    </div>
  );
}
