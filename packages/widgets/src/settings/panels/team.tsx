import { roleCan, type TeamMember } from "@agency/contract";
import { teamApi, useSession } from "@agency/core";
import { Modal, toast } from "@agency/ui";
import { SelectField } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useElement } from "../../element/element-context";
import { useTeam } from "../team-state";
import { useFailureText } from "./account-forms";
import { TeamCompany } from "./team-company";
import { TeamInvitations } from "./team-invitations";
import { TeamMembers } from "./team-members";
import { useRoleLabel, withTeamTexts } from "./team-texts";

/**
 * The Team card: the company the visitor belongs to, its members and their roles, its invitations, handing ownership
 * over and leaving. Each person sees only what their role allows (the server refuses the rest anyway): everyone reads
 * the company and its members; the owner and admins invite, change roles and remove; the owner hands ownership over;
 * everyone but the owner can leave.
 */
function TeamPanel() {
  const { t } = useLingui();
  const { api, settings, emit } = useElement();
  const { user } = useSession();
  const { team, changed } = useTeam();
  const roleLabel = useRoleLabel();
  const failureText = useFailureText();
  const [confirm, setConfirm] = useState<"leave" | "transfer" | null>(null);
  const [successor, setSuccessor] = useState("");
  const [working, setWorking] = useState(false);
  if (!team) return null;

  const locale = settings.locale;
  const company = team.team.name;
  const role = team.role;
  const others = team.members.filter((m) => m.id !== user?.id);
  const next: TeamMember | undefined = others.find((m) => m.id === successor);
  const nextName = next ? next.name || next.email : "";
  const myRole = roleLabel(role);

  async function run(action: () => Promise<string>, failed: string) {
    setWorking(true);
    try {
      toast.success(await action(), { locale });
      setConfirm(null);
      setSuccessor("");
      await changed();
    } catch (failure) {
      console.error("agency-settings: the team could not be changed", failure);
      toast.error(failureText(failure, failed), { locale });
      setConfirm(null);
    } finally {
      setWorking(false);
    }
  }

  const leave = () =>
    run(async () => {
      const own = await teamApi.leaveTeam(api);
      emit("agency-team-change", { team: own, role: "owner" });
      return t`You have left ${company}`;
    }, t`Failed to leave the company`);
  const transfer = () =>
    run(async () => {
      const { message } = await teamApi.transferOwnership(api, successor);
      emit("agency-team-change", { team: team.team, role: "admin" });
      return message;
    }, t`Failed to hand ownership over`);

  return (
    <section className="settings__card" part="team" aria-labelledby="settings-team">
      <h2 id="settings-team" className="settings__title">
        <Trans>Team</Trans>
      </h2>
      <p className="settings__muted settings__intro">
        <Trans>
          Your role in {company}: {myRole}. The subscription, the invoices and the billing details belong to the company.
        </Trans>
      </p>
      <TeamCompany team={team.team} role={role} onSaved={() => void changed()} />

      <h3 className="settings__subtitle">
        <Trans>Members</Trans>
      </h3>
      <TeamMembers members={team.members} role={role} company={company} onChanged={changed} />

      {roleCan(role, "team.manage") ? <TeamInvitations invitations={team.invitations} onChanged={changed} /> : null}

      {roleCan(role, "team.transfer") && others.length > 0 ? (
        <div className="settings__form settings__team-transfer">
          <h3 className="settings__subtitle">
            <Trans>Hand ownership over</Trans>
          </h3>
          <SelectField
            label={t`New owner`}
            name="successor"
            placeholder={t`Choose a member`}
            options={others.map((m) => ({ value: m.id, label: m.name || m.email }))}
            value={successor}
            onValueChange={setSuccessor}
          />
          <div className="settings__actions">
            <button type="button" className="ag-button ag-button--secondary" part="transfer" disabled={!next} onClick={() => setConfirm("transfer")}>
              <Trans>Hand ownership over</Trans>
            </button>
          </div>
        </div>
      ) : null}

      {role === "owner" ? (
        others.length > 0 ? (
          <p className="settings__muted settings__pending">
            <Trans>As the owner you cannot leave the company: hand ownership over first.</Trans>
          </p>
        ) : null
      ) : (
        <div className="settings__actions settings__team-leave">
          <button type="button" className="ag-button ag-button--danger" part="leave" onClick={() => setConfirm("leave")}>
            <Trans>Leave {company}</Trans>
          </button>
        </div>
      )}

      {confirm ? (
        <Modal
          title={confirm === "leave" ? <Trans>Leave {company}?</Trans> : <Trans>Make {nextName} the owner of {company}?</Trans>}
          onClose={() => !working && setConfirm(null)}
          actions={
            <>
              <button
                type="button"
                className={confirm === "leave" ? "ag-button ag-button--danger" : "ag-button"}
                disabled={working}
                aria-busy={working}
                onClick={() => void (confirm === "leave" ? leave() : transfer())}
              >
                {working ? <Trans>Working...</Trans> : confirm === "leave" ? <Trans>Yes, leave</Trans> : <Trans>Yes, hand it over</Trans>}
              </button>
              <button type="button" className="ag-button ag-button--secondary" disabled={working} onClick={() => setConfirm(null)}>
                <Trans>Cancel</Trans>
              </button>
            </>
          }
        >
          <p className="settings__modal-text">
            {confirm === "leave" ? (
              <Trans>You lose access to the company's subscription and invoices at once. Your account stays, in a company of your own.</Trans>
            ) : (
              <Trans>They can then do everything you can, including handing ownership on. You stay in the company as an admin.</Trans>
            )}
          </p>
        </Modal>
      ) : null}
    </section>
  );
}

export default withTeamTexts(TeamPanel);
