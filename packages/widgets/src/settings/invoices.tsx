import { formatDate, formatMoney, type Invoice, type InvoiceStatus } from "@agency/contract";
import { Trans, useLingui } from "@lingui/react/macro";
import { useElement } from "../element/element-context";

/** An invoice's state in words; one this element does not know yet is shown as the provider sent it. */
function useInvoiceStatus(): (status: InvoiceStatus) => string {
  const { t } = useLingui();
  return (status) => {
    switch (status) {
      case "paid":
        return t`Paid`;
      case "open":
        return t`Due`;
      case "draft":
        return t`Draft`;
      case "void":
        return t`Void`;
      case "uncollectible":
        return t`Uncollectible`;
      case "refunded":
        return t`Refunded`;
      default:
        return status;
    }
  };
}

/**
 * The invoices the payment provider has for the customer, newest first: date, amount (VAT included, in the
 * invoice's currency, written the page's way), state, and the invoice itself as a PDF.
 */
export function Invoices({ invoices, failed }: { invoices: Invoice[] | null; failed: boolean }) {
  const { t } = useLingui();
  const { settings } = useElement();
  const statusLabel = useInvoiceStatus();
  const locale = settings.locale;

  if (failed) {
    return (
      <p className="settings__muted" role="status">
        <Trans>Your invoices could not be loaded. Please try again later.</Trans>
      </p>
    );
  }
  if (!invoices) {
    return (
      <p className="settings__muted" role="status">
        <Trans>Loading invoices...</Trans>
      </p>
    );
  }
  if (invoices.length === 0) {
    return (
      <p className="settings__muted">
        <Trans>No invoices yet.</Trans>
      </p>
    );
  }
  return (
    <div className="settings__table-wrap">
      <table className="settings__invoices" part="invoices">
        <caption>
          <Trans>Invoices</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Date</Trans>
            </th>
            <th scope="col" className="settings__amount">
              <Trans>Amount incl. VAT</Trans>
            </th>
            <th scope="col">
              <Trans>Status</Trans>
            </th>
            <th scope="col">
              <Trans>Invoice</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            // Each cell names its column in data-label: the narrow layout shows it beside the value (settings.css).
            <tr key={invoice.id}>
              <td data-label={t`Date`}>{formatDate(invoice.created_at, locale)}</td>
              <td data-label={t`Amount incl. VAT`} className="settings__amount">
                {formatMoney(invoice.total, invoice.currency, locale, { cents: true })}
              </td>
              <td data-label={t`Status`}>{statusLabel(invoice.status)}</td>
              <td data-label={t`Invoice`}>
                {invoice.pdf_url ? (
                  <a className="ag-link" href={invoice.pdf_url} part="invoice-pdf">
                    <Trans>{invoice.number ?? invoice.id} (PDF)</Trans>
                  </a>
                ) : (
                  (invoice.number ?? "—")
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
