import { deskApi } from "@agency/core";
import { formatDate } from "@agency/contract";
import { Spinner } from "@agency/ui";
import { TextField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useSearchParams } from "react-router";
import { PageMeta } from "../../../lib/page-meta";
import { useLocale } from "../../../lib/use-locale";
import { TableWrap } from "../table-wrap";
import { failureText, useDeskApi, useDeskPath, useLoaded } from "../desk-lib";
import { useSubscriptionLabels } from "./subscription-labels";

/** The customers, newest first, searched by e-mail address or name (the search lives in the address). */
export default function CustomersView() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const api = useDeskApi();
  const to = useDeskPath();
  const subscriptionLabels = useSubscriptionLabels();
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const search = useForm({ initial: { q }, onSubmit: (values) => setParams(values.q.trim() ? { q: values.q.trim() } : {}) });
  const customers = useLoaded(`customers ${q}`, () => deskApi.listCustomers(api, q));

  return (
    <div className="desk-view">
      <PageMeta title={t`Customers`} description={t`The agency's desk, for staff.`} locale={locale} path="/desk/customers" noindex />
      <h1 className="desk-view__title">
        <Trans>Customers</Trans>
      </h1>
      <form className="desk-filter" role="search" aria-label={t`Search customers`} onSubmit={search.submit}>
        <TextField label={t`Search`} hint={t`E-mail address or name`} {...search.field("q")} />
        <button type="submit" className="ag-button">
          <Trans>Search</Trans>
        </button>
      </form>
      {customers.value.state === "loading" ? <Spinner label={t`Loading customers...`} /> : null}
      {customers.value.state === "failed" ? (
        <p className="notice notice--error" role="alert">
          {failureText(customers.value.error, i18n, t`The customers could not be loaded.`)}
        </p>
      ) : null}
      {customers.value.state === "done" ? (
        customers.value.data.customers.length === 0 ? (
          <p className="notice" role="status">
            <Trans>No customers found.</Trans>
          </p>
        ) : (
          <TableWrap label={t`Customers`}>
            <table className="desk-table">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Name</Trans>
                  </th>
                  <th scope="col">
                    <Trans>E-mail address</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Verified</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Subscription</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Since</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {customers.value.data.customers.map((customer) => (
                  <tr key={customer.id}>
                    <td>
                      <Link to={to(`/customers/${customer.id}`)} className="ag-link">
                        {customer.name || customer.email}
                      </Link>
                    </td>
                    <td>{customer.email}</td>
                    <td>{customer.emailVerified ? t`Yes` : t`No`}</td>
                    <td>{customer.subscription ? `${customer.subscription.planName}: ${subscriptionLabels.status(customer.subscription.status)}` : t`None`}</td>
                    <td>{formatDate(customer.createdAt, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )
      ) : null}
    </div>
  );
}
