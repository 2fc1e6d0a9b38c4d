import { apiErrorCode, apiErrorMessage, twoFactorApi } from "@agency/core";
import { FormAlert, PasswordField, TextField, useFocusFirstError } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useRef, useState, type FormEvent } from "react";
import { useElement } from "../../element/element-context";

/** Which field an error answer is about, so that field is marked and focused. */
function fieldOf(failure: unknown): "code" | "password" | "form" {
  const code = apiErrorCode(failure);
  return code === "auth.code_invalid" ? "code" : code === "account.wrong_password" ? "password" : "form";
}

type Errors = Partial<Record<"code" | "password" | "form", string>>;

function useCodeForm() {
  const { t, i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(form);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  async function run(check: () => Errors, work: () => Promise<void>) {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError();
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      console.error("agency-settings: two-step verification", failure);
      setErrors({ [fieldOf(failure)]: apiErrorMessage(failure, i18n) ?? t`Something went wrong. Please try again.` });
      focusFirstError();
    } finally {
      setBusy(false);
    }
  }
  return { form, errors, busy, run };
}

/** New recovery codes: the authenticator's code (or a recovery code), or the password, as the server takes either. */
export function RenewCodesForm({ id, onCodes, onCancel }: { id: string; onCodes: (codes: string[]) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const { api } = useElement();
  const { form, errors, busy, run } = useCodeForm();
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(
      () => (code.trim() || password ? {} : { code: t`Enter a code from your authenticator app, or your password.` }),
      async () => onCodes(await twoFactorApi.newRecoveryCodes(api, code.trim() ? { code: code.trim() } : { password })),
    );
  };

  return (
    <form id={id} ref={form} className="settings__form" noValidate onSubmit={submit}>
      <p className="settings__muted">
        <Trans>New codes replace every recovery code you have now. Confirm with a code from your authenticator app, or with your password.</Trans>
      </p>
      <TextField label={t`Code from your authenticator app`} name="code" autoComplete="one-time-code" inputMode="numeric" value={code} onValueChange={setCode} error={errors.code} disabled={busy} />
      <PasswordField label={t`Or your password`} name="password" autoComplete="current-password" value={password} onValueChange={setPassword} error={errors.password} disabled={busy} />
      <FormAlert message={errors.form} />
      <div className="settings__actions">
        <button type="submit" className="ag-button" disabled={busy} aria-busy={busy}>
          {busy ? <Trans>Making codes...</Trans> : <Trans>Make new codes</Trans>}
        </button>
        <button type="button" className="ag-button ag-button--secondary" onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}

/** Turning it off takes both the password and a code (the app's, or a recovery code for a lost phone). */
export function DisableForm({ id, onDisabled, onCancel }: { id: string; onDisabled: (message: string) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const { api } = useElement();
  const { form, errors, busy, run } = useCodeForm();
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(
      () => ({
        ...(password ? {} : { password: t`Please enter your password` }),
        ...(code.trim() ? {} : { code: t`Please enter the code from your authenticator app` }),
      }),
      async () => onDisabled((await twoFactorApi.disable(api, { password, code: code.trim() })).message),
    );
  };

  return (
    <form id={id} ref={form} className="settings__form" noValidate onSubmit={submit}>
      <PasswordField label={t`Password`} name="password" autoComplete="current-password" value={password} onValueChange={setPassword} error={errors.password} disabled={busy} />
      <TextField
        label={t`Code from your authenticator app or a recovery code`}
        name="code"
        autoComplete="one-time-code"
        value={code}
        onValueChange={setCode}
        error={errors.code}
        disabled={busy}
      />
      <FormAlert message={errors.form} />
      <div className="settings__actions">
        <button type="submit" className="ag-button ag-button--danger" disabled={busy} aria-busy={busy}>
          {busy ? <Trans>Turning off...</Trans> : <Trans>Turn off two-step verification</Trans>}
        </button>
        <button type="button" className="ag-button ag-button--secondary" onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
