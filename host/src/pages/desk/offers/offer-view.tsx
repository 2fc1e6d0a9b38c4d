import { deskOffersApi } from "@agency/core";
import { formatDate, formatDateTime, formatMoney, PACKAGES, type AuditEntry, type DeskOfferDetail } from "@agency/contract";
import { Modal, Spinner, toast } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { PageMeta } from "../../../lib/page-meta";
import { useLocale } from "../../../lib/use-locale";
import { DetailSection } from "../leads/lead-fields";
import { failureText, useDeskApi, useDeskPath, useLoaded } from "../desk-lib";
import { useDeskLabels } from "../desk-labels";

type Action = "send" | "deliver";

/**
 * One offer: the customer, the package and its amounts with and without VAT, the signature, the invoices (an overdue
 * balance marked), its history from the audit log, and what staff do next: send an upgrade a customer asked for, or
 * mark a paid offer delivered (the balance invoice goes out and the monthly fee starts), each confirmed first.
 */
export default function OfferView() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const api = useDeskApi();
  const to = useDeskPath();
  const id = useParams().id ?? "";
  const offer = useLoaded(`offer ${id}`, () => deskOffersApi.fetchOffer(api, id));
  const loaded = offer.value.state === "done" ? offer.value.data : null;
  return (
    <div className="desk-view">
      <PageMeta title={loaded ? loaded.number : t`Offer`} description={t`The agency's desk, for staff.`} locale={locale} path="/desk/offers" noindex />
      <p>
        <Link to={to("/offers")} className="ag-link">
          <Trans>Back to the offers</Trans>
        </Link>
      </p>
      <div className="desk-view__heading">
        <h1 className="desk-view__title">{loaded ? t`Offer ${loaded.number}` : t`Offer`}</h1>
        {loaded ? <OfferBadges offer={loaded} /> : null}
      </div>
      {offer.value.state === "loading" ? <Spinner label={t`Loading the offer...`} /> : null}
      {offer.value.state === "failed" ? (
        <p className="notice notice--error" role="alert">
          {failureText(offer.value.error, i18n, t`The offer could not be loaded.`)}
        </p>
      ) : null}
      {loaded ? <OfferDetailView offer={loaded} onChange={offer.replace} /> : null}
    </div>
  );
}

function OfferBadges({ offer }: { offer: DeskOfferDetail }) {
  const labels = useDeskLabels();
  return (
    <>
      <span className={`desk-status desk-status--${offer.status}`} data-testid="offer-status">
        {labels.offerStatus[offer.status]}
      </span>
      {offer.balanceOverdue ? (
        <span className="desk-status desk-status--overdue">
          <Trans>Balance overdue</Trans>
        </span>
      ) : null}
    </>
  );
}

