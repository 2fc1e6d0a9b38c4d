import type { SecondFactorRequired, User } from "@agency/contract";
import { apiErrorCode, apiErrorMessage, authApi } from "@agency/core";
import { toast } from "@agency/ui";
import { FormAlert, TextField, useFocusFirstError } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useRef, useState, type FormEvent } from "react";
import { useElement } from "../element/element-context";
import { useHeadingFocus } from "./heading-focus";

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
  const form = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(form);
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setError(recovery ? t`Please enter a recovery code` : t`Please enter the code from your authenticator app`);
      return focusFirstError();
    }
    setBusy(true);
    setServerError(null);
    try {
      onSignedIn(await authApi.completeSecondFactor(api, { signInToken: challenge.signInToken, code: typed, basePath: settings.basePath }));
    } catch (failure) {
      const message = apiErrorMessage(failure, i18n) ?? t`Login failed`;
      if (apiErrorCode(failure) === "auth.sign_in_expired") return onBack(message);
      toast.error(message, { locale: settings.locale });
      setServerError(message);
      setCode("");
      focusFirstError();
    } finally {
      setBusy(false);
    }
  }

  function switchKind() {
    setRecovery(!recovery);
    setCode("");
    setError(undefined);
    setServerError(null);
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
      <form ref={form} className="form" part="form" noValidate onSubmit={submit}>
        <FormAlert message={serverError} />
        <TextField
          key={recovery ? "recovery" : "totp"}
          label={recovery ? t`Recovery code` : t`Authentication code`}
          name="code"
          autoComplete="one-time-code"
          inputMode={recovery ? "text" : "numeric"}
          autoCapitalize={recovery ? "characters" : undefined}
          spellCheck={false}
          required
          value={code}
          onValueChange={(value) => {
            setCode(value);
            setError(undefined);
          }}
          error={error}
          invalid={Boolean(serverError)}
        />
        <p className="form__aside">
          <button type="button" className="ag-link" onClick={switchKind}>
            {recovery ? <Trans>Use your authenticator app instead</Trans> : <Trans>Use a recovery code instead</Trans>}
          </button>
        </p>
        <button type="submit" className="ag-button form__submit" part="submit" disabled={busy} aria-busy={busy}>
          {busy ? <Trans>Verifying...</Trans> : <Trans>Verify</Trans>}
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
