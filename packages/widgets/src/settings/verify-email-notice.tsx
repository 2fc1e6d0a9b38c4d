import { apiErrorCode, apiErrorMessage, authApi, isNetworkError } from "@agency/core";
import { FormAlert } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useElement } from "../element/element-context";
import { useElementSession } from "../element/element-session";

/**
 * Until the account's address is verified: says so and why it matters, and mails the link again on request (the
 * server allows a few an hour and says when to try again).
 */
export function VerifyEmailNotice() {
  const { t, i18n } = useLingui();
  const { api, settings } = useElement();
  const { user } = useElementSession();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A stored user from before addresses were verified says nothing: only a `false` from the server counts.
  if (!user || user.email_verified !== false) return null;
  const email = user.email;

  async function resend() {
    setSending(true);
    setSent(null);
    setError(null);
    try {
      await authApi.resendVerification(api, { language: settings.locale, basePath: settings.basePath });
      setSent(t`We sent a new link to ${email}. It works for 24 hours.`);
    } catch (failure) {
      // Verified meanwhile (in another tab): the refreshed user makes this notice go away.
      if (apiErrorCode(failure) === "auth.already_verified") await authApi.fetchCurrentUser(api).catch(() => undefined);
      else {
        console.error("agency-settings: the verification e-mail could not be sent", failure);
        setError(
          apiErrorMessage(failure, i18n) ??
            (isNetworkError(failure) ? t`Network error - check your internet connection` : t`Failed to send the verification e-mail`),
        );
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="settings__card settings__card--attention" part="verify" aria-labelledby="settings-verify">
      <h2 id="settings-verify" className="settings__title">
        <Trans>Verify your e-mail address</Trans>
      </h2>
      <p className="settings__intro">
        <Trans>
          We sent a link to {email}. Follow it to confirm that the address is yours. Until then, quote requests sent with
          this address are not part of your data.
        </Trans>
      </p>
      <button
        type="button"
        className="ag-button ag-button--secondary"
        part="resend"
        disabled={sending}
        aria-busy={sending}
        onClick={() => void resend()}
      >
        {sending ? <Trans>Sending...</Trans> : <Trans>Resend verification e-mail</Trans>}
      </button>
      <p className="settings__feedback" role="status">
        {sent}
      </p>
      <FormAlert message={error} />
    </section>
  );
}
