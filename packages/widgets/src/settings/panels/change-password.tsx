import { PASSWORD_MIN_LENGTH } from "@agency/contract";
import { accountApi, apiErrorCode, apiErrorMessage, isNetworkError, useSession } from "@agency/core";
import { toast } from "@agency/ui";
import { FormAlert, PasswordField, useFocusFirstError } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useRef, useState, type FormEvent } from "react";
import { useElement } from "../../element/element-context";

type Field = "old" | "next" | "confirm";

/**
 * A new password, with the current one (as GitHub and Clerk ask). This device stays signed in; the server signs
 * out every other one and mails a notice. `onChanged` lets the list of devices show what is left.
 */
export function ChangePassword({ onChanged }: { onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const { api, settings, emit } = useElement();
  const { user } = useSession();
  const [values, setValues] = useState<Record<Field, string>>({ old: "", next: "", confirm: "" });
  const [errors, setErrors] = useState<Partial<Record<Field | "form", string>>>({});
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(form);
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  function check(): Partial<Record<Field, string>> {
    if (!values.old) return { old: t`Please enter your current password` };
    if (values.next.length < PASSWORD_MIN_LENGTH) return { next: t`Password must be at least ${PASSWORD_MIN_LENGTH} characters` };
    if (values.next !== values.confirm) return { confirm: t`Passwords do not match` };
    return {};
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstError();
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      await accountApi.changePassword(api, { currentPassword: values.old, newPassword: values.next });
      toast.success(t`Your password has been changed. Every other device has been signed out.`, { locale: settings.locale });
      setValues({ old: "", next: "", confirm: "" });
      emit("agency-password-change", { email: user?.email ?? "" });
      onChanged();
    } catch (failure) {
      console.error("agency-settings: the password could not be changed", failure);
      const code = apiErrorCode(failure);
      const text =
        apiErrorMessage(failure, i18n) ?? (isNetworkError(failure) ? t`Network error - check your internet connection` : t`Failed to change your password`);
      const field: Field | "form" = code === "account.wrong_password" ? "old" : code === "auth.common_password" ? "next" : "form";
      setErrors({ [field]: text });
      if (field !== "form") focusFirstError();
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="settings__card" part="password" aria-labelledby="settings-password">
      <h2 id="settings-password" className="settings__title">
        <Trans>Change password</Trans>
      </h2>
      <form ref={form} className="settings__form" noValidate onSubmit={(event) => void submit(event)}>
        {/* Tells password managers whose password this is. */}
        <input type="email" name="username" autoComplete="username" value={user?.email ?? ""} readOnly hidden />
        <PasswordField
          label={t`Current password`}
          name="current-password"
          autoComplete="current-password"
          value={values.old}
          onValueChange={set("old")}
          error={errors.old}
          disabled={saving}
        />
        <PasswordField
          label={t`New password`}
          name="new-password"
          autoComplete="new-password"
          hint={t`Must be at least ${PASSWORD_MIN_LENGTH} characters long`}
          value={values.next}
          onValueChange={set("next")}
          error={errors.next}
          disabled={saving}
        />
        <PasswordField
          label={t`Confirm new password`}
          name="confirm-password"
          autoComplete="new-password"
          value={values.confirm}
          onValueChange={set("confirm")}
          error={errors.confirm}
          disabled={saving}
        />
        <FormAlert message={errors.form} />
        <div className="settings__actions">
          <button type="submit" className="ag-button" disabled={saving} aria-busy={saving}>
            {saving ? <Trans>Changing...</Trans> : <Trans>Change password</Trans>}
          </button>
        </div>
      </form>
    </section>
  );
}
