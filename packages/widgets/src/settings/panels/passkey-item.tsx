import { formatDate, formatTimeAgo, type Passkey, PASSKEY_NAME_MAX_LENGTH } from "@agency/contract";
import { apiErrorMessage, isNetworkError, passkeysApi } from "@agency/core";
import { Modal, toast } from "@agency/ui";
import { FormAlert, TextField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { useElement } from "../../element/element-context";

/**
 * One passkey: its name, when it was added and last used; renamed in place, removed after a confirmation. Focus
 * goes to the name field when renaming starts, and back to the 'Rename' button when it ends.
 */
export function PasskeyItem({ passkey, onRenamed, onRemoved }: { passkey: Passkey; onRenamed: () => void; onRemoved: () => void }) {
  const { t, i18n } = useLingui();
  const { api, settings } = useElement();
  const locale = settings.locale;
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState<"closed" | "open" | "working">("closed");
  const [removeError, setRemoveError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasRenaming = useRef(false);

  useEffect(() => {
    if (renaming) input.current?.focus();
    else if (wasRenaming.current) renameButton.current?.focus();
    wasRenaming.current = renaming;
  }, [renaming]);

  const failureText = (failure: unknown, fallback: string) =>
    apiErrorMessage(failure, i18n) ?? (isNetworkError(failure) ? t`Network error - check your internet connection` : fallback);

  const form = useForm({
    initial: { name: passkey.name },
    validate: ({ name }) => (name.trim() ? {} : { name: t`Please enter a name` }),
    onSubmit: async ({ name }) => {
      await passkeysApi.renamePasskey(api, passkey.id, name.trim());
      toast.success(t`Passkey renamed`, { locale });
      setRenaming(false);
      onRenamed();
    },
    // Whatever went wrong, it is said under the one field.
    onError: (failure) => {
      console.error("agency-settings: the passkey could not be renamed", failure);
      return { name: failureText(failure, t`Failed to rename the passkey`) };
    },
  });

  async function remove() {
    setRemoving("working");
    setRemoveError(null);
    try {
      await passkeysApi.removePasskey(api, passkey.id);
      toast.success(t`Passkey removed`, { locale });
      setRemoving("closed");
      onRemoved();
    } catch (failure) {
      console.error("agency-settings: the passkey could not be removed", failure);
      setRemoveError(failureText(failure, t`Failed to remove the passkey`));
      setRemoving("open");
    }
  }

  const added = formatDate(passkey.created_at, locale);
  const used = passkey.last_used_at ? formatTimeAgo(passkey.last_used_at, locale) : null;
  const label = passkey.name;

  return (
    <li className="settings__session" part="passkey">
      {renaming ? (
        <form className="settings__form" noValidate onSubmit={form.submit}>
          <TextField
            inputRef={input}
            label={t`Passkey name`}
            name="passkey-name"
            autoComplete="off"
            maxLength={PASSKEY_NAME_MAX_LENGTH}
            {...form.field("name")}
            disabled={form.busy}
          />
          <div className="settings__actions">
            <button type="submit" className="ag-button" disabled={form.busy} aria-busy={form.busy}>
              {form.busy ? <Trans>Saving...</Trans> : <Trans>Save name</Trans>}
            </button>
            <button
              type="button"
              className="ag-button ag-button--secondary"
              disabled={form.busy}
              onClick={() => {
                setRenaming(false);
                form.reset();
              }}
            >
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      ) : (
        <>
          <div>
            <p className="settings__device">{label}</p>
            <p className="settings__muted">
              <Trans>Added {added}</Trans>
              {" · "}
              {used ? <Trans>Last used {used}</Trans> : <Trans>Never used</Trans>}
            </p>
          </div>
          <div className="settings__actions">
            <button
              ref={renameButton}
              type="button"
              className="ag-button ag-button--secondary"
              aria-label={t`Rename ${label}`}
              onClick={() => setRenaming(true)}
            >
              <Trans>Rename</Trans>
            </button>
            <button type="button" className="ag-button ag-button--danger" aria-label={t`Remove ${label}`} onClick={() => setRemoving("open")}>
              <Trans>Remove</Trans>
            </button>
          </div>
        </>
      )}
      {removing !== "closed" ? (
        <Modal
          title={<Trans>Remove passkey</Trans>}
          onClose={() => removing !== "working" && setRemoving("closed")}
          actions={
            <>
              <button type="button" className="ag-button ag-button--secondary" disabled={removing === "working"} onClick={() => setRemoving("closed")}>
                <Trans>Keep passkey</Trans>
              </button>
              <button
                type="button"
                className="ag-button ag-button--danger"
                disabled={removing === "working"}
                aria-busy={removing === "working"}
                onClick={() => void remove()}
              >
                {removing === "working" ? <Trans>Removing...</Trans> : <Trans>Remove passkey</Trans>}
              </button>
            </>
          }
        >
          <p className="settings__modal-text">
            <Trans>{label} will no longer sign you in. Your device may still list it; you can delete it there.</Trans>
          </p>
          <FormAlert message={removeError} />
        </Modal>
      ) : null}
    </li>
  );
}
