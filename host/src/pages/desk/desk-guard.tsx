import { apiStatus, deskApi, getDeskSession, useDeskSession, useSession } from "@agency/core";
import { Spinner } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Link, Outlet } from "react-router";
import { localizedPath } from "@agency/contract";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { failureText, focusHeading, useDeskApi } from "./desk-lib";
import { SignInForm } from "./sign-in-form";

/**
 * The desk's views need a staff session. Without one: the sign-in form, where the staff member wanted to go (the
 * view follows once signed in). A visitor signed in on the site as a customer is told first, in the page's
 * language, that the desk is not for customers; a staff member who is also a customer here can still sign in.
 */
export default function DeskGuard() {
  const { t, i18n } = useLingui();
  const api = useDeskApi();
  const { token, staff } = useDeskSession();
  const customer = useSession();
  // A staff member whose desk session ends (idle, removed) while they are also signed in as a customer gets the
  // sign-in, not the refusal: the page started with a staff session.
  const [staffAnyway, setStaffAnyway] = useState(() => getDeskSession().token !== null);
  const [failure, setFailure] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const signedInHere = useRef(false);

  // Signing in replaces the form with the view the staff member came for: focus goes to its heading. (Armed while
  // the form shows, since the sign-in's answer and the staff member's details may arrive in either order.)
  useEffect(() => {
    if (!staff || !signedInHere.current) return;
    signedInHere.current = false;
    focusHeading();
  }, [staff]);

  useEffect(() => {
    if (!token || staff) return;
    let current = true;
    setFailure(null);
    deskApi.fetchMe(api).catch((error: unknown) => {
      // A 401 ends the staff session (the sign-in form follows); anything else is said, with a way to try again.
      if (current && apiStatus(error) !== 401) setFailure(failureText(error, i18n, t`The desk could not be reached. Please try again.`));
    });
    return () => {
      current = false;
    };
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [token, staff, round]);

  if (!token) {
    if (customer.isAuthenticated && !staffAnyway) return <CustomerRefused onStaff={() => setStaffAnyway(true)} />;
    return (
      <SignInView
        onShown={() => {
          signedInHere.current = true;
        }}
      />
    );
  }
  if (failure) {
    return (
      <div className="desk-view">
        <h1 className="desk-view__title">
          <Trans>Desk</Trans>
        </h1>
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
        <button type="button" className="ag-button" onClick={() => setRound((n) => n + 1)}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  if (!staff) return <Spinner label={t`Loading the desk...`} />;
  return <Outlet />;
}

function SignInView({ onShown }: { onShown: () => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  // oxlint-disable-next-line react-hooks/exhaustive-deps
  useEffect(onShown, []);
  return (
    <div className="desk-view desk-view--narrow">
      <PageMeta title={t`Sign in to the desk`} description={t`The agency's desk, for staff.`} locale={locale} path="/desk" noindex />
      <h1 className="desk-view__title">
        <Trans>Sign in to the desk</Trans>
      </h1>
      <p className="desk-view__lead">
        <Trans>For the agency's staff: your e-mail address, your password and the code from your authenticator app.</Trans>
      </p>
      <SignInForm />
    </div>
  );
}

/** A customer's account does not open the desk: said plainly, with the way back to their own dashboard. */
function CustomerRefused({ onStaff }: { onStaff: () => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <div className="desk-view desk-view--narrow">
      <PageMeta title={t`This desk is for staff only`} description={t`The agency's desk, for staff.`} locale={locale} path="/desk" noindex />
      <h1 className="desk-view__title">
        <Trans>This desk is for staff only</Trans>
      </h1>
      <p className="desk-view__lead">
        <Trans>
          You are signed in with a customer account, which gives no access to the agency's desk. Your account, your
          subscription and your invoices are in your dashboard.
        </Trans>
      </p>
      <div className="actions">
        <Link to="/dashboard/settings" className="ag-button">
          <Trans>Go to your dashboard</Trans>
        </Link>
        <Link to={localizedPath("/", locale)} className="ag-button ag-button--secondary">
          <Trans>Go to the website</Trans>
        </Link>
      </div>
      <p className="desk-view__aside">
        <button type="button" className="desk__text-button" onClick={onStaff}>
          <Trans>Agency staff? Sign in to the desk</Trans>
        </button>
      </p>
    </div>
  );
}
