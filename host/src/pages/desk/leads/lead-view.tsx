import { deskApi } from "@agency/core";
import { SETTABLE_LEAD_STATUSES, type LeadDetail } from "@agency/contract";
import { Spinner, toast } from "@agency/ui";
import { SelectField, TextAreaField } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState, type FormEvent } from "react";
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
  const api = useDeskApi();
  const labels = useDeskLabels();
  // The select shows the lead's status until the staff member picks another (held is no choice: it only leaves by a release).
  const [choice, setChoice] = useState<string | null>(null);
  const status = choice ?? (lead.status === "held" ? "" : lead.status);
  // A held or caught request that never went out becomes new or read only through its release (the server agrees).
  const unreleased = lead.flag !== null && lead.releasedAt === null;
  const choices = SETTABLE_LEAD_STATUSES.filter((value) => !unreleased || value === "archived" || value === "spam");
  const [note, setNote] = useState(lead.note);
  const [busy, setBusy] = useState<"status" | "note" | "release" | null>(null);

  async function act(what: "status" | "note" | "release", run: () => Promise<LeadDetail>, done: string) {
    setBusy(what);
    try {
      onChange(await run());
      setChoice(null);
      toast.success(done, { locale });
    } catch (error) {
      toast.error(failureText(error, i18n, t`That did not work. Please try again.`), { locale });
    } finally {
      setBusy(null);
    }
  }

  const saveStatus = (event: FormEvent) => {
    event.preventDefault();
    const next = choices.find((value) => value === status);
    if (!next || next === lead.status) return;
    void act("status", () => deskApi.updateLead(api, lead.id, { status: next }), t`Status changed to ${labels.leadStatus[next]}`);
  };
  const saveNote = (event: FormEvent) => {
    event.preventDefault();
    void act("note", () => deskApi.updateLead(api, lead.id, { note }), t`Note saved`);
  };
  const release = () =>
    act(
      "release",
      async () => (await deskApi.releaseLead(api, lead.id)).lead,
      t`Released: the lead is new, and its mail and webhook are on their way.`,
    );

  return (
    <>
      {lead.company ? <p className="desk-view__lead">{lead.company}</p> : null}
      {lead.status === "held" || lead.status === "spam" ? (
        <div className="notice desk-flag">
          <p>{lead.flag ? labels.flag[lead.flag] : t`This lead was not mailed or posted.`}</p>
          <button type="button" className="ag-button" disabled={busy !== null} aria-busy={busy === "release"} onClick={release}>
            {busy === "release" ? <Trans>Releasing...</Trans> : <Trans>Release this lead</Trans>}
          </button>
          <p className="desk-muted">
            <Trans>Releasing makes it a new lead and sends the agency's mail and the webhook, once.</Trans>
          </p>
        </div>
      ) : null}
      <div className="desk-actions">
        <form className="desk-inline-form" onSubmit={saveStatus}>
          <SelectField
            label={t`Status`}
            value={status}
            onValueChange={setChoice}
            options={choices.map((value) => ({ value, label: labels.leadStatus[value] }))}
            placeholder={lead.status === "held" ? labels.leadStatus.held : undefined}
          />
          <button type="submit" className="ag-button ag-button--secondary" disabled={busy !== null || !status || status === lead.status}>
            <Trans>Change status</Trans>
          </button>
        </form>
        <form className="desk-inline-form desk-inline-form--wide" onSubmit={saveNote}>
          <TextAreaField
            label={t`Internal note`}
            hint={t`Only the agency's staff see this.`}
            rows={4}
            maxLength={5000}
            value={note}
            onValueChange={setNote}
          />
          <button type="submit" className="ag-button ag-button--secondary" disabled={busy !== null || note === lead.note}>
            {busy === "note" ? <Trans>Saving...</Trans> : <Trans>Save note</Trans>}
          </button>
        </form>
      </div>
      <LeadFields lead={lead} />
    </>
  );
}
