import { deskApi } from "@agency/core";
import { SETTABLE_LEAD_STATUSES, type LeadDetail } from "@agency/contract";
import { Spinner, toast } from "@agency/ui";
import { SelectField, TextAreaField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { PageMeta } from "../../../lib/page-meta";
import { useLocale } from "../../../lib/use-locale";
import { failureText, useDeskApi, useDeskPath, useLoaded } from "../desk-lib";
import { useDeskLabels } from "../desk-labels";
import { LeadFields } from "./lead-fields";

/**
 * One lead: every field, with its status, the internal note and, for a held or spam lead, its release. Opening a
 * new lead marks it read, as an inbox does.
 */
export default function LeadView() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const api = useDeskApi();
  const to = useDeskPath();
  const labels = useDeskLabels();
  const id = Number(useParams().id);
  const lead = useLoaded(`lead ${id}`, () => deskApi.fetchLead(api, id));
  const markedRead = useRef(false);
  const loaded = lead.value.state === "done" ? lead.value.data : null;

  useEffect(() => {
    // Only as it was opened: a lead released while open is new on purpose, and stays so.
    if (!loaded || markedRead.current) return;
    markedRead.current = true;
    if (loaded.status !== "new") return;
    deskApi.updateLead(api, id, { status: "read" }).then(lead.replace, () => undefined);
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  return (
    <div className="desk-view">
      <PageMeta title={loaded ? loaded.name || t`Lead` : t`Lead`} description={t`The agency's desk, for staff.`} locale={locale} path="/desk" noindex />
      <p>
        <Link to={to("/")} className="ag-link">
          <Trans>Back to the leads</Trans>
        </Link>
      </p>
      {/* There from the start, so a navigation's focus lands on it and stays while the lead loads. */}
      <div className="desk-view__heading">
        <h1 className="desk-view__title">{loaded?.name || t`Lead`}</h1>
        {loaded ? (
          <span className={`desk-status desk-status--${loaded.status}`} data-testid="lead-status">
            {labels.leadStatus[loaded.status]}
          </span>
        ) : null}
      </div>
      {lead.value.state === "loading" ? <Spinner label={t`Loading the lead...`} /> : null}
      {lead.value.state === "failed" ? (
        <p className="notice notice--error" role="alert">
          {failureText(lead.value.error, i18n, t`The lead could not be loaded.`)}
        </p>
      ) : null}
      {loaded ? <LeadDetailView lead={loaded} onChange={lead.replace} /> : null}
    </div>
  );
}

function LeadDetailView({ lead, onChange }: { lead: LeadDetail; onChange: (lead: LeadDetail) => void }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const to = useDeskPath();
  const api = useDeskApi();
  const labels = useDeskLabels();
  // A held or caught request that never went out becomes new or read only through its release (the server agrees).
  const unreleased = lead.flag !== null && lead.releasedAt === null;
  const choices = SETTABLE_LEAD_STATUSES.filter((value) => !unreleased || value === "archived" || value === "spam");
  const [releasing, setReleasing] = useState(false);

  /** What an action did: the lead as the server now has it, said in a toast; the status picked is the lead's again. */
  function changed(updated: LeadDetail, done: string) {
    onChange(updated);
    statusForm.reset();
    toast.success(done, { locale });
  }
  // What failed is said in a toast, and no field is marked.
  const toastFailure = (error: unknown) => {
    toast.error(failureText(error, i18n, t`That did not work. Please try again.`), { locale });
    return {};
  };

  // Until the staff member picks another status (`choice` is empty), the select shows the lead's; held is no
  // choice: it only leaves by a release.
  const statusForm = useForm({
    initial: { choice: "" },
    onSubmit: async ({ choice }) => {
      const next = choices.find((value) => value === choice);
      if (!next || next === lead.status) return;
      changed(await deskApi.updateLead(api, lead.id, { status: next }), t`Status changed to ${labels.leadStatus[next]}`);
    },
    onError: toastFailure,
  });
  const status = statusForm.values.choice || (lead.status === "held" ? "" : lead.status);
  const noteForm = useForm({
    initial: { note: lead.note },
    onSubmit: async ({ note }) => changed(await deskApi.updateLead(api, lead.id, { note }), t`Note saved`),
    onError: toastFailure,
  });
  const busy = statusForm.busy || noteForm.busy || releasing;

  async function release() {
    setReleasing(true);
    try {
      const released = (await deskApi.releaseLead(api, lead.id)).lead;
      // Says what went out: no webhook is posted where none is configured, and nothing again for a lead that went out before.
      const mail = released.mail.state !== "not_sent";
      const webhook = released.webhook.state !== "not_sent";
      changed(
        released,
        mail && webhook
          ? t`Released: the lead is new, and its mail and webhook are on their way.`
          : mail
            ? t`Released: the lead is new, and its mail is on its way.`
            : t`Released: the lead is new.`,
      );
    } catch (error) {
      toastFailure(error);
    } finally {
      setReleasing(false);
    }
  }

  return (
    <>
      {lead.company ? <p className="desk-view__lead">{lead.company}</p> : null}
      <p>
        <Link to={to(`/offers/new?lead=${lead.id}`)} className="ag-button">
          <Trans>Make an offer</Trans>
        </Link>
      </p>
      {lead.status === "held" || lead.status === "spam" ? (
        <div className="notice desk-flag">
          <p>{lead.flag ? labels.flag[lead.flag] : t`This lead was not mailed or posted.`}</p>
          <button type="button" className="ag-button" disabled={busy} aria-busy={releasing} onClick={release}>
            {releasing ? <Trans>Releasing...</Trans> : <Trans>Release this lead</Trans>}
          </button>
          <p className="desk-muted">
            <Trans>Releasing makes it a new lead and sends the agency's mail and the webhook, once.</Trans>
          </p>
        </div>
      ) : null}
      <div className="desk-actions">
        <form className="desk-inline-form" onSubmit={statusForm.submit}>
          <SelectField
            label={t`Status`}
            {...statusForm.field("choice")}
            value={status}
            options={choices.map((value) => ({ value, label: labels.leadStatus[value] }))}
            placeholder={lead.status === "held" ? labels.leadStatus.held : undefined}
          />
          <button type="submit" className="ag-button ag-button--secondary" disabled={busy || !status || status === lead.status}>
            <Trans>Change status</Trans>
          </button>
        </form>
        <form className="desk-inline-form desk-inline-form--wide" onSubmit={noteForm.submit}>
          <TextAreaField
            label={t`Internal note`}
            hint={t`Only the agency's staff see this.`}
            rows={4}
            maxLength={5000}
            {...noteForm.field("note")}
          />
          <button type="submit" className="ag-button ag-button--secondary" disabled={busy || noteForm.values.note === lead.note}>
            {noteForm.busy ? <Trans>Saving...</Trans> : <Trans>Save note</Trans>}
          </button>
        </form>
      </div>
      <LeadFields lead={lead} />
    </>
  );
}
