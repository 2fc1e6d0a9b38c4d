import { deskApi } from "@agency/core";
import { formatDateTime, formatNumber, LEAD_STATUSES, type LeadStatus } from "@agency/contract";
import { Spinner, toast } from "@agency/ui";
import { SelectField, TextField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PageMeta } from "../../../lib/page-meta";
import { useLocale } from "../../../lib/use-locale";
import { TableWrap } from "../table-wrap";
import { failureText, saveFile, useDeskApi, useDeskPath, useLoaded } from "../desk-lib";
import { useDeskLabels } from "../desk-labels";

const isLeadStatus = (value: unknown): value is LeadStatus => (LEAD_STATUSES as readonly unknown[]).includes(value);

/**
 * The lead inbox: newest first, a page at a time, filtered by status and searched by name, e-mail address or
 * company. The filter lives in the address, so a filtered view can be bookmarked, shared and gone back to, and
 * the CSV export takes exactly that filter.
 */
export default function InboxView() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const api = useDeskApi();
  const to = useDeskPath();
  const labels = useDeskLabels();
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get("status");
  const status = isLeadStatus(rawStatus) ? rawStatus : undefined;
  const q = params.get("q") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const [exporting, setExporting] = useState(false);
  const leads = useLoaded(JSON.stringify({ status, q, page }), () => deskApi.listLeads(api, { status, q, page }));

  function apply(next: { status?: string; q?: string; page?: number }) {
    const query = new URLSearchParams();
    if (next.status) query.set("status", next.status);
    if (next.q?.trim()) query.set("q", next.q.trim());
    if (next.page && next.page > 1) query.set("page", String(next.page));
    setParams(query);
  }

  const filter = useForm({ initial: { status: status ?? "", q }, onSubmit: apply });

  async function exportCsv() {
    setExporting(true);
    try {
      const file = await deskApi.exportLeads(api, { status, q });
      saveFile(file.blob, file.filename);
    } catch (error) {
      toast.error(failureText(error, i18n, t`The export failed. Please try again.`), { locale });
    } finally {
      setExporting(false);
    }
  }

  const statusOptions = LEAD_STATUSES.map((value) => ({ value, label: labels.leadStatus[value] }));
  const data = leads.value.state === "done" ? leads.value.data : null;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="desk-view">
      <PageMeta title={t`Leads`} description={t`The agency's desk, for staff.`} locale={locale} path="/desk" noindex />
      <div className="desk-view__heading">
        <h1 className="desk-view__title">
          <Trans>Leads</Trans>
        </h1>
        {data ? (
          <span className="desk-count" data-testid="unread-count">
            <Trans>{formatNumber(data.unread, locale)} unread</Trans>
          </span>
        ) : null}
      </div>
      <form className="desk-filter" role="search" aria-label={t`Filter leads`} onSubmit={filter.submit}>
        <SelectField label={t`Status`} {...filter.field("status")} options={statusOptions} placeholder={t`All statuses`} />
        <TextField label={t`Search`} type="text" hint={t`Name, e-mail address or company`} {...filter.field("q")} />
        <button type="submit" className="ag-button">
          <Trans>Show</Trans>
        </button>
        <button type="button" className="ag-button ag-button--secondary" disabled={exporting} aria-busy={exporting} onClick={exportCsv}>
          {exporting ? <Trans>Exporting...</Trans> : <Trans>Export CSV</Trans>}
        </button>
      </form>
      {leads.value.state === "loading" ? <Spinner label={t`Loading leads...`} /> : null}
      {leads.value.state === "failed" ? (
        <p className="notice notice--error" role="alert">
          {failureText(leads.value.error, i18n, t`The leads could not be loaded.`)}
        </p>
      ) : null}
      {data ? (
        <>
          <p className="desk-view__summary" role="status">
            {data.totalCapped ? (
              <Trans>More than {formatNumber(data.total, locale)} leads</Trans>
            ) : (
              <Trans>{formatNumber(data.total, locale)} leads</Trans>
            )}
          </p>
          {data.leads.length === 0 ? (
            <p className="notice">
              <Trans>No leads match this filter.</Trans>
            </p>
          ) : (
            <TableWrap label={t`Leads`}>
              <table className="desk-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Name</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Company</Trans>
                    </th>
                    <th scope="col">
                      <Trans>E-mail address</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Status</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Received</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.leads.map((lead) => (
                    <tr key={lead.id} className={lead.status === "new" ? "desk-table__unread" : undefined}>
                      <td>
                        <Link to={to(`/leads/${lead.id}`)} className="ag-link">
                          {lead.name || t`(no name)`}
                        </Link>
                      </td>
                      <td>{lead.company}</td>
                      <td>{lead.email}</td>
                      <td>
                        <span className={`desk-status desk-status--${lead.status}`}>{labels.leadStatus[lead.status]}</span>
                      </td>
                      <td>{formatDateTime(lead.createdAt, locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )}
          {pages > 1 ? (
            <nav className="desk-pager" aria-label={t`Pages`}>
              <button type="button" className="ag-button ag-button--secondary" disabled={page <= 1} onClick={() => apply({ status, q, page: page - 1 })}>
                <Trans>Previous</Trans>
              </button>
              <span>
                <Trans>
                  Page {page} of {pages}
                </Trans>
              </span>
              <button type="button" className="ag-button ag-button--secondary" disabled={page >= pages} onClick={() => apply({ status, q, page: page + 1 })}>
                <Trans>Next</Trans>
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
