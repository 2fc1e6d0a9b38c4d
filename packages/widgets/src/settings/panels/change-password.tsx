import { accountApi, apiErrorCode, apiErrorMessage, isNetworkError, PASSWORD_MIN_LENGTH, useSession } from "@agency/core";
import { toast } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { useRef, useState, type FormEvent } from "react";
import { useElement } from "../../element/element-context";
import { FormError, FormField } from "../form-field";

type Field = "current" | "next" | "confirm";

/**
 * A new password, with the current one (as GitHub and Clerk ask). This device stays signed in; the server signs
 * out every other one and mails a notice. `onChanged` lets the list of devices show what is left.
 */
export function ChangePassword({ onChanged }: { onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const { api, settings, emit } = useElement();
  const { user } = useSession();
  const [values, setValues] = useState<Record<Field, string>>({ current: "", next: "", confirm: "" });
  const [errors, setErrors] = useState<Partial<Record<Field | "form", string>>>({});
  const [saving, setSaving] = useState(false);
  const inputs = { current: useRef<HTMLInputElement>(null), next: useRef<HTMLInputElement>(null), confirm: useRef<HTMLInputElement>(null) };
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  function check(): Partial<Record<Field, string>> {
    if (!values.current) return { current: t`Please enter your current password` };
    if (values.next.length < PASSWORD_MIN_LENGTH) return { next: t`Password must be at least ${PASSWORD_MIN_LENGTH} characters` };
    if (values.next !== values.confirm) return { confirm: t`Passwords do not match` };
    return {};
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    const first = (Object.keys(found) as Field[])[0];
    if (first) {
      setErrors(found);
      inputs[first].current?.focus();
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      await accountApi.changePassword(api, { currentPassword: values.current, newPassword: values.next });
      toast.success(t`Your password has been changed. Every other device has been signed out.`, { locale: settings.locale });
      setValues({ current: "", next: "", confirm: "" });
      emit("agency-password-change", { email: user?.email ?? "" });
      onChanged();
    } catch (failure) {
      console.error("agency-settings: the password could not be changed", failure);
      const code = apiErrorCode(failure);
      const text =
        apiErrorMessage(failure, i18n) ?? (isNetworkError(failure) ? t`Network error - check your internet connection` : t`Failed to change your password`);
      const field: Field | "form" = code === "account.wrong_password" ? "current" : code === "auth.common_password" ? "next" : "form";
      setErrors({ [field]: text });
      if (field !== "form") inputs[field].current?.select();
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="settings__card" part="password" aria-labelledby="settings-password">
      <h2 id="settings-password" className="settings__title">
        <Trans>Change password</Trans>
      </h2>
      <form className="settings__form" noValidate onSubmit={(event) => void submit(event)}>
        {/* Tells password managers whose password this is. */}
        <input type="email" name="username" autoComplete="username" value={user?.email ?? ""} readOnly hidden />
        <FormField
          inputRef={inputs.current}
          label={t`Current password`}
          name="current-password"
          type="password"
          autoComplete="current-password"
          value={values.current}
          onValueChange={set("current")}
          error={errors.current}
          disabled={saving}
        />
        <FormField
          inputRef={inputs.next}
          label={t`New password`}
          name="new-password"
          type="password"
          autoComplete="new-password"
          hint={t`Must be at least ${PASSWORD_MIN_LENGTH} characters long`}
          value={values.next}
          onValueChange={set("next")}
          error={errors.next}
          disabled={saving}
        />
        <FormField
          inputRef={inputs.confirm}
          label={t`Confirm new password`}
          name="confirm-password"
          type="password"
          autoComplete="new-password"
          value={values.confirm}
          onValueChange={set("confirm")}
          error={errors.confirm}
          disabled={saving}
        />
        <FormError message={errors.form} />
        <div className="settings__actions">
          <button type="submit" className="ag-button" disabled={saving} aria-busy={saving}>
            {saving ? <Trans>Changing...</Trans> : <Trans>Change password</Trans>}
          </button>
        </div>
      </form>
    </section>
  );
}
