import { apiErrorCode, apiErrorMessage, authApi, getSession, useSession } from "@agency/core";
import { Spinner } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { hostApi } from "../../lib/api";
import { loadCatalog } from "../../lib/i18n";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

type Outcome = { state: "verifying" } | { state: "verified"; email: string } | { state: "failed"; reason?: string; taken: boolean };

/**
 * The page a verification link opens (/verify-email?token=…): it follows the link with the server, which verifies
 * the address (or completes a change of it), and says so in the site's language. It works signed in or not, in any
 * browser; a signed-in visitor's stored user is refreshed, so the settings page stops asking for verification.
 */
export default function VerifyEmailPage() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const { isAuthenticated } = useSession();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: "verifying" } : { state: "failed", taken: false });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!token) return;
    let current = true;
    authApi
      .verifyEmail(hostApi(), token)
      .then(async ({ email }) => {
        if (getSession().token) await authApi.fetchCurrentUser(hostApi()).catch(() => undefined);
        if (current) setOutcome({ state: "verified", email });
      })
      .catch((failure: unknown) => {
        if (current) setOutcome({ state: "failed", reason: apiErrorMessage(failure, i18n), taken: apiErrorCode(failure) === "auth.email_taken" });
      });
    return () => {
      current = false;
    };
    // The link is followed once, whatever language the page switches to meanwhile.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  // The outcome replaces the spinner: focus its heading, so a screen reader reads it.
  useEffect(() => {
    if (outcome.state !== "verifying") heading.current?.focus();
  }, [outcome.state]);

  const verifiedEmail = outcome.state === "verified" ? outcome.email : "";
  const next = isAuthenticated ? (
    <Link to="/dashboard/settings" className="ag-button">
      <Trans>Go to your account settings</Trans>
    </Link>
  ) : (
    <Link to="/login" className="ag-button">
      <Trans>Log in</Trans>
    </Link>
  );

  return (
    <div className="page page--narrow">
      <PageMeta title={t`Verify e-mail address`} description={t`Confirm the e-mail address of your account.`} locale={locale} path="/verify-email" noindex />
      {outcome.state === "verifying" ? <Spinner label={t`Verifying your e-mail address...`} /> : null}
      {outcome.state === "verified" ? (
        <>
          <h1 className="page__title" ref={heading} tabIndex={-1}>
            <Trans>E-mail address verified</Trans>
          </h1>
          <p className="page__lead">
            <Trans>Thank you. {verifiedEmail} is now the verified e-mail address of your account.</Trans>
          </p>
          <div className="actions">{next}</div>
        </>
      ) : null}
      {outcome.state === "failed" ? (
        <>
          <h1 className="page__title" ref={heading} tabIndex={-1}>
            <Trans>This link cannot be used</Trans>
          </h1>
          {outcome.reason ? <p className="notice notice--error">{outcome.reason}</p> : null}
          <p className="page__lead">
            {outcome.taken ? (
              <Trans>Another account uses this e-mail address now, so your address was not changed.</Trans>
            ) : (
              <Trans>Verification links work once and for 24 hours. You can ask for a new one in your account settings.</Trans>
            )}
          </p>
          <div className="actions">{next}</div>
        </>
      ) : null}
    </div>
  );
}
