import type { SecondFactorRequired, User } from "@agency/contract";
import { apiErrorCode, apiErrorMessage } from "@agency/core";
import { toast } from "@agency/ui";
import { FormAlert, TextField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useElement } from "../element/element-context";
import { useHeadingFocus } from "./heading-focus";
import { completeSecondFactorWithChallenge } from "./log-in";

/**
 * The login's second step, after a right password on an account with two-step verification: the six-digit code of
 * the authenticator app, or one of the recovery codes. It replaces the password form with a heading of its own, which
 * takes focus, so a screen reader announces the new step. A sign-in that took too long goes back to the password.
 */
export function SecondFactorView({
  challenge,
  onSignedIn,
  onBack,
}: {
  challenge: SecondFactorRequired;
  onSignedIn: (user: User) => void;
  onBack: (message?: string) => void;
}) {
  const { t, i18n } = useLingui();
  const { api, settings } = useElement();
  const heading = useHeadingFocus(true);
  const [recovery, setRecovery] = useState(false);
  const form = useForm({
    initial: { code: "" },
    validate: ({ code }) =>
      code.trim() ? {} : { code: recovery ? t`Please enter a recovery code` : t`Please enter the code from your authenticator app` },
    onSubmit: async ({ code }) =>
      onSignedIn(await completeSecondFactorWithChallenge(api, { signInToken: challenge.signInToken, code: code.trim(), basePath: settings.basePath })),
    onError: (failure) => {
      const message = apiErrorMessage(failure, i18n) ?? t`Login failed`;
      if (apiErrorCode(failure) === "auth.sign_in_expired") return void onBack(message);
      toast.error(message, { locale: settings.locale });
      form.setValue("code", "");
      return message;
    },
  });

  function switchKind() {
    setRecovery(!recovery);
    form.reset();
  }

  return (
    <div className="login__view" part="view second-factor">
      <h2 ref={heading} tabIndex={-1} className="login__title">
        <Trans>Two-step verification</Trans>
      </h2>
      <p className="login__intro">
        {recovery ? (
          <Trans>Enter one of the recovery codes you saved when you turned on two-step verification. Each code works once.</Trans>
        ) : (
          <Trans>Enter the six-digit code that your authenticator app shows for this account.</Trans>
        )}
      </p>
      <form className="form" part="form" noValidate onSubmit={form.submit}>
        <FormAlert {...form.alert} />
        <TextField
          key={recovery ? "recovery" : "totp"}
          label={recovery ? t`Recovery code` : t`Authentication code`}
          name="code"
          autoComplete="one-time-code"
          inputMode={recovery ? "text" : "numeric"}
          autoCapitalize={recovery ? "characters" : undefined}
          spellCheck={false}
          required
          {...form.field("code")}
          invalid={Boolean(form.errors.form)}
        />
        <p className="form__aside">
          <button type="button" className="ag-link" onClick={switchKind}>
            {recovery ? <Trans>Use your authenticator app instead</Trans> : <Trans>Use a recovery code instead</Trans>}
          </button>
        </p>
        <button type="submit" className="ag-button form__submit" part="submit" disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? <Trans>Verifying...</Trans> : <Trans>Verify</Trans>}
        </button>
      </form>
      <p className="login__switch">
        <button type="button" className="ag-link" onClick={() => onBack()}>
          <Trans>Back to login</Trans>
        </button>
      </p>
    </div>
  );
}
