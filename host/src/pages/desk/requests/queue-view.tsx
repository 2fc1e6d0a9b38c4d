import { formatDateTime, formatNumber, REQUEST_STATUSES, type RequestStatus } from "@agency/contract";
import { deskRequestsApi } from "@agency/core";
import { Spinner } from "@agency/ui";
import { SelectField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useSearchParams } from "react-router";
import { PageMeta } from "../../../lib/page-meta";
import { useLocale } from "../../../lib/use-locale";
import { failureText, useDeskApi, useDeskPath, useLoaded } from "../desk-lib";
import { TableWrap } from "../table-wrap";
import { useRequestLabels } from "./request-labels";
import "./requests.css";

const isStatus = (value: unknown): value is RequestStatus => (REQUEST_STATUSES as readonly unknown[]).includes(value);

/**
 * The customers' requests, as a support queue: open ones with priority first (Professional, Enterprise, the Pro
 * plan), then the customer who has waited longest; each with its company, package and minutes left this month. A
 * request unanswered for 20 hours is marked overdue (the promise is an answer within 24). The filter is in the address.
 */
export default function QueueView() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const api = useDeskApi();
  const to = useDeskPath();
  const labels = useRequestLabels();
  const [params, setParams] = useSearchParams();
  const raw = params.get("status");
  const status: RequestStatus = isStatus(raw) ? raw : "open";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const queue = useLoaded(JSON.stringify({ status, page }), () => deskRequestsApi.listQueue(api, { status, page }));

  function apply(next: { status: string; page?: number }) {
    const query = new URLSearchParams();
    if (next.status !== "open") query.set("status", next.status);
    if (next.page && next.page > 1) query.set("page", String(next.page));
    setParams(query);
  }
  const filter = useForm({ initial: { status }, onSubmit: apply });

  const data = queue.value.state === "done" ? queue.value.data : null;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="desk-view">
      <PageMeta title={t`Requests`} description={t`The agency's desk, for staff.`} locale={locale} path="/desk/requests" noindex />
      <div className="desk-view__heading">
        <h1 className="desk-view__title">
          <Trans>Requests</Trans>
        </h1>
        {data && data.overdue > 0 ? (
          <span className="desk-status desk-status--overdue" data-testid="overdue-count">
            <Trans>{formatNumber(data.overdue, locale)} overdue</Trans>
          </span>
        ) : null}
      </div>
      <form className="desk-filter" aria-label={t`Filter requests`} onSubmit={filter.submit}>
        <SelectField label={t`Status`} {...filter.field("status")} options={REQUEST_STATUSES.map((value) => ({ value, label: labels.status[value] }))} />
        <button type="submit" className="ag-button">
          <Trans>Show</Trans>
        </button>
      </form>
      {queue.value.state === "loading" ? <Spinner label={t`Loading requests...`} /> : null}
      {queue.value.state === "failed" ? (
        <p className="notice notice--error" role="alert">
          {failureText(queue.value.error, i18n, t`The requests could not be loaded.`)}
        </p>
      ) : null}
      {data ? (
        <>
          <p className="desk-view__summary" role="status">
            <Trans>{formatNumber(data.total, locale)} requests</Trans>
          </p>
          {data.requests.length === 0 ? (
            <p className="notice">
              <Trans>No requests with this status.</Trans>
            </p>
          ) : (
            <TableWrap label={t`Requests`}>
              <table className="desk-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Request</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Company</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Package</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Minutes left</Trans>
                    </th>
                    <th scope="col">{status === "open" ? <Trans>Waiting since</Trans> : <Trans>Last message</Trans>}</th>
                    <th scope="col">
                      <Trans>Owner</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.requests.map((request) => (
                    <tr key={request.id} className={request.overdue ? "desk-table__overdue" : undefined}>
                      <td>
                        <Link to={to(`/requests/${request.id}`)} className="ag-link">
                          {request.subject}
                        </Link>{" "}
                        <span className="desk-muted">{request.reference}</span>
                        {request.priority ? (
                          <>
                            {" "}
                            <span className="desk-status desk-priority">{t`Priority`}</span>
                          </>
                        ) : null}
                        {request.overdue ? (
                          <>
                            {" "}
                            <span className="desk-status desk-status--overdue">{t`Overdue`}</span>
                          </>
                        ) : null}
                      </td>
                      <td>{request.company.name}</td>
                      <td>{labels.plan(request)}</td>
                      <td>{formatNumber(request.minutesLeft, locale)}</td>
                      <td>{formatDateTime(status === "open" ? (request.awaitingSince ?? request.lastMessageAt) : request.lastMessageAt, locale)}</td>
                      <td>{request.owner?.email ?? t`Nobody`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )}
          {pages > 1 ? (
            <nav className="desk-pager" aria-label={t`Pages`}>
              <button type="button" className="ag-button ag-button--secondary" disabled={page <= 1} onClick={() => apply({ status, page: page - 1 })}>
                <Trans>Previous</Trans>
              </button>
              <span>
                <Trans>
                  Page {page} of {pages}
                </Trans>
              </span>
              <button type="button" className="ag-button ag-button--secondary" disabled={page >= pages} onClick={() => apply({ status, page: page + 1 })}>
                <Trans>Next</Trans>
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
