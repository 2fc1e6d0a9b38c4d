import { contractCatalog } from "@agency/contract/catalog";
import { TEAM_ROLE_LABELS } from "@agency/contract";
import { apiErrorMessage, authApi, useSession } from "@agency/core";
import { FormAlert } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { useElement } from "../element/element-context";
import { withTexts } from "../element/with-texts";
import type { Invitation } from "./invitation-flow";
import { withLaterTexts } from "./later-texts";

/**
 * The invitation, above the login and register views: who invites the visitor to which company and as what, and
 * with which address to log in or register. A visitor signed in already accepts here with one click (or logs out to
 * use the invited address). The heading takes focus when the invitation has loaded, as a page's would.
 */
function InvitationPanel({ invitation }: { invitation: Invitation }) {
  const { t, i18n } = useLingui();
  const { api } = useElement();
  const { user, isAuthenticated } = useSession();
  const heading = useRef<HTMLHeadingElement>(null);
  const { preview } = invitation;
  const ready = preview !== null;
  useEffect(() => {
    if (ready) heading.current?.focus();
  }, [ready]);

  if (!preview) {
    return (
      <div className="login__invitation" part="invitation" role="status">
        <Trans>Loading the invitation...</Trans>
      </div>
    );
  }
  if ("failed" in preview) {
    return (
      <div className="login__invitation" part="invitation">
        <h2 ref={heading} tabIndex={-1} className="login__title">
          <Trans>This invitation cannot be used</Trans>
        </h2>
        <FormAlert message={apiErrorMessage(preview.failed, i18n) ?? t`The invitation could not be loaded. Please try again later.`} />
      </div>
    );
  }

  const { teamName, invitedBy, email } = preview;
  const role = i18n._(TEAM_ROLE_LABELS[preview.role]);
  const other = isAuthenticated && user && user.email !== email;
  const signedInAs = user?.email ?? "";
  return (
    <div className="login__invitation" part="invitation">
      <h2 ref={heading} tabIndex={-1} className="login__title">
        <Trans>Join {teamName}</Trans>
      </h2>
      <p className="login__intro">
        <Trans>
          {invitedBy} invites you to join {teamName} as {role}. The invitation is for {email}.
        </Trans>
      </p>
      {invitation.acceptError ? <FormAlert message={apiErrorMessage(invitation.acceptError, i18n) ?? t`The invitation could not be accepted. Please try again.`} /> : null}
      {isAuthenticated && user ? (
        <>
          <p className="login__intro">
            <Trans>You are logged in as {signedInAs}.</Trans>
          </p>
          {other ? (
            <p className="login__intro">
              <Trans>Log out, then log in or create an account with {email} to accept.</Trans>
            </p>
          ) : null}
          <div className="login__invitation-actions">
            {other ? null : (
              <button type="button" className="ag-button" part="accept" disabled={invitation.accepting} aria-busy={invitation.accepting} onClick={() => void invitation.accept()}>
                {invitation.accepting ? <Trans>Joining...</Trans> : <Trans>Accept and join {teamName}</Trans>}
              </button>
            )}
            <button type="button" className="ag-button ag-button--secondary" disabled={invitation.accepting} onClick={() => void authApi.logout(api)}>
              <Trans>Log out</Trans>
            </button>
          </div>
        </>
      ) : (
        <p className="login__intro">
          <Trans>Log in, or create an account with {email}: you join as soon as you are in.</Trans>
        </p>
      )}
    </div>
  );
}

// Its texts come with it (the login element's later texts), and the contract's names of the roles.
export const InvitationPanelWithTexts = withLaterTexts(withTexts(InvitationPanel, contractCatalog));
