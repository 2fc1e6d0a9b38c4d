import type { Passkey } from "@agency/contract";
import { apiErrorMessage, isNetworkError, passkeysApi } from "@agency/core";
import { toast } from "@agency/ui";
import { FormAlert } from "@agency/ui/form";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState } from "react";
import { useElement } from "../../element/element-context";
import { useElementSession } from "../../element/element-session";
import { PasskeyItem } from "./passkey-item";
import { usePasskeySupport, webauthn, type PasskeyAnswer } from "./passkey-confirmation";
import { PasskeyPasswordDialog } from "./passkey-password-dialog";
import { signalPasskeys } from "./passkey-signals";

type Load = { state: "loading" } | { state: "failed" } | { state: "loaded"; passkeys: Passkey[] };

/**
 * The account's passkeys, as Clerk's user profile shows them: each with its name, when it was added and when it
 * last signed in, to rename or remove; and 'Add a passkey', which asks for the password (or another of the account's
 * passkeys) first, every time: a borrowed session must not add a way in; then the browser's own prompt to make one.
 */
export function Passkeys() {
  const { t, i18n } = useLingui();
  const { api, settings, emit } = useElement();
  const locale = settings.locale;
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [adding, setAdding] = useState(false);
  const [askPassword, setAskPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Whether a passkey can be added here: null while unknown, else yes, or why not (the browser, or this page).
  const supported = usePasskeySupport();
  const { user } = useElementSession();

  // Every list the server sends is told to the browser's passkey provider too (a removal, a new name among them).
  const fetchPasskeys = useCallback(
    () =>
      passkeysApi.listPasskeys(api).then(
        ({ passkeys, accepted }): Load => {
          signalPasskeys(accepted);
          return { state: "loaded", passkeys };
        },
        (failure: unknown): Load => {
          console.error("agency-settings: the passkeys could not be loaded", failure);
          return { state: "failed" };
        },
      ),
    [api],
  );
  const refresh = async () => setLoad(await fetchPasskeys());

  useEffect(() => {
    let live = true;
    void fetchPasskeys().then((next) => live && setLoad(next));
    return () => {
      live = false;
    };
    // A new name or address (changed in this element) is listed again, so the devices hear of it.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [fetchPasskeys, user?.name, user?.email]);

  const failureText = (failure: unknown) =>
    apiErrorMessage(failure, i18n) ?? (isNetworkError(failure) ? t`Network error - check your internet connection` : t`Failed to add the passkey`);

  /**
   * Options with the password (or another of the account's passkeys), the browser's prompt, then the new passkey to
   * the server. What the server refused the options with is thrown, for the password dialog to show.
   */
  async function add(confirmation: { password: string } | { passkey: PasskeyAnswer }): Promise<void> {
    setError(null);
    const options = await passkeysApi.registrationOptions(api, confirmation);
    setAskPassword(false);
    setAdding(true);
    try {
      const { startRegistration } = await webauthn();
      const credential = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
      const passkey = await passkeysApi.addPasskey(api, { credential, basePath: settings.basePath });
      toast.success(t`Passkey added`, { locale });
      emit("agency-passkey-add", { passkey });
      await refresh();
    } catch (failure) {
      const name = (failure as { name?: unknown } | null)?.name;
      // Closing the browser's prompt is no failure.
      if (name === "NotAllowedError" || name === "AbortError") return;
      console.error("agency-settings: adding a passkey failed", failure);
      // The authenticator holds one of the account's passkeys already (they are excluded in the options).
      setError(name === "InvalidStateError" ? t`This device already has a passkey for your account.` : failureText(failure));
    } finally {
      setAdding(false);
    }
  }

  function removed(passkey: Passkey) {
    emit("agency-passkey-remove", { passkey });
    void refresh();
  }

  return (
    <section className="settings__card" part="passkeys" aria-labelledby="settings-passkeys">
      <h2 id="settings-passkeys" className="settings__title">
        <Trans>Passkeys</Trans>
      </h2>
      <p className="settings__muted settings__intro">
        <Trans>Sign in with your fingerprint, face or screen lock instead of your password.</Trans>
      </p>
      {load.state === "loading" ? (
        <p className="settings__muted" role="status">
          <Trans>Loading...</Trans>
        </p>
      ) : load.state === "failed" ? (
        <div className="settings__actions">
          <FormAlert message={t`Failed to load your passkeys`} />
          <button type="button" className="ag-button ag-button--secondary" onClick={() => void refresh()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : load.passkeys.length === 0 ? (
        <p className="settings__muted">
          <Trans>You have no passkeys yet.</Trans>
        </p>
      ) : (
        <ul className="settings__sessions">
          {load.passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} onRenamed={() => void refresh()} onRemoved={() => removed(passkey)} />
          ))}
        </ul>
      )}
      <FormAlert message={error} />
      {supported === null ? null : supported === "yes" ? (
        <div className="settings__actions">
          <button type="button" className="ag-button" part="add-passkey" disabled={adding} aria-busy={adding} onClick={() => setAskPassword(true)}>
            {adding ? <Trans>Adding passkey...</Trans> : <Trans>Add a passkey</Trans>}
          </button>
        </div>
      ) : (
        <p className="settings__muted">
          {supported === "browser" ? <Trans>This browser cannot use passkeys.</Trans> : <Trans>Passkeys cannot be added on this page.</Trans>}
        </p>
      )}
      {askPassword ? (
        <PasskeyPasswordDialog
          withPasskey={load.state === "loaded" && load.passkeys.length > 0}
          onConfirm={(confirmation) => add(confirmation)}
          onClose={() => setAskPassword(false)}
        />
      ) : null}
    </section>
  );
}
