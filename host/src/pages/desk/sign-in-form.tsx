import { apiErrorCode, deskApi } from "@agency/core";
import { FormAlert, PasswordField, TextField, useFocusFirstError } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useRef, useState, type FormEvent } from "react";
import { failureText, useDeskApi } from "./desk-lib";

type Field = "email" | "password" | "code";

/**
 * Staff sign-in: e-mail address, password and, always, a second factor: the authenticator's current code or one
 * of the recovery codes. A wrong or missing code marks the code field; wrong credentials mark the other two.
 */
export function SignInForm() {
  const { t, i18n } = useLingui();
  const api = useDeskApi();
  const alertId = useId();
  const form = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(form);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<{ message: string; fields: Field[] } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = ([!email.trim() && "email", !password && "password", !code.trim() && "code"] as const).filter(
      (field): field is Field => Boolean(field),
    );
    if (missing.length > 0) {
      setError({ message: t`Please fill in your e-mail address, password and code.`, fields: missing });
      focusFirstError();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      // The desk's session store hears of it, and the guard shows the view the staff member came for.
      await deskApi.login(api, { email: email.trim(), password, code: code.trim() });
    } catch (failure) {
      const errorCode = apiErrorCode(failure);
      const fields: Field[] = errorCode?.startsWith("desk.code") ? ["code"] : errorCode === "auth.invalid_credentials" ? ["email", "password"] : [];
      setError({ message: failureText(failure, i18n, t`Signing in failed. Please try again.`), fields });
      if (fields.includes("code")) setCode("");
      focusFirstError();
    } finally {
      setBusy(false);
    }
  }

  const fault = (field: Field) => {
    const invalid = error?.fields.includes(field) ?? false;
    return { invalid, describedBy: invalid ? alertId : undefined };
  };

  return (
    <form ref={form} className="desk-form" noValidate onSubmit={submit}>
      <FormAlert id={alertId} message={error?.message} />
      <TextField {...fault("email")} label={t`E-mail address`} type="email" autoComplete="username" value={email} onValueChange={setEmail} required />
      <PasswordField {...fault("password")} label={t`Password`} autoComplete="current-password" value={password} onValueChange={setPassword} required />
      <TextField
        {...fault("code")}
        label={t`Code`}
        hint={t`The six-digit code from your authenticator app, or one of your recovery codes.`}
        autoComplete="one-time-code"
        inputMode="text"
        spellCheck={false}
        value={code}
        onValueChange={setCode}
        required
      />
      <button type="submit" className="ag-button" disabled={busy} aria-busy={busy}>
        {busy ? <Trans>Signing in...</Trans> : <Trans>Sign in</Trans>}
      </button>
    </form>
  );
}
