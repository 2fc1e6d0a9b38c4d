import { isEmail } from "@agency/contract";
import { apiErrorMessage, authApi } from "@agency/core";
import { originRefusedMessage, toast } from "@agency/ui";
import { FormAlert, TextField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { useElement } from "../element/element-context";
import { useHeadingFocus } from "./heading-focus";
import { ViewLink } from "./view-link";

/** Forgot password: the form, then a confirmation naming the address. */
export function ForgotView({ focusHeading }: { focusHeading: boolean }) {
  const { t, i18n } = useLingui();
  const { api, settings } = useElement();
  const heading = useHeadingFocus(focusHeading);
  const emailInput = useRef<HTMLInputElement>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Set by 'Try different email', so the emptied field gets focus once the form is back.
  const [returned, setReturned] = useState(false);
  const form = useForm({
    initial: { email: "" },
    validate: ({ email }) => {
      const address = email.trim();
      return !address ? { email: t`Please enter your email address` } : !isEmail(address) ? { email: t`Please enter a valid email address` } : {};
    },
    onSubmit: async ({ email }) => {
      const address = email.trim();
      // The mailed link must open the reset page of this site, under its preview base path if it has one.
      await authApi.forgotPassword(api, { email: address, language: settings.locale, basePath: settings.basePath });
      toast.success(t`Check your email for reset instructions`, { locale: settings.locale });
      setSentTo(address);
    },
    onError: (error) => {
      const message = apiErrorMessage(error, i18n) ?? originRefusedMessage(i18n, error) ?? t`Failed to send reset email`;
      toast.error(message, { locale: settings.locale });
      return message;
    },
  });

  useEffect(() => {
    if (returned && sentTo === null) emailInput.current?.focus();
  }, [returned, sentTo]);

  if (sentTo !== null) {
    return (
      <SentConfirmation
        email={sentTo}
        onTryAgain={() => {
          form.reset();
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
      <form className="form" part="form" noValidate onSubmit={form.submit}>
        <FormAlert {...form.alert} />
        <TextField
          inputRef={emailInput}
          label={t`Email address`}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          {...form.field("email")}
        />
        <button type="submit" className="ag-button form__submit" part="submit" disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? <Trans>Sending...</Trans> : <Trans>Send reset link</Trans>}
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