function OfferDetailView({ offer, onChange }: { offer: DeskOfferDetail; onChange: (offer: DeskOfferDetail) => void }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const api = useDeskApi();
  const labels = useDeskLabels();
  const to = useDeskPath();
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const money = (cents: number) => formatMoney(cents / 100, offer.currency, locale, { cents: true });
  const name = (id: string) => PACKAGES.find((p) => p.id === id)?.name ?? id;
  const deliverable = offer.status === "accepted" && offer.paidAt !== null;

  async function confirm(action: Action) {
    setBusy(true);
    try {
      if (action === "send") {
        onChange(await deskOffersApi.sendOffer(api, offer.id));
        toast.success(t`The offer was mailed to ${offer.email}.`, { locale });
      } else {
        onChange(await deskOffersApi.deliverOffer(api, offer.id));
        toast.success(t`Delivered: the balance invoice was mailed, and the monthly fee starts on the first of next month.`, { locale });
      }
      setAsking(null);
    } catch (error) {
      toast.error(failureText(error, i18n, t`That did not work. Please try again.`), { locale });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className="desk-sections">
        <DetailSection
          title={t`Customer`}
          rows={[
            [t`Name`, offer.name],
            [t`Company`, offer.company ?? ""],
            [t`E-mail address`, <a key="mail" className="ag-link" href={`mailto:${offer.email}`}>{offer.email}</a>],
            [t`Language`, offer.locale === "en" ? t`English` : t`Dutch`],
            [t`Quote request`, offer.leadId ? <Link key="lead" className="ag-link" to={to(`/leads/${offer.leadId}`)}>{t`Open the quote request`}</Link> : ""],
            [t`Link to the offer`, <a key="link" className="ag-link" href={offer.link} target="_blank" rel="noopener noreferrer">{t`Open the customer's page`}</a>],
          ]}
        />
        <DetailSection
          title={offer.fromPackage ? t`Upgrade from ${name(offer.fromPackage)} to ${name(offer.package)}` : t`The ${name(offer.package)} package`}
          rows={[
            ...offer.lines.map((line): [string, string] => [line.description, t`${money(line.netCents)} excl. VAT, ${money(line.totalCents)} incl. VAT`]),
            [t`One-time`, t`${money(offer.oneTime.netCents)} excl. VAT, ${money(offer.oneTime.totalCents)} incl. VAT`],
            [t`Deposit (50%)`, t`${money(offer.deposit.totalCents)} incl. VAT`],
            [t`Balance (50%)`, t`${money(offer.balance.totalCents)} incl. VAT`],
            [t`Monthly fee`, t`${money(offer.monthly.netCents)} excl. VAT, ${money(offer.monthly.totalCents)} incl. VAT`],
            [t`Valid until`, formatDate(offer.expiresAt, locale)],
          ]}
        />
        <DetailSection
          title={t`Order`}
          rows={[
            [t`Signed`, offer.signature ? t`By ${offer.signature.name} on ${formatDateTime(offer.signature.at, locale)}, from ${offer.signature.ip}` : ""],
            [t`Deposit paid`, offer.paidAt ? formatDateTime(offer.paidAt, locale) : ""],
            [t`Direct debit mandate`, offer.paidAt ? (offer.needsMandate ? t`Not yet given` : t`Given`) : ""],
            [t`Delivered`, offer.deliveredAt ? formatDateTime(offer.deliveredAt, locale) : ""],
            [t`Declined`, offer.declinedAt ? `${formatDateTime(offer.declinedAt, locale)}${offer.declineReason ? `: ${offer.declineReason}` : ""}` : ""],
          ]}
        />
      </div>
      <div className="actions">
        {offer.status === "requested" ? (
          <button type="button" className="ag-button" onClick={() => setAsking("send")}>
            <Trans>Send the offer</Trans>
          </button>
        ) : null}
        {deliverable ? (
          <button type="button" className="ag-button" onClick={() => setAsking("deliver")}>
            <Trans>Mark delivered</Trans>
          </button>
        ) : null}
      </div>
      <section className="desk-section">
        <h2 className="desk-section__title">
          <Trans>Invoices</Trans>
        </h2>
        {offer.invoices.length === 0 ? (
          <p>
            <Trans>No invoices yet.</Trans>
          </p>
        ) : (
          <ul className="desk-list">
            {offer.invoices.map((invoice) => (
              <li key={invoice.number}>
                <a className="ag-link" href={invoice.pdfUrl} target="_blank" rel="noopener noreferrer">
                  {invoice.number}
                </a>{" "}
                · {labels.invoiceKind[invoice.kind]} · {formatDate(invoice.issuedAt, locale)} · {money(invoice.totalCents)} ·{" "}
                {invoice.status === "paid" ? t`Paid` : invoice.overdue ? <strong key="overdue">{t`Overdue since ${formatDate(invoice.dueAt!, locale)}`}</strong> : t`Open, due ${formatDate(invoice.dueAt ?? invoice.issuedAt, locale)}`}
              </li>
            ))}
          </ul>
        )}
      </section>
      <History entries={offer.history} />
      {asking ? (
        <Modal
          title={asking === "send" ? t`Send this offer?` : t`Mark this offer delivered?`}
          onClose={() => (busy ? undefined : setAsking(null))}
          actions={
            <>
              <button type="button" className="ag-button ag-button--secondary" disabled={busy} onClick={() => setAsking(null)}>
                <Trans>Go back</Trans>
              </button>
              <button type="button" className="ag-button" disabled={busy} aria-busy={busy} onClick={() => void confirm(asking)}>
                {asking === "send" ? t`Yes, send it` : t`Yes, it is delivered`}
              </button>
            </>
          }
        >
          <p>
            {asking === "send" ? (
              <Trans>The customer gets the offer by mail and has 30 days from now to accept it.</Trans>
            ) : (
              <Trans>
                The balance of {money(offer.balance.totalCents)} is invoiced and mailed with a payment term of 14 days, and the monthly fee of{" "}
                {money(offer.monthly.totalCents)} starts on the first of next month by direct debit.
              </Trans>
            )}
          </p>
        </Modal>
      ) : null}
    </>
  );
}

/** The audit log's entries about the offer, oldest first. */
function History({ entries }: { entries: AuditEntry[] }) {
  const { t } = useLingui();
  const locale = useLocale();
  const actions: Record<string, string> = {
    "offer.created": t`Made and mailed`,
    "offer.upgrade_requested": t`Upgrade asked for by the customer`,
    "offer.sent": t`Sent`,
    "offer.viewed": t`Opened by the customer`,
    "offer.accepted": t`Accepted and signed`,
    "offer.declined": t`Declined`,
    "offer.paid": t`Deposit paid`,
    "offer.mandate": t`Direct debit mandate given`,
    "offer.delivered": t`Delivered; balance invoiced`,
    "offer.balance_paid": t`Balance paid`,
    "offer.balance_reminded": t`Reminder of the overdue balance mailed`,
    "offer.expired": t`Expired`,
  };
  return (
    <section className="desk-section">
      <h2 className="desk-section__title">
        <Trans>History</Trans>
      </h2>
      <ol className="desk-list" data-testid="offer-history">
        {entries.map((entry) => (
          <li key={entry.id}>
            {formatDateTime(entry.at, locale)} · {actions[entry.action] ?? entry.action} · {entry.actor}
          </li>
        ))}
      </ol>
    </section>
  );
}
