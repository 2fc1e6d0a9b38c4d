import { COMPANY_NAME_MAX_LENGTH, roleCan, type Team, type TeamRole, type UpdateTeamPayload } from "@agency/contract";
import { teamApi } from "@agency/core";
import { toast } from "@agency/ui";
import { FormAlert, TextField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useElement } from "../../element/element-context";
import { useFailureText } from "./account-forms";

/**
 * The company's details: its name and KvK number (changed by its owner and admins) and its VAT number, printed on its
 * invoices (changed by its owner and billing members). Each person gets a form with the fields their role may change.
 */
export function TeamCompany({ team, role, onSaved }: { team: Team; role: TeamRole; onSaved: () => void }) {
  const [editing, setEditing] = useState(false);
  const canRename = roleCan(role, "team.manage");
  const canVat = roleCan(role, "billing.manage");
  const none = <Trans>Not set</Trans>;
  return (
    <>
      {editing ? (
        <CompanyForm
          team={team}
          canRename={canRename}
          canVat={canVat}
          onDone={(saved) => {
            setEditing(false);
            if (saved) onSaved();
          }}
        />
      ) : (
        <>
          <dl className="settings__list">
            <div className="settings__row">
              <dt>
                <Trans>Company</Trans>
              </dt>
              <dd className="settings__plan">{team.name}</dd>
            </div>
            <div className="settings__row">
              <dt>
                <Trans>KvK number</Trans>
              </dt>
              <dd>{team.kvkNumber ?? none}</dd>
            </div>
            <div className="settings__row">
              <dt>
                <Trans>VAT number</Trans>
              </dt>
              <dd>{team.vatId ?? none}</dd>
            </div>
          </dl>
          {canRename || canVat ? (
            <div className="settings__actions">
              <button type="button" className="ag-button ag-button--secondary" part="edit-company" onClick={() => setEditing(true)}>
                <Trans>Edit company details</Trans>
              </button>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}

function CompanyForm({ team, canRename, canVat, onDone }: { team: Team; canRename: boolean; canVat: boolean; onDone: (saved: boolean) => void }) {
  const { t } = useLingui();
  const { api, settings } = useElement();
  const failureText = useFailureText();
  const form = useForm({
    initial: { name: team.name, kvkNumber: team.kvkNumber ?? "", vatId: team.vatId ?? "" },
    validate: ({ name, kvkNumber }) => ({
      ...(canRename && !name.trim() ? { name: t`Please enter your company's name` } : {}),
      ...(canRename && kvkNumber.trim() && !/^\d{8}$/.test(kvkNumber.replace(/\s/g, "")) ? { kvkNumber: t`A KvK number has 8 digits` } : {}),
    }),
    onSubmit: async ({ name, kvkNumber, vatId }) => {
      // Only what the person's role may change is sent.
      const change: UpdateTeamPayload = {
        ...(canRename ? { name: name.trim(), kvkNumber: kvkNumber.trim() || null } : {}),
        ...(canVat ? { vatId: vatId.trim() || null } : {}),
      };
      await teamApi.updateTeam(api, change);
      toast.success(t`Your company's details have been saved`, { locale: settings.locale });
      onDone(true);
    },
    fieldText: t`Please check this field`,
    onError: (failure) => {
      console.error("agency-settings: the company's details could not be saved", failure);
      return failureText(failure, t`Failed to save your company's details`);
    },
  });
  return (
    <form className="settings__form" noValidate onSubmit={form.submit}>
      <FormAlert {...form.alert} />
      {canRename ? (
        <>
          <TextField label={t`Company name`} name="name" autoComplete="organization" maxLength={COMPANY_NAME_MAX_LENGTH} {...form.field("name")} disabled={form.busy} />
          <TextField label={t`KvK number`} name="kvkNumber" inputMode="numeric" maxLength={12} hint={t`8 digits, from the Chamber of Commerce`} {...form.field("kvkNumber")} disabled={form.busy} />
        </>
      ) : null}
      {canVat ? (
        <TextField label={t`VAT number`} name="vatId" maxLength={30} hint={t`For example NL123456789B01; printed on your invoices`} {...form.field("vatId")} disabled={form.busy} />
      ) : null}
      <div className="settings__actions">
        <button type="submit" className="ag-button" disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? <Trans>Saving...</Trans> : <Trans>Save company details</Trans>}
        </button>
        <button type="button" className="ag-button ag-button--secondary" disabled={form.busy} onClick={() => onDone(false)}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
