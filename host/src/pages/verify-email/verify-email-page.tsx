import { apiErrorCode, apiErrorMessage, authApi, getSession, useSession } from "@agency/core";
import { Spinner } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { Link, useSearchParams } from "react-router";
import { hostApi } from "../../lib/api";
import { loadCatalog } from "../../lib/i18n";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

type Purpose = "verify" | "change";
type Outcome =
  | { state: "checking" }
  | { state: "ready"; email: string; purpose: Purpose; busy: boolean }
  | { state: "verified"; email: string }
  | { state: "failed"; reason?: string; taken: boolean };

/**
 * The page a verification link opens (/verify-email?token=…): it asks the server what the link would do, names
 * the address, and waits for one click to confirm. Loading the page changes nothing, so a mail scanner or a
 * prefetch that opens the link cannot use it up. It works signed in or not, in any browser, in the language the
 * link names; a signed-in visitor's stored user is refreshed, so the settings page stops asking for verification.
 */
export default function VerifyEmailPage() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const { isAuthenticated } = useSession();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: "checking" } : { state: "failed", taken: false });
  const heading = useRef<HTMLHeadingElement>(null);
  const failed = (failure: unknown): Outcome => ({
    state: "failed",
    reason: apiErrorMessage(failure, i18n),
    taken: apiErrorCode(failure) === "auth.email_taken",
  });

  useEffect(() => {
    if (!token) return;
    let current = true;
    authApi
      .checkEmailLink(hostApi(locale), token)
      .then(({ email, purpose }) => current && setOutcome({ state: "ready", email, purpose, busy: false }))
      .catch((failure: unknown) => current && setOutcome(failed(failure)));
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
      const { email } = await authApi.verifyEmail(hostApi(locale), token);
      if (getSession().token) await authApi.fetchCurrentUser(hostApi(locale)).catch(() => undefined);
      setOutcome({ state: "verified", email });
    } catch (failure) {
      setOutcome(failed(failure));
    }
  }

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
      {outcome.state === "checking" ? <Spinner label={t`Checking your link...`} /> : null}
      {outcome.state === "ready" ? <ConfirmView outcome={outcome} heading={heading} onConfirm={confirm} /> : null}
      {outcome.state === "verified" ? <VerifiedView email={outcome.email} heading={heading} next={next} /> : null}
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

type HeadingRef = RefObject<HTMLHeadingElement | null>;

/** What the link will do, and the one button that does it. */
function ConfirmView({ outcome, heading, onConfirm }: { outcome: Extract<Outcome, { state: "ready" }>; heading: HeadingRef; onConfirm: () => void }) {
  const { email, busy } = outcome;
  return (
    <>
      <h1 className="page__title" ref={heading} tabIndex={-1}>
        {outcome.purpose === "verify" ? <Trans>Confirm your e-mail address</Trans> : <Trans>Confirm your new e-mail address</Trans>}
      </h1>
      <p className="page__lead">
        {outcome.purpose === "verify" ? (
          <Trans>Confirm that {email} is the e-mail address of your account. Nothing changes until you do.</Trans>
        ) : (
          <Trans>
            The e-mail address of your account becomes {email}. From then on you log in with this address, and the old address gets a notice.
            Nothing changes until you confirm.
          </Trans>
        )}
      </p>
      <div className="actions">
        <button type="button" className="ag-button" onClick={onConfirm} aria-disabled={busy || undefined}>
          {busy ? (
            <Trans>Confirming...</Trans>
          ) : outcome.purpose === "verify" ? (
            <Trans>Confirm e-mail address</Trans>
          ) : (
            <Trans>Change e-mail address</Trans>
          )}
        </button>
      </div>
    </>
  );
}

function VerifiedView({ email, heading, next }: { email: string; heading: HeadingRef; next: ReactNode }) {
  return (
    <>
      <h1 className="page__title" ref={heading} tabIndex={-1}>
        <Trans>E-mail address verified</Trans>
      </h1>
      <p className="page__lead">
        <Trans>Thank you. {email} is now the verified e-mail address of your account.</Trans>
      </p>
      <div className="actions">{next}</div>
    </>
  );
}
