import { isEmail } from "@agency/contract";
import { accountApi, apiErrorCode, apiErrorMessage, authApi, isNetworkError, useSession } from "@agency/core";
import { toast } from "@agency/ui";
import { FormAlert, PasswordField, TextField } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useElement } from "../../element/element-context";
import { withPanelTexts } from "./panel-i18n";

/** What the server's refusal or a lost connection means for a form, in the element's language. */
function useFailureText() {
  const { t, i18n } = useLingui();
  return (failure: unknown, fallback: string) =>
    apiErrorMessage(failure, i18n) ?? (isNetworkError(failure) ? t`Network error - check your internet connection` : fallback);
}

/** Focuses the form's first field when it opens. */
function useFocusOnOpen() {
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  return first;
}

/** The name, changed in place. */
function NameFormPanel({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const { api, settings, emit } = useElement();
  const { user } = useSession();
  const failureText = useFailureText();
  const [name, setName] = useState(user?.name ?? "");
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const input = useFocusOnOpen();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError(t`Please enter your name`);
      input.current?.focus();
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      const updated = await accountApi.updateProfile(api, name.trim());
      toast.success(t`Your name has been saved`, { locale: settings.locale });
      emit("agency-profile-change", { user: updated });
      onDone();
    } catch (failure) {
      console.error("agency-settings: the name could not be saved", failure);
      setError(failureText(failure, t`Failed to save your name`));
      setSaving(false);
      input.current?.focus();
    }
  }

  return (
    <form className="settings__form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        inputRef={input}
        label={t`Name`}
        name="name"
        autoComplete="name"
        maxLength={100}
        value={name}
        onValueChange={setName}
        error={error}
        disabled={saving}
      />
      <div className="settings__actions">
        <button type="submit" className="ag-button" disabled={saving} aria-busy={saving}>
          {saving ? <Trans>Saving...</Trans> : <Trans>Save name</Trans>}
        </button>
        <button type="button" className="ag-button ag-button--secondary" disabled={saving} onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}

/**
 * A new e-mail address, confirmed with the current password. The server mails a link to it; the address changes
 * only when that link is followed, so the form ends with a note saying so, not with a changed address.
 */
function EmailFormPanel({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const { api, settings, emit } = useElement();
  const { user } = useSession();
  const current = user?.email ?? "";
  const failureText = useFailureText();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);
  const emailInput = useFocusOnOpen();
  const passwordInput = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    const found = {
      ...(isEmail(address) ? {} : { email: t`Please enter a valid e-mail address` }),
      ...(password ? {} : { password: t`Please enter your password` }),
    };
    if (found.email || found.password) {
      setErrors(found);
      (found.email ? emailInput : passwordInput).current?.focus();
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      await accountApi.changeEmail(api, { newEmail: address, password, language: settings.locale, basePath: settings.basePath });
      toast.success(t`We sent a link to ${address}. Your address changes once you follow it.`, { locale: settings.locale });
      emit("agency-email-change-request", { email: address });
      // The account now shows the address waiting for its link.
      await authApi.fetchCurrentUser(api).catch(() => undefined);
      onDone();
    } catch (failure) {
      console.error("agency-settings: the e-mail change could not be asked for", failure);
      const code = apiErrorCode(failure);
      const text = failureText(failure, t`Failed to change your e-mail address`);
      const field = code === "account.wrong_password" ? "password" : code === "account.same_email" || code === "request.invalid" ? "email" : "form";
      setErrors({ [field]: text });
      setSaving(false);
      if (field !== "form") (field === "email" ? emailInput : passwordInput).current?.select();
    }
  }

  return (
    <form className="settings__form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="settings__muted">
        <Trans>We send a link to the new address. Your address changes once you follow it; until then you log in with {current}.</Trans>
      </p>
      <TextField
        inputRef={emailInput}
        label={t`New e-mail address`}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onValueChange={setEmail}
        error={errors.email}
        disabled={saving}
      />
      <PasswordField
        inputRef={passwordInput}
        label={t`Current password`}
        name="password"
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
        error={errors.password}
        disabled={saving}
      />
      <FormAlert message={errors.form} />
      <div className="settings__actions">
        <button type="submit" className="ag-button" disabled={saving} aria-busy={saving}>
          {saving ? <Trans>Sending...</Trans> : <Trans>Send confirmation link</Trans>}
        </button>
        <button type="button" className="ag-button ag-button--secondary" disabled={saving} onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}

export const NameForm = withPanelTexts(NameFormPanel);
export const EmailForm = withPanelTexts(EmailFormPanel);
