import { PASSWORD_MIN_LENGTH } from "@agency/contract";
import { accountApi, apiErrorMessage, isNetworkError } from "@agency/core";
import { toast } from "@agency/ui";
import { FormAlert, PasswordField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useElement } from "../../element/element-context";
import { useElementSession } from "../../element/element-session";

/**
 * A new password, with the current one (as GitHub and Clerk ask). This device stays signed in; the server signs
 * out every other one and mails a notice. `onChanged` lets the list of devices show what is left.
 */
export function ChangePassword({ onChanged }: { onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const { api, settings, emit } = useElement();
  const { user } = useElementSession();
  const form = useForm({
    initial: { old: "", next: "", confirm: "" },
    validate: ({ old, next, confirm }) => {
      if (!old) return { old: t`Please enter your current password` };
      if (next.length < PASSWORD_MIN_LENGTH) return { next: t`Password must be at least ${PASSWORD_MIN_LENGTH} characters` };
      if (next !== confirm) return { confirm: t`Passwords do not match` };
      return {};
    },
    onSubmit: async ({ old, next }) => {
      await accountApi.changePassword(api, { currentPassword: old, newPassword: next });
      toast.success(t`Your password has been changed. Every other device has been signed out.`, { locale: settings.locale });
      form.reset();
      emit("agency-password-change", { email: user?.email ?? "" });
      onChanged();
    },
    codes: { "account.wrong_password": "old", "auth.common_password": "next" },
    onError: (failure) => {
      console.error("agency-settings: the password could not be changed", failure);
      return apiErrorMessage(failure, i18n) ?? (isNetworkError(failure) ? t`Network error - check your internet connection` : t`Failed to change your password`);
    },
  });

  return (
    <section className="settings__card" part="password" aria-labelledby="settings-password">
      <h2 id="settings-password" className="settings__title">
        <Trans>Change password</Trans>
      </h2>
      <form className="settings__form" noValidate onSubmit={form.submit}>
        {/* Tells password managers whose password this is. */}
        <input type="email" name="username" autoComplete="username" value={user?.email ?? ""} readOnly hidden />
        <PasswordField
          label={t`Current password`}
          name="current-password"
          autoComplete="current-password"
          {...form.field("old")}
          disabled={form.busy}
        />
        <PasswordField
          label={t`New password`}
          name="new-password"
          autoComplete="new-password"
          hint={t`Must be at least ${PASSWORD_MIN_LENGTH} characters long`}
          {...form.field("next")}
          disabled={form.busy}
        />
        <PasswordField
          label={t`Confirm new password`}
          name="confirm-password"
          autoComplete="new-password"
          {...form.field("confirm")}
          disabled={form.busy}
        />
        <FormAlert {...form.alert} />
        <div className="settings__actions">
          <button type="submit" className="ag-button" disabled={form.busy} aria-busy={form.busy}>
            {form.busy ? <Trans>Changing...</Trans> : <Trans>Change password</Trans>}
          </button>
        </div>
      </form>
    </section>
  );
}
