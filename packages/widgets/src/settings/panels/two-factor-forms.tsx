import { apiErrorMessage, twoFactorApi } from "@agency/core";
import { FormAlert, PasswordField, TextField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useElement } from "../../element/element-context";
import { confirmWithPasskey, usePasskeyConfirmation, WITH_PASSKEY, WithPasskeyButton } from "./passkey-confirmation";

/** What the two forms share: the field each error code is about, and the text of a failure. */
function useCodeFormOptions() {
  const { t, i18n } = useLingui();
  return {
    initial: { code: "", password: "" },
    codes: { "auth.code_invalid": "code", "account.wrong_password": "password", "account.password_required": "password" } as const,
    onError: (failure: unknown) => {
      console.error("agency-settings: two-step verification", failure);
      return apiErrorMessage(failure, i18n) ?? t`Something went wrong. Please try again.`;
    },
  };
}

/**
 * New recovery codes take the password (or one of the account's passkeys): each code is a way in, and whoever holds
 * the phone (or one recovery code) must not make a set of their own.
 */
export function RenewCodesForm({ id, onCodes, onCancel }: { id: string; onCodes: (codes: string[]) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const { api, settings } = useElement();
  const passkeyOffered = usePasskeyConfirmation();
  const form = useForm({
    ...useCodeFormOptions(),
    validate: ({ password }, action) => (password || action === WITH_PASSKEY ? {} : { password: t`Please enter your password` }),
    onSubmit: async ({ password }, action) => {
      const basePath = settings.basePath;
      if (action !== WITH_PASSKEY) return onCodes(await twoFactorApi.newRecoveryCodes(api, { password, basePath }));
      const passkey = await confirmWithPasskey(api);
      if (passkey) onCodes(await twoFactorApi.newRecoveryCodes(api, { passkey, basePath }));
    },
  });

  return (
    <form id={id} className="settings__form" noValidate onSubmit={form.submit}>
      <p className="settings__muted">
        <Trans>New codes replace every recovery code you have now. Confirm with your password.</Trans>
      </p>
      <PasswordField label={t`Password`} name="password" autoComplete="current-password" {...form.field("password")} disabled={form.busy} />
      <FormAlert {...form.alert} />
      <div className="settings__actions">
        <button type="submit" className="ag-button" disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? <Trans>Making codes...</Trans> : <Trans>Make new codes</Trans>}
        </button>
        {passkeyOffered ? <WithPasskeyButton form={form} /> : null}
        <button type="button" className="ag-button ag-button--secondary" onClick={onCancel} disabled={form.busy}>
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
  const form = useForm({
    ...useCodeFormOptions(),
    validate: ({ code, password }) => ({
      ...(password ? {} : { password: t`Please enter your password` }),
      ...(code.trim() ? {} : { code: t`Please enter the code from your authenticator app` }),
    }),
    onSubmit: async ({ code, password }) => onDisabled((await twoFactorApi.disable(api, { password, code: code.trim() })).message),
  });

  return (
    <form id={id} className="settings__form" noValidate onSubmit={form.submit}>
      <PasswordField label={t`Password`} name="password" autoComplete="current-password" {...form.field("password")} disabled={form.busy} />
      <TextField
        label={t`Code from your authenticator app or a recovery code`}
        name="code"
        autoComplete="one-time-code"
        {...form.field("code")}
        disabled={form.busy}
      />
      <FormAlert {...form.alert} />
      <div className="settings__actions">
        <button type="submit" className="ag-button ag-button--danger" disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? <Trans>Turning off...</Trans> : <Trans>Turn off two-step verification</Trans>}
        </button>
        <button type="button" className="ag-button ag-button--secondary" onClick={onCancel} disabled={form.busy}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
