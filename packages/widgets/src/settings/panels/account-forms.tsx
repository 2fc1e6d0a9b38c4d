import { isEmail } from "@agency/contract";
import { accountApi, apiErrorMessage, authApi, isNetworkError, useSession } from "@agency/core";
import { toast } from "@agency/ui";
import { FormAlert, PasswordField, TextField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { useElement } from "../../element/element-context";
import { withPanelTexts } from "./panel-i18n";

/** What the server's refusal or a lost connection means for a form, in the element's language. */
export function useFailureText() {
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
  const input = useFocusOnOpen();
  const form = useForm({
    initial: { name: user?.name ?? "" },
    validate: ({ name }) => (name.trim() ? {} : { name: t`Please enter your name` }),
    onSubmit: async ({ name }) => {
      const updated = await accountApi.updateProfile(api, name.trim());
      toast.success(t`Your name has been saved`, { locale: settings.locale });
      emit("agency-profile-change", { user: updated });
      onDone();
    },
    // Whatever went wrong, it is said under the one field.
    onError: (failure) => {
      console.error("agency-settings: the name could not be saved", failure);
      return { name: failureText(failure, t`Failed to save your name`) };
    },
  });

  return (
    <form className="settings__form" noValidate onSubmit={form.submit}>
      <TextField
        inputRef={input}
        label={t`Name`}
        name="name"
        autoComplete="name"
        maxLength={100}
        {...form.field("name")}
        disabled={form.busy}
      />
      <div className="settings__actions">
        <button type="submit" className="ag-button" disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? <Trans>Saving...</Trans> : <Trans>Save name</Trans>}
        </button>
        <button type="button" className="ag-button ag-button--secondary" disabled={form.busy} onClick={onDone}>
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
  const emailInput = useFocusOnOpen();
  const form = useForm({
    initial: { email: "", password: "" },
    validate: ({ email, password }) => ({
      ...(isEmail(email.trim()) ? {} : { email: t`Please enter a valid e-mail address` }),
      ...(password ? {} : { password: t`Please enter your password` }),
    }),
    onSubmit: async ({ email, password }) => {
      const address = email.trim().toLowerCase();
      await accountApi.changeEmail(api, { newEmail: address, password, language: settings.locale, basePath: settings.basePath });
      toast.success(t`We sent a link to ${address}. Your address changes once you follow it.`, { locale: settings.locale });
      emit("agency-email-change-request", { email: address });
      // The account now shows the address waiting for its link.
      await authApi.fetchCurrentUser(api).catch(() => undefined);
      onDone();
    },
    codes: { "account.wrong_password": "password", "account.same_email": "email", "request.invalid": "email" },
    onError: (failure) => {
      console.error("agency-settings: the e-mail change could not be asked for", failure);
      return failureText(failure, t`Failed to change your e-mail address`);
    },
  });

  return (
    <form className="settings__form" noValidate onSubmit={form.submit}>
      <p className="settings__muted">
        <Trans>We send a link to the new address. Your address changes once you follow it; until then you log in with {current}.</Trans>
      </p>
      <TextField
        inputRef={emailInput}
        label={t`New e-mail address`}
        name="email"
        type="email"
        autoComplete="email"
        {...form.field("email")}
        disabled={form.busy}
      />
      <PasswordField
        label={t`Current password`}
        name="password"
        autoComplete="current-password"
        {...form.field("password")}
        disabled={form.busy}
      />
      <FormAlert {...form.alert} />
      <div className="settings__actions">
        <button type="submit" className="ag-button" disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? <Trans>Sending...</Trans> : <Trans>Send confirmation link</Trans>}
        </button>
        <button type="button" className="ag-button ag-button--secondary" disabled={form.busy} onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}

export const NameForm = withPanelTexts(NameFormPanel);
export const EmailForm = withPanelTexts(EmailFormPanel);
