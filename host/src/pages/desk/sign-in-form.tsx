import { apiErrorCode, deskApi } from "@agency/core";
import { FormAlert, PasswordField, TextField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { failureText, marked, useDeskApi } from "./desk-lib";

type Field = "email" | "password" | "code";

/**
 * Staff sign-in: e-mail address, password and, always, a second factor: the authenticator's current code or one
 * of the recovery codes. The server answers one error for any of them (nobody learns a password was right before
 * the code); its text names all three, and the code, which changes every 30 seconds, is emptied to be typed again.
 */
export function SignInForm() {
  const { t, i18n } = useLingui();
  const api = useDeskApi();
  // The alert says what is wrong; the fields at fault are marked and described by it.
  const form = useForm({
    initial: { email: "", password: "", code: "" },
    validate: ({ email, password, code }) => {
      const missing = [!email.trim() && "email", !password && "password", !code.trim() && "code"] as const;
      return missing.some(Boolean) ? { form: t`Please fill in your e-mail address, password and code.`, ...marked(missing) } : {};
    },
    // The desk's session store hears of it, and the guard shows the view the staff member came for.
    onSubmit: ({ email, password, code }) => deskApi.login(api, { email: email.trim(), password, code: code.trim() }),
    onError: (failure) => {
      const fields: Field[] = apiErrorCode(failure) === "desk.sign_in_failed" ? ["code"] : [];
      if (fields.includes("code")) form.setValue("code", "");
      return { form: failureText(failure, i18n, t`Signing in failed. Please try again.`), ...marked(fields) };
    },
  });

  return (
    <form className="desk-form" noValidate onSubmit={form.submit}>
      <FormAlert {...form.alert} />
      <TextField {...form.field("email")} label={t`E-mail address`} type="email" autoComplete="username" required />
      <PasswordField {...form.field("password")} label={t`Password`} autoComplete="current-password" required />
      <TextField
        {...form.field("code")}
        label={t`Code`}
        hint={t`The six-digit code from your authenticator app, or one of your recovery codes.`}
        autoComplete="one-time-code"
        inputMode="text"
        spellCheck={false}
        required
      />
      <button type="submit" className="ag-button" disabled={form.busy} aria-busy={form.busy}>
        {form.busy ? <Trans>Signing in...</Trans> : <Trans>Sign in</Trans>}
      </button>
    </form>
  );
}
