import { formatDate, INVITABLE_ROLES, isEmail, MAX_PENDING_INVITATIONS, type InvitableRole, type TeamInvitation } from "@agency/contract";
import { teamApi } from "@agency/core";
import { toast } from "@agency/ui";
import { FormAlert, SelectField, TextField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useElement } from "../../element/element-context";
import { useFailureText } from "./account-forms";
import { useRoleLabel } from "./team-texts";

/**
 * Inviting by e-mail (for the owner and admins) and the invitations still pending, each of which can be withdrawn. The
 * invitee gets a link, valid 7 days and once, that shows who invites them and lets them register or log in to accept.
 */
export function TeamInvitations({ invitations, onChanged }: { invitations: TeamInvitation[]; onChanged: () => Promise<void> }) {
  const { t } = useLingui();
  const { api, settings } = useElement();
  const roleLabel = useRoleLabel();
  const failureText = useFailureText();
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const locale = settings.locale;
  const full = invitations.length >= MAX_PENDING_INVITATIONS;

  const form = useForm({
    initial: { email: "", role: "member" as InvitableRole },
    validate: ({ email }) => (isEmail(email.trim()) ? {} : { email: t`Please enter a valid e-mail address` }),
    onSubmit: async ({ email, role }) => {
      const address = email.trim().toLowerCase();
      await teamApi.inviteMember(api, { email: address, role, language: locale, basePath: settings.basePath });
      toast.success(t`We sent an invitation to ${address}`, { locale });
      form.setValue("email", "");
      await onChanged();
    },
    codes: { "team.already_member": "email", "team.already_invited": "email" },
    onError: (failure) => {
      console.error("agency-settings: the invitation could not be sent", failure);
      return failureText(failure, t`Failed to send the invitation`);
    },
  });

  async function withdraw(invitation: TeamInvitation) {
    setWithdrawing(invitation.id);
    try {
      const { message } = await teamApi.revokeInvitation(api, invitation.id);
      toast.success(message, { locale });
      await onChanged();
    } catch (failure) {
      console.error("agency-settings: the invitation could not be withdrawn", failure);
      toast.error(failureText(failure, t`Failed to withdraw the invitation`), { locale });
    } finally {
      setWithdrawing(null);
    }
  }

  return (
    <>
      <h3 className="settings__subtitle">
        <Trans>Invite someone</Trans>
      </h3>
      <form className="settings__form" noValidate onSubmit={form.submit} part="invite">
        <FormAlert {...form.alert} />
        <TextField label={t`E-mail address`} name="email" type="email" autoComplete="off" {...form.field("email")} disabled={form.busy || full} />
        <SelectField
          label={t`Role`}
          name="role"
          options={INVITABLE_ROLES.map((value) => ({ value, label: roleLabel(value) }))}
          {...form.field("role")}
          disabled={form.busy || full}
        />
        <p className="settings__muted">
          <Trans>Admins manage the members; billing members pay and see the invoices; members see the subscription and invoices.</Trans>
        </p>
        <div className="settings__actions">
          <button type="submit" className="ag-button" disabled={form.busy || full} aria-busy={form.busy}>
            {form.busy ? <Trans>Sending...</Trans> : <Trans>Send invitation</Trans>}
          </button>
        </div>
      </form>
      {invitations.length > 0 ? (
        <>
          <h3 className="settings__subtitle">
            <Trans>Pending invitations</Trans>
          </h3>
          <ul className="settings__sessions" aria-label={t`Pending invitations`}>
            {invitations.map((invitation) => {
              const until = formatDate(invitation.expiresAt, locale);
              const label = roleLabel(invitation.role);
              const address = invitation.email;
              return (
                <li key={invitation.id} className="settings__session" part="invitation">
                  <div className="settings__member">
                    <p className="settings__device settings__email">{invitation.email}</p>
                    <p className="settings__muted">
                      <Trans>
                        {label} · valid until {until}
                      </Trans>
                    </p>
                  </div>
                  <button
                    type="button"
                    className="ag-button ag-button--secondary"
                    disabled={withdrawing !== null}
                    aria-busy={withdrawing === invitation.id}
                    aria-label={t`Withdraw the invitation to ${address}`}
                    onClick={() => void withdraw(invitation)}
                  >
                    <Trans>Withdraw</Trans>
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </>
  );
}
