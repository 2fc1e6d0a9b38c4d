import { deskApi } from "@agency/core";
import { type AuditEntry, formatDateTime } from "@agency/contract";
import { Spinner, toast } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "react-router";
import { PageMeta } from "../../../lib/page-meta";
import { useLocale } from "../../../lib/use-locale";
import { TableWrap } from "../table-wrap";
import { failureText, useDeskApi, useDeskPath, useLoaded } from "../desk-lib";
import { AdminsOnly } from "./admins-only";
import { useAuditText } from "./audit-labels";

/** Below 100 entries a page is the last one (the API sends 100 at a time). */
const AUDIT_PAGE = 100;

/** The audit log, newest first: who did what to what, when and from where. Read only, as the log itself is. */
export default function AuditView() {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <>
      <PageMeta title={t`Audit log`} description={t`The agency's desk, for staff.`} locale={locale} path="/desk/audit" noindex />
      <AdminsOnly title={t`Audit log`}>
        <AuditLog />
      </AdminsOnly>
    </>
  );
}

function AuditLog() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const api = useDeskApi();
  const to = useDeskPath();
  const describe = useAuditText();
  const first = useLoaded("audit", () => deskApi.listAudit(api));
  const [older, setOlder] = useState<AuditEntry[]>([]);
  const [more, setMore] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const entries = first.value.state === "done" ? [...first.value.data.entries, ...older] : [];
  const hasMore = more ?? (first.value.state === "done" && first.value.data.entries.length >= AUDIT_PAGE);

  async function loadOlder() {
    const last = entries.at(-1);
    if (!last) return;
    setBusy(true);
    try {
      const page = await deskApi.listAudit(api, last.id);
      setOlder((previous) => [...previous, ...page.entries]);
      setMore(page.entries.length >= AUDIT_PAGE);
    } catch (error) {
      toast.error(failureText(error, i18n, t`The audit log could not be loaded.`), { locale });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="desk-view">
      <h1 className="desk-view__title">
        <Trans>Audit log</Trans>
      </h1>
      {first.value.state === "loading" ? <Spinner label={t`Loading the audit log...`} /> : null}
      {first.value.state === "failed" ? (
        <p className="notice notice--error" role="alert">
          {failureText(first.value.error, i18n, t`The audit log could not be loaded.`)}
        </p>
      ) : null}
      {first.value.state === "done" ? (
        <TableWrap label={t`Audit log`}>
          <table className="desk-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>When</Trans>
                </th>
                <th scope="col">
                  <Trans>Who</Trans>
                </th>
                <th scope="col">
                  <Trans>What</Trans>
                </th>
                <th scope="col">
                  <Trans>Target</Trans>
                </th>
                <th scope="col">
                  <Trans>Address</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => {
                const text = describe(entry);
                return (
                  <tr key={entry.id}>
                    <td>{formatDateTime(entry.at, locale)}</td>
                    <td>{entry.actor === "cli" ? t`Command line` : entry.actor}</td>
                    <td>{text.what}</td>
                    <td>
                      {text.link ? (
                        <Link to={to(text.link)} className="ag-link">
                          {text.target}
                        </Link>
                      ) : (
                        text.target
                      )}
                    </td>
                    <td>{entry.ip || "–"}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      {hasMore ? (
        <button type="button" className="ag-button ag-button--secondary" disabled={busy} aria-busy={busy} onClick={loadOlder}>
          <Trans>Show older entries</Trans>
        </button>
      ) : null}
    </div>
  );
}
