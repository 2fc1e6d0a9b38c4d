import { accountApi, apiErrorMessage, isNetworkError, sessionFor } from "@agency/core";
import { Modal, toast } from "@agency/ui";
import { FormAlert, PasswordField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useRef, useState } from "react";
import { useElement } from "../../element/element-context";
import { useElementSession } from "../../element/element-session";

/** Hands the export to the browser as a file download. */
function saveAsFile(data: unknown, filename: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: the download has its own copy by then.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The rights the privacy policy promises, on the settings page: a copy of one's data, and erasure. */
export function YourData() {
  const { t, i18n } = useLingui();
  const { api, settings, emit } = useElement();
  const { user } = useElementSession();
  const locale = settings.locale;
  const email = user?.email ?? "";
  // Quote requests are matched by address, so they are part of the account only once the address is verified.
  const unverified = user?.email_verified === false;
  const formId = useId();
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const form = useForm({
    initial: { password: "" },
    // The alert says what is wrong; the field is marked, focused and described by it.
    validate: ({ password }) => (password ? {} : { form: t`Please enter your password`, password: "" }),
    onSubmit: async ({ password }) => {
      await accountApi.deleteAccount(api, password);
      toast.success(t`Your account has been deleted`, { locale });
      // The page moves on first (the host to its home page), then the session ends: a guard that sees the
      // signed-out state before the page has moved must not get the chance to send the visitor to the login page.
      emit("agency-account-delete", { email });
      sessionFor(settings.apiBase).clear();
    },
    onError: (failure) => {
      console.error("agency-settings: deleting the account failed", failure);
      // The password is selected to be typed again, after the re-render that enabled the field again.
      setTimeout(() => passwordRef.current?.select(), 0);
      return {
        form: apiErrorMessage(failure, i18n) ?? (isNetworkError(failure) ? t`Network error - check your internet connection` : t`Failed to delete your account`),
        password: "",
      };
    },
  });

  async function download() {
    setDownloading(true);
    try {
      const { data, filename } = await accountApi.exportAccountData(api);
      saveAsFile(data, filename);
      toast.success(t`Your data has been downloaded`, { locale });
    } catch (failure) {
      console.error("agency-settings: the data export failed", failure);
      toast.error(t`Failed to download your data`, { locale });
    } finally {
      setDownloading(false);
    }
  }

  function close() {
    if (form.busy) return;
    setDeleting(false);
    form.reset();
  }

  return (
    <section className="settings__card" part="data" aria-labelledby="settings-data">
      <h2 id="settings-data" className="settings__title">
        <Trans>Your data</Trans>
      </h2>
      <p className="settings__muted settings__intro">
        <Trans>Download a copy of everything we hold about you, or delete your account and the data that goes with it.</Trans>
      </p>
      {unverified ? (
        <p className="settings__muted settings__intro">
          <Trans>Quote requests sent with {email} become part of your data once you verify the address.</Trans>
        </p>
      ) : null}
      <div className="settings__actions">
        <button
          type="button"
          className="ag-button ag-button--secondary"
          part="download"
          disabled={downloading}
          aria-busy={downloading}
          onClick={() => void download()}
        >
          {downloading ? <Trans>Preparing download...</Trans> : <Trans>Download my data</Trans>}
        </button>
        <button type="button" className="ag-button ag-button--danger" part="delete" onClick={() => setDeleting(true)}>
          <Trans>Delete account</Trans>
        </button>
      </div>

      {deleting ? (
        <Modal
          title={<Trans>Delete account</Trans>}
          onClose={close}
          actions={
            <>
              <button type="button" className="ag-button ag-button--secondary" disabled={form.busy} onClick={close}>
                <Trans>Keep my account</Trans>
              </button>
              <button type="submit" form={formId} className="ag-button ag-button--danger" disabled={form.busy} aria-busy={form.busy}>
                {form.busy ? <Trans>Deleting...</Trans> : <Trans>Delete my account</Trans>}
              </button>
            </>
          }
        >
          <form id={formId} className="settings__form" noValidate onSubmit={form.submit}>
            <p className="settings__modal-text">
              {unverified ? (
                <Trans>
                  This permanently deletes your account. A running subscription is cancelled at once and you lose access
                  immediately. This cannot be undone.
                </Trans>
              ) : (
                <Trans>
                  This permanently deletes your account. A running subscription is cancelled at once and you lose access
                  immediately. Quote requests sent with {email} are deleted too. This cannot be undone.
                </Trans>
              )}
            </p>
            <PasswordField
              inputRef={passwordRef}
              label={t`Enter your password to confirm`}
              name="password"
              autoComplete="current-password"
              {...form.field("password")}
              disabled={form.busy}
            />
            {/* Tells password managers whose password this is; after the field, so the dialog focuses the field first. */}
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
            <FormAlert {...form.alert} />
          </form>
        </Modal>
      ) : null}
    </section>
  );
}
