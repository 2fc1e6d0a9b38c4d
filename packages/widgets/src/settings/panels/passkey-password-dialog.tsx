import { apiErrorMessage, isNetworkError } from "@agency/core";
import { Modal } from "@agency/ui";
import { FormAlert, PasswordField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { useElement } from "../../element/element-context";
import { useElementSession } from "../../element/element-session";
import { confirmWithPasskey, WITH_PASSKEY, WithPasskeyButton, type PasskeyAnswer } from "./passkey-confirmation";

/**
 * The password before a passkey is added, every time: someone at a borrowed, signed-in device must not add a way in
 * of their own. An account that has a passkey may confirm with it instead (`withPasskey`: the card opens the dialog
 * only where passkeys work). `onConfirm` goes on to the browser's prompt, or throws the refusal.
 */
export function PasskeyPasswordDialog({
  withPasskey,
  onConfirm,
  onClose,
}: {
  withPasskey: boolean;
  onConfirm: (confirmation: { password: string } | { passkey: PasskeyAnswer }) => Promise<void>;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const { api } = useElement();
  const { user } = useElementSession();
  const formId = useId();
  const form = useForm({
    initial: { password: "" },
    // The alert says what is wrong; the field is marked, focused and described by it.
    validate: ({ password }, action) => (password || action === WITH_PASSKEY ? {} : { form: t`Please enter your password`, password: "" }),
    onSubmit: async ({ password }, action) => {
      if (action !== WITH_PASSKEY) return onConfirm({ password });
      const passkey = await confirmWithPasskey(api);
      if (passkey) await onConfirm({ passkey });
    },
    onError: (failure) => ({
      form: apiErrorMessage(failure, i18n) ?? (isNetworkError(failure) ? t`Network error - check your internet connection` : t`Failed to add the passkey`),
      password: "",
    }),
  });

  return (
    <Modal
      title={<Trans>Confirm your password</Trans>}
      onClose={() => !form.busy && onClose()}
      actions={
        <>
          <button type="button" className="ag-button ag-button--secondary" disabled={form.busy} onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          {withPasskey ? <WithPasskeyButton form={form} formId={formId} /> : null}
          <button type="submit" form={formId} className="ag-button" disabled={form.busy} aria-busy={form.busy}>
            <Trans>Continue</Trans>
          </button>
        </>
      }
    >
      <form id={formId} className="settings__form" noValidate onSubmit={form.submit}>
        <p className="settings__modal-text">
          <Trans>For your security, confirm your password before adding a passkey.</Trans>
        </p>
        <PasswordField
          label={t`Password`}
          name="password"
          autoComplete="current-password"
          {...form.field("password")}
          disabled={form.busy}
        />
        {/* Tells password managers whose password this is; after the field, so the dialog focuses the field first. */}
        <input type="email" name="username" autoComplete="username" value={user?.email ?? ""} readOnly hidden />
        <FormAlert {...form.alert} />
      </form>
    </Modal>
  );
}
