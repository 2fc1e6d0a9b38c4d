import { apiErrorMessage, isNetworkError, useSession } from "@agency/core";
import { Modal } from "@agency/ui";
import { FormAlert, PasswordField } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useRef, useState, type FormEvent } from "react";

/**
 * The password again before a passkey is added, when the session began a while ago: someone at a borrowed, signed-in
 * device must not add a way in of their own. `onConfirm` goes on to the browser's prompt, or throws the refusal.
 */
export function PasskeyPasswordDialog({ onConfirm, onClose }: { onConfirm: (password: string) => Promise<void>; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const formId = useId();
  const alertId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (working) return;
    if (!password) {
      setError(t`Please enter your password`);
      passwordRef.current?.focus();
      return;
    }
    setWorking(true);
    setError(null);
    try {
      await onConfirm(password);
    } catch (failure) {
      setError(apiErrorMessage(failure, i18n) ?? (isNetworkError(failure) ? t`Network error - check your internet connection` : t`Failed to add the passkey`));
      setWorking(false);
      setTimeout(() => passwordRef.current?.select(), 0);
    }
  }

  return (
    <Modal
      title={<Trans>Confirm your password</Trans>}
      onClose={() => !working && onClose()}
      actions={
        <>
          <button type="button" className="ag-button ag-button--secondary" disabled={working} onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" form={formId} className="ag-button" disabled={working} aria-busy={working}>
            <Trans>Continue</Trans>
          </button>
        </>
      }
    >
      <form id={formId} className="settings__form" noValidate onSubmit={(event) => void submit(event)}>
        <p className="settings__modal-text">
          <Trans>For your security, confirm your password before adding a passkey.</Trans>
        </p>
        <PasswordField
          inputRef={passwordRef}
          label={t`Password`}
          name="password"
          autoComplete="current-password"
          value={password}
          disabled={working}
          invalid={Boolean(error)}
          describedBy={error ? alertId : undefined}
          onValueChange={setPassword}
        />
        {/* Tells password managers whose password this is; after the field, so the dialog focuses the field first. */}
        <input type="email" name="username" autoComplete="username" value={user?.email ?? ""} readOnly hidden />
        <FormAlert id={alertId} message={error} />
      </form>
    </Modal>
  );
}
