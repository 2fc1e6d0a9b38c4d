import { INVITABLE_ROLES, roleCan, type InvitableRole, type TeamMember, type TeamRole } from "@agency/contract";
import { teamApi, useSession } from "@agency/core";
import { Modal, toast } from "@agency/ui";
import { SelectField } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useElement } from "../../element/element-context";
import { useFailureText } from "./account-forms";
import { useRoleLabel } from "./team-texts";

/**
 * The company's members with their roles. The owner and admins change the role of another member (never their own,
 * never the owner's: ownership is handed over below) and remove them, after a confirmation; everyone else reads.
 */
export function TeamMembers({ members, role, company, onChanged }: { members: TeamMember[]; role: TeamRole; company: string; onChanged: () => Promise<void> }) {
  const { t } = useLingui();
  const { api, settings } = useElement();
  const { user } = useSession();
  const roleLabel = useRoleLabel();
  const failureText = useFailureText();
  const [working, setWorking] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const manage = roleCan(role, "team.manage");
  const locale = settings.locale;
  const options = INVITABLE_ROLES.map((value) => ({ value, label: roleLabel(value) }));

  async function change(member: TeamMember, next: InvitableRole) {
    setWorking(member.id);
    try {
      await teamApi.changeRole(api, member.id, next);
      const label = roleLabel(next);
      const who = member.name || member.email;
      toast.success(t`${who} is now ${label}`, { locale });
      await onChanged();
    } catch (failure) {
      console.error("agency-settings: the role could not be changed", failure);
      toast.error(failureText(failure, t`Failed to change the role`), { locale });
    } finally {
      setWorking(null);
    }
  }

  async function remove(member: TeamMember) {
    setWorking(member.id);
    try {
      const { message } = await teamApi.removeMember(api, member.id);
      toast.success(message, { locale });
      setRemoving(null);
      await onChanged();
    } catch (failure) {
      console.error("agency-settings: the member could not be removed", failure);
      toast.error(failureText(failure, t`Failed to remove the member`), { locale });
      setRemoving(null);
    } finally {
      setWorking(null);
    }
  }

  return (
    <>
      <ul className="settings__sessions settings__members" aria-label={t`Members`}>
        {members.map((member) => {
          const me = member.id === user?.id;
          const editable = manage && !me && member.role !== "owner";
          const name = member.name || member.email;
          return (
            <li key={member.id} className="settings__session" part="member">
              <div className="settings__member">
                <p className="settings__device">
                  {name}{" "}
                  {me ? (
                    <span className="badge badge--active">
                      <Trans>You</Trans>
                    </span>
                  ) : null}
                </p>
                <p className="settings__muted settings__email">{member.email}</p>
              </div>
              {editable ? (
                <div className="settings__member-actions">
                  <SelectField
                    label={t`Role of ${name}`}
                    name={`role-${member.id}`}
                    options={options}
                    value={member.role as InvitableRole}
                    onValueChange={(next) => void change(member, next)}
                    disabled={working !== null}
                  />
                  <button
                    type="button"
                    className="ag-button ag-button--secondary"
                    disabled={working !== null}
                    aria-label={t`Remove ${name}`}
                    onClick={() => setRemoving(member)}
                  >
                    <Trans>Remove</Trans>
                  </button>
                </div>
              ) : (
                <span className="badge badge--inactive" part="member-role">
                  {roleLabel(member.role)}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {removing ? (
        <Modal
          title={<RemoveTitle name={removing.name || removing.email} company={company} />}
          onClose={() => working === null && setRemoving(null)}
          actions={
            <>
              <button
                type="button"
                className="ag-button ag-button--danger"
                disabled={working !== null}
                aria-busy={working === removing.id}
                onClick={() => void remove(removing)}
              >
                {working === removing.id ? <Trans>Removing...</Trans> : <Trans>Yes, remove</Trans>}
              </button>
              <button type="button" className="ag-button ag-button--secondary" disabled={working !== null} onClick={() => setRemoving(null)}>
                <Trans>Keep</Trans>
              </button>
            </>
          }
        >
          <p className="settings__modal-text">
            <Trans>They lose access to the company's subscription and invoices at once. Their own account stays.</Trans>
          </p>
        </Modal>
      ) : null}
    </>
  );
}

function RemoveTitle({ name, company }: { name: string; company: string }) {
  return <Trans>Remove {name} from {company}?</Trans>;
}
