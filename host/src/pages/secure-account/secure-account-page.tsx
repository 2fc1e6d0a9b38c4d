import { formatDateTime } from "@agency/contract";
import { apiErrorMessage, authApi } from "@agency/core";
import { Spinner } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { hostApi } from "../../lib/api";
import { loadCatalog } from "../../lib/i18n";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

type Outcome =
  | { state: "checking" }
  | { state: "ready"; email: string; device: string; at: string; busy: boolean }
  | { state: "failed"; reason?: string };

/**
 * The page a new-sign-in alert's 'this wasn't me' link opens (/secure-account?token=…&lang=…). It says which sign-in
 * the link is about and what confirming does, and waits for one click: loading it (a mail scanner, a prefetch)
 * changes nothing. Confirming signs the account out everywhere and goes straight on to choosing a new password.
 * It works in any browser, signed in or not, in the language the link names.
 */
export default function SecureAccountPage() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: "checking" } : { state: "failed" });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!token) return;
    let current = true;
    authApi
      .checkSignInAlert(hostApi(locale), token)
      .then(({ email, browser, os, signedInAt }) => {
        const device = t`${browser ?? t`an unknown browser`} on ${os ?? t`an unknown system`}`;
        if (current) setOutcome({ state: "ready", email, device, at: signedInAt, busy: false });
      })
      .catch((failure: unknown) => current && setOutcome({ state: "failed", reason: apiErrorMessage(failure, i18n) }));
    return () => {
      current = false;
    };
    // The link is checked once, whatever language the page switches to meanwhile.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  // Each new view replaces the one before: focus its heading, so a screen reader reads it.
  useEffect(() => {
    if (outcome.state !== "checking") heading.current?.focus();
  }, [outcome.state]);

  async function confirm() {
    if (outcome.state !== "ready" || outcome.busy) return;
    setOutcome({ ...outcome, busy: true });
    try {
      const { resetToken } = await authApi.secureAccount(hostApi(locale), token);
      navigate(`/reset-password?token=${encodeURIComponent(resetToken)}&lang=${locale}`, { replace: true });
    } catch (failure) {
      setOutcome({ state: "failed", reason: apiErrorMessage(failure, i18n) });
    }
  }

  return (
    <div className="page page--narrow">
      <PageMeta title={t`Secure your account`} description={t`Sign out everywhere and choose a new password.`} locale={locale} path="/secure-account" noindex />
      {outcome.state === "checking" ? <Spinner label={t`Checking your link...`} /> : null}
      {outcome.state === "ready" ? (
        <>
          <h1 className="page__title" ref={heading} tabIndex={-1}>
            <Trans>Wasn't this you?</Trans>
          </h1>
          <p className="page__lead">
            <Trans>
              The account {outcome.email} was signed in to from {outcome.device} on {formatDateTime(outcome.at, locale)}.
            </Trans>
          </p>
          <p>
            <Trans>
              If you did not sign in then, secure your account: every device signed in to it is signed out at once, and you choose a new
              password right after. Nothing changes until you confirm.
            </Trans>
          </p>
          <div className="actions">
            <button type="button" className="ag-button" onClick={() => void confirm()} aria-disabled={outcome.busy || undefined}>
              {outcome.busy ? <Trans>Signing out everywhere...</Trans> : <Trans>Sign out everywhere and choose a new password</Trans>}
            </button>
          </div>
        </>
      ) : null}
      {outcome.state === "failed" ? (
        <>
          <h1 className="page__title" ref={heading} tabIndex={-1}>
            <Trans>This link cannot be used</Trans>
          </h1>
          {outcome.reason ? <p className="notice notice--error">{outcome.reason}</p> : null}
          <p className="page__lead">
            <Trans>These links work once and for 7 days. To choose a new password anyway, ask for a reset link.</Trans>
          </p>
          <div className="actions">
            <Link to="/forgot-password" className="ag-button">
              <Trans>Reset your password</Trans>
            </Link>
          </div>
        </>
      ) : null}
    </div>
  );
}
