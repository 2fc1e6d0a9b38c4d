import { Trans } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useElementSession } from "../element/element-session";

// The forms open on request, so their code is loaded then, not with the page.
const NameForm = lazy(() => import("./panels/account-forms").then((m) => ({ default: m.NameForm })));
const EmailForm = lazy(() => import("./panels/account-forms").then((m) => ({ default: m.EmailForm })));

type Editing = "name" | "email" | null;

/**
 * The account card: the e-mail address (verified or not, and a change waiting for its link) and the name, or 'Not
 * set', each with a button that opens its form in place.
 */
export function AccountProfile() {
  const { user } = useElementSession();
  const [editing, setEditing] = useState<Editing>(null);
  const nameButton = useRef<HTMLButtonElement>(null);
  const emailButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<Editing>(null);

  // Focus goes back to the button that opened the form, once it is there again.
  useEffect(() => {
    if (editing !== null || !returnFocus.current) return;
    (returnFocus.current === "name" ? nameButton : emailButton).current?.focus();
    returnFocus.current = null;
  }, [editing]);

  if (!user) return null;
  const pending = user.pending_email;
  const close = (which: Exclude<Editing, null>) => {
    returnFocus.current = which;
    setEditing(null);
  };

  return (
    <section className="settings__card" part="account" aria-labelledby="settings-account">
      <h2 id="settings-account" className="settings__title">
        <Trans>Account Information</Trans>
      </h2>
      <dl className="settings__list">
        <div className="settings__row">
          <dt>
            <Trans>Email</Trans>
          </dt>
          <dd>
            <span className="settings__value">{user.email}</span>{" "}
            {user.email_verified === true ? (
              <span className="badge badge--active">
                <Trans>Verified</Trans>
              </span>
            ) : user.email_verified === false ? (
              <span className="badge badge--inactive">
                <Trans>Not verified</Trans>
              </span>
            ) : null}
            {pending ? (
              <p className="settings__muted settings__pending">
                <Trans>Waiting for confirmation: we sent a link to {pending}. Your address changes once you follow it.</Trans>
              </p>
            ) : null}
          </dd>
        </div>
        <div className="settings__row">
          <dt>
            <Trans>Name</Trans>
          </dt>
          <dd>{user.name || <Trans>Not set</Trans>}</dd>
        </div>
      </dl>
      {editing ? (
        <Suspense fallback={null}>
          {editing === "name" ? <NameForm onDone={() => close("name")} /> : <EmailForm onDone={() => close("email")} />}
        </Suspense>
      ) : (
        <div className="settings__actions">
          <button ref={nameButton} type="button" className="ag-button ag-button--secondary" part="edit-name" onClick={() => setEditing("name")}>
            <Trans>Change name</Trans>
          </button>
          <button ref={emailButton} type="button" className="ag-button ag-button--secondary" part="edit-email" onClick={() => setEditing("email")}>
            <Trans>Change e-mail address</Trans>
          </button>
        </div>
      )}
    </section>
  );
}
