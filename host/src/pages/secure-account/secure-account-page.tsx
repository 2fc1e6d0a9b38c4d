import { basePathFrom, formatDateTime, type AccountAlertKind } from "@agency/contract";
import { apiErrorMessage, authApi } from "@agency/core";
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

type Outcome =
  | { state: "checking" }
  | { state: "ready"; kind: AccountAlertKind; email: string; device: string; at: string; busy: boolean }
  | { state: "secured"; email: string; message: string }
  | { state: "failed"; reason?: string };

/**
 * The page a 'this wasn't me' link opens (/secure-account?token=…&lang=…): the one of a new-sign-in alert, or of the
 * mail about a way in added to the account (a passkey, two-step verification, new recovery codes). It says what the
 * link is about and what confirming does, and waits for one click: loading it (a mail scanner, a prefetch) changes
 * nothing. Confirming removes what was added from that moment on, signs the account out everywhere and stops its
 * password; the link to choose a new one goes to the account's mailbox, never to this page. It works in any browser,
 * signed in or not, in the language the link names.
 */
export default function SecureAccountPage() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: "checking" } : { state: "failed" });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!token) return;
    let current = true;
    authApi
      .checkSignInAlert(hostApi(locale), token)
      .then(({ kind, email, browser, os, signedInAt }) => {
        const device = t`${browser ?? t`an unknown browser`} on ${os ?? t`an unknown system`}`;
        if (current) setOutcome({ state: "ready", kind, email, device, at: signedInAt, busy: false });
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
      const { message } = await authApi.secureAccount(hostApi(locale), { token, basePath: basePathFrom(window.location.pathname) });
      setOutcome({ state: "secured", email: outcome.email, message });
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
            <WhatHappened kind={outcome.kind} email={outcome.email} device={outcome.device} at={formatDateTime(outcome.at, locale)} />
          </p>
          <p>
            <Trans>
              If that was not you, someone else knows your password. Secure your account: what was added from then on is removed,
              every device signed in to it is signed out at once, its password stops working, and we mail you a link to choose a new
              one. Nothing changes until you confirm.
            </Trans>
          </p>
          <div className="actions">
            <button type="button" className="ag-button" onClick={() => void confirm()} aria-disabled={outcome.busy || undefined}>
              {outcome.busy ? <Trans>Securing your account...</Trans> : <Trans>Secure my account</Trans>}
            </button>
          </div>
        </>
      ) : null}
      {outcome.state === "secured" ? (
        <>
          <h1 className="page__title" ref={heading} tabIndex={-1}>
            <Trans>Your account is secured</Trans>
          </h1>
          <p className="page__lead" role="status">
            {outcome.message}
          </p>
          <p>
            <Trans>Open the mail we sent to {outcome.email} and choose a new password with its link. It works for 24 hours.</Trans>
          </p>
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

/** What the link is about, in one sentence: the sign-in, or the way in that was added. */
function WhatHappened({ kind, email, device, at }: { kind: AccountAlertKind; email: string; device: string; at: string }) {
  if (kind === "passkey") return <Trans>A passkey was added to the account {email} from {device} on {at}.</Trans>;
  if (kind === "authenticator") return <Trans>Two-step verification was turned on for the account {email} on {at}.</Trans>;
  if (kind === "recovery_codes") return <Trans>New recovery codes were made for the account {email} on {at}.</Trans>;
  return <Trans>The account {email} was signed in to from {device} on {at}.</Trans>;
}
