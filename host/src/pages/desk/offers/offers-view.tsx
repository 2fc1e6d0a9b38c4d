import { deskOffersApi } from "@agency/core";
import { formatDate, formatMoney, formatNumber, OFFER_STATUSES, PACKAGES, type OfferStatus } from "@agency/contract";
import { Spinner } from "@agency/ui";
import { CheckboxGroup, SelectField, useForm } from "@agency/ui/form";
import "@agency/ui/styles/choices.css";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useSearchParams } from "react-router";
import { PageMeta } from "../../../lib/page-meta";
import { useLocale } from "../../../lib/use-locale";
import { TableWrap } from "../table-wrap";
import { failureText, useDeskApi, useDeskPath, useLoaded } from "../desk-lib";
import { useDeskLabels } from "../desk-labels";

const isOfferStatus = (value: unknown): value is OfferStatus => (OFFER_STATUSES as readonly unknown[]).includes(value);

/**
 * Every offer, newest first, with its status (sent, viewed, accepted, delivered, expired, declined, or an upgrade a
 * customer asked for), filtered by status or by an overdue balance. The filter lives in the address.
 */
export default function OffersView() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const api = useDeskApi();
  const to = useDeskPath();
  const labels = useDeskLabels();
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get("status");
  const status = isOfferStatus(rawStatus) ? rawStatus : undefined;
  const overdue = params.get("overdue") === "1";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const offers = useLoaded(JSON.stringify({ status, overdue, page }), () => deskOffersApi.listOffers(api, { status, overdue, page }));

  function apply(next: { status?: string; overdue?: boolean; page?: number }) {
    const query = new URLSearchParams();
    if (next.status) query.set("status", next.status);
    if (next.overdue) query.set("overdue", "1");
    if (next.page && next.page > 1) query.set("page", String(next.page));
    setParams(query);
  }
  const filter = useForm({
    initial: { status: status ?? "", overdue: overdue ? ["yes" as const] : [] },
    onSubmit: (values) => apply({ status: values.status, overdue: values.overdue.length > 0 }),
  });

  const data = offers.value.state === "done" ? offers.value.data : null;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const packageName = (id: string) => PACKAGES.find((p) => p.id === id)?.name ?? id;

  return (
    <div className="desk-view">
      <PageMeta title={t`Offers`} description={t`The agency's desk, for staff.`} locale={locale} path="/desk/offers" noindex />
      <div className="desk-view__heading">
        <h1 className="desk-view__title">
          <Trans>Offers</Trans>
        </h1>
        <Link to={to("/offers/new")} className="ag-button">
          <Trans>New offer</Trans>
        </Link>
      </div>
      <form className="desk-filter" role="search" aria-label={t`Filter offers`} onSubmit={filter.submit}>
        <SelectField
          label={t`Status`}
          {...filter.field("status")}
          options={OFFER_STATUSES.map((value) => ({ value, label: labels.offerStatus[value] }))}
          placeholder={t`All statuses`}
        />
        <CheckboxGroup
          legend={t`Balance`}
          hideLegend
          value={filter.values.overdue}
          onValueChange={(value) => filter.setValue("overdue", value as "yes"[])}
          options={[{ value: "yes", label: t`Only with an overdue balance` }]}
        />
        <button type="submit" className="ag-button">
          <Trans>Show</Trans>
        </button>
      </form>
      {offers.value.state === "loading" ? <Spinner label={t`Loading offers...`} /> : null}
      {offers.value.state === "failed" ? (
        <p className="notice notice--error" role="alert">
          {failureText(offers.value.error, i18n, t`The offers could not be loaded.`)}
        </p>
      ) : null}
      {data ? (
        <>
          <p className="desk-view__summary" role="status">
            <Trans>{formatNumber(data.total, locale)} offers</Trans>
          </p>
          {data.offers.length === 0 ? (
            <p className="notice">
              <Trans>No offers match this filter.</Trans>
            </p>
          ) : (
            <TableWrap label={t`Offers`}>
              <table className="desk-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Offer</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Customer</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Package</Trans>
                    </th>
                    <th scope="col">
                      <Trans>One-time, incl. VAT</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Status</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Valid until</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.offers.map((offer) => (
                    <tr key={offer.id}>
                      <td>
                        <Link to={to(`/offers/${offer.id}`)} className="ag-link">
                          {offer.number}
                        </Link>
                      </td>
                      <td>
                        {offer.company ? `${offer.company} · ` : ""}
                        {offer.name}
                      </td>
                      <td>{offer.fromPackage ? `${packageName(offer.fromPackage)} → ${packageName(offer.package)}` : packageName(offer.package)}</td>
                      <td>{formatMoney(offer.oneTimeTotalCents / 100, offer.currency, locale, { cents: true })}</td>
                      <td>
                        <span className={`desk-status desk-status--${offer.status}`} data-testid="offer-status">
                          {labels.offerStatus[offer.status]}
                        </span>
                        {offer.balanceOverdue ? (
                          <>
                            {" "}
                            <span className="desk-status desk-status--overdue">
                              <Trans>Balance overdue</Trans>
                            </span>
                          </>
                        ) : null}
                      </td>
                      <td>{formatDate(offer.expiresAt, locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )}
          {pages > 1 ? (
            <nav className="desk-pager" aria-label={t`Pages`}>
              <button type="button" className="ag-button ag-button--secondary" disabled={page <= 1} onClick={() => apply({ status, overdue, page: page - 1 })}>
                <Trans>Previous</Trans>
              </button>
              <span>
                <Trans>
                  Page {page} of {pages}
                </Trans>
              </span>
              <button type="button" className="ag-button ag-button--secondary" disabled={page >= pages} onClick={() => apply({ status, overdue, page: page + 1 })}>
                <Trans>Next</Trans>
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
