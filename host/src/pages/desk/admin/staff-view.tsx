import { basePathFrom, DESK_ROLES, type DeskRole, formatDateTime, isEmail, type StaffMember } from "@agency/contract";
import { deskApi, useDeskSession } from "@agency/core";
import { Modal, Spinner, toast } from "@agency/ui";
import { FormAlert, SelectField, TextField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { PageMeta } from "../../../lib/page-meta";
import { useLocale } from "../../../lib/use-locale";
import { failureText, useDeskApi, useLoaded } from "../desk-lib";
import { AdminsOnly } from "./admins-only";

/** Staff management for admins: who has access, inviting by e-mail (an enrolment link), and removing. */
export default function StaffView() {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <>
      <PageMeta title={t`Staff`} description={t`The agency's desk, for staff.`} locale={locale} path="/desk/staff" noindex />
      <AdminsOnly title={t`Staff`}>
        <StaffList />
      </AdminsOnly>
    </>
  );
}

function StaffList() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const api = useDeskApi();
  const { staff: me } = useDeskSession();
  const staff = useLoaded("staff", () => deskApi.listStaff(api));
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const [busy, setBusy] = useState(false);
  // One person's role: "Staff member" (nl "Medewerker"), not the page's title "Staff" ("Medewerkers").
  const roleLabel = (role: DeskRole) => (role === "admin" ? t`Admin` : t`Staff member`);

  async function remove(member: StaffMember) {
    setBusy(true);
    try {
      await deskApi.removeStaff(api, member.id);
      toast.success(t`${member.email} no longer has access to the desk.`, { locale });
      setRemoving(null);
      staff.reload();
    } catch (error) {
      toast.error(failureText(error, i18n, t`That did not work. Please try again.`), { locale });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="desk-view">
      <h1 className="desk-view__title">
        <Trans>Staff</Trans>
      </h1>
      <InviteForm onInvited={staff.reload} />
      {staff.value.state === "loading" ? <Spinner label={t`Loading staff...`} /> : null}
      {staff.value.state === "failed" ? (
        <p className="notice notice--error" role="alert">
          {failureText(staff.value.error, i18n, t`The staff could not be loaded.`)}
        </p>
      ) : null}
      {staff.value.state === "done" ? (
        <ul className="desk-list desk-staff">
          {staff.value.data.map((member) => (
            <li key={member.id} className="desk-staff__member">
              <span>
                <strong>{member.email}</strong> · {roleLabel(member.role)} ·{" "}
                {member.enrolled
                  ? member.lastSignInAt
                    ? t`last signed in ${formatDateTime(member.lastSignInAt, locale)}`
                    : t`never signed in`
                  : t`invited, not set up yet`}
              </span>
              {member.id === me?.id ? null : (
                <button type="button" className="ag-button ag-button--secondary desk__small-button" onClick={() => setRemoving(member)}>
                  <Trans>Remove</Trans>
                  <span className="ag-visually-hidden"> {member.email}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {removing ? (
        <Modal
          title={t`Remove ${removing.email}?`}
          onClose={() => (busy ? undefined : setRemoving(null))}
          actions={
            <>
              <button type="button" className="ag-button ag-button--secondary" disabled={busy} onClick={() => setRemoving(null)}>
                <Trans>Go back</Trans>
              </button>
              <button type="button" className="ag-button ag-button--danger" disabled={busy} aria-busy={busy} onClick={() => void remove(removing)}>
                <Trans>Yes, remove</Trans>
              </button>
            </>
          }
        >
          <p>
            <Trans>Their access to the desk ends at once, and every session they have open is signed out.</Trans>
          </p>
        </Modal>
      ) : null}
    </div>
  );
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const api = useDeskApi();
  const [sent, setSent] = useState<string | null>(null);
  // The alert says what is wrong; the address is marked and described by it.
  const form = useForm({
    initial: { email: "", role: "staff" as DeskRole },
    validate: ({ email }) => (isEmail(email.trim()) ? {} : { form: t`Please enter a valid e-mail address.`, email: "" }),
    onSubmit: async ({ email, role }) => {
      setSent(null);
      const invited = await deskApi.inviteStaff(api, { email: email.trim(), role, language: locale, basePath: basePathFrom(window.location.pathname) });
      setSent(t`An invitation with an enrolment link was mailed to ${invited.email}. The link works once, within 24 hours.`);
      form.setValue("email", "");
      onInvited();
    },
    onError: (failure) => ({ form: failureText(failure, i18n, t`The invitation could not be sent.`), email: "" }),
  });

  return (
    <section className="desk-section">
      <h2 className="desk-section__title">
        <Trans>Invite a staff member</Trans>
      </h2>
      <form className="desk-filter" noValidate onSubmit={form.submit}>
        <FormAlert {...form.alert} />
        <TextField label={t`E-mail address`} type="email" autoComplete="off" {...form.field("email")} required />
        <SelectField<DeskRole>
          label={t`Role`}
          {...form.field("role")}
          options={DESK_ROLES.map((value) => ({ value, label: value === "admin" ? t`Admin` : t`Staff member` }))}
        />
        <button type="submit" className="ag-button" disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? <Trans>Sending...</Trans> : <Trans>Send invitation</Trans>}
        </button>
      </form>
      {sent ? (
        <p className="notice" role="status">
          {sent}
        </p>
      ) : null}
    </section>
  );
}
