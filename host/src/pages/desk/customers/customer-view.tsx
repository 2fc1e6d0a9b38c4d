import {
  basePathFrom,
  type DeskCustomerDetail,
  formatDate,
  formatDateTime,
  formatMoney,
  LIVE_STATUSES,
} from "@agency/contract";
import { deskApi, useDeskSession } from "@agency/core";
import { Modal, Spinner, toast } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { PageMeta } from "../../../lib/page-meta";
import { useLocale } from "../../../lib/use-locale";
import { failureText, useDeskApi, useDeskPath, useLoaded } from "../desk-lib";
import { DetailSection } from "../leads/lead-fields";
import { CompanySection } from "../teams/company-section";
import { useSubscriptionLabels } from "./subscription-labels";

type Action = "resend" | "cancel" | "erase";

/**
 * One customer: account, verification, subscription, invoices, consent records and statements of withdrawal, and
 * what staff can do for them (resend the verification mail, cancel the subscription at the period's end; an admin
 * can erase the account). Each action asks first, in a native dialog.
 */
export default function CustomerView() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const api = useDeskApi();
  const to = useDeskPath();
  const id = useParams().id ?? "";
  const customer = useLoaded(`customer ${id}`, () => deskApi.fetchCustomer(api, id));
  const loaded = customer.value.state === "done" ? customer.value.data : null;

  return (
    <div className="desk-view">
      <PageMeta title={loaded ? loaded.name || loaded.email : t`Customer`} description={t`The agency's desk, for staff.`} locale={locale} path="/desk/customers" noindex />
      <p>
        <Link to={to("/customers")} className="ag-link">
          <Trans>Back to the customers</Trans>
        </Link>
      </p>
      {/* There from the start, so a navigation's focus lands on it and stays while the customer loads. */}
      <h1 className="desk-view__title">{loaded ? loaded.name || loaded.email : t`Customer`}</h1>
      {customer.value.state === "loading" ? <Spinner label={t`Loading the customer...`} /> : null}
      {customer.value.state === "failed" ? (
        <p className="notice notice--error" role="alert">
          {failureText(customer.value.error, i18n, t`The customer could not be loaded.`)}
        </p>
      ) : null}
      {loaded ? <CustomerDetailView customer={loaded} onChanged={customer.reload} /> : null}
    </div>
  );
}

function CustomerDetailView({ customer, onChanged }: { customer: DeskCustomerDetail; onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const api = useDeskApi();
  const to = useDeskPath();
  const navigate = useNavigate();
  const { staff } = useDeskSession();
  const labels = useSubscriptionLabels();
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const subscription = customer.subscription;
  const cancellable = subscription !== null && (LIVE_STATUSES as readonly string[]).includes(subscription.status) && !subscription.cancelAtPeriodEnd;
  const who = customer.name || customer.email;

  async function confirm(action: Action) {
    setBusy(true);
    try {
      if (action === "resend") {
        await deskApi.resendVerification(api, customer.id, { language: customer.language, basePath: basePathFrom(window.location.pathname) });
        toast.success(t`A new verification link was mailed to ${customer.email}.`, { locale });
      } else if (action === "cancel") {
        await deskApi.cancelSubscription(api, customer.id);
        toast.success(t`The subscription ends at the end of its period.`, { locale });
      } else {
        await deskApi.eraseCustomer(api, customer.id);
        toast.success(t`The account of ${customer.email} was erased.`, { locale });
        setAsking(null);
        void navigate(to("/customers"), { replace: true });
        return;
      }
      setAsking(null);
      onChanged();
    } catch (error) {
      toast.error(failureText(error, i18n, t`That did not work. Please try again.`), { locale });
    } finally {
      setBusy(false);
    }
  }

  const dialogs: Record<Action, { title: string; body: ReactNode; yes: string; danger?: boolean }> = {
    resend: {
      title: t`Resend the verification mail?`,
      body: <Trans>A new link to verify the address goes to {customer.email}; earlier links stop working.</Trans>,
      yes: t`Yes, resend`,
    },
    cancel: {
      title: t`Cancel this subscription?`,
      body: subscription ? (
        <Trans>
          {who} keeps the plan until {formatDate(subscription.currentPeriodEnd, locale)}; then it ends and nothing more is
          charged. They can resume it themselves until then.
        </Trans>
      ) : null,
      yes: t`Yes, cancel at period end`,
      danger: true,
    },
    erase: {
      title: t`Erase this account?`,
      body: (
        <Trans>
          Everything of {customer.email} is deleted, as when they delete the account themselves: their sessions end and
          their subscription ends at once. This cannot be undone.
        </Trans>
      ),
      yes: t`Yes, erase the account`,
      danger: true,
    },
  };
  const dialog = asking ? dialogs[asking] : null;

  return (
    <>
      <div className="desk-sections">
        <DetailSection
          title={t`Account`}
          rows={[
            [t`Name`, customer.name],
            [t`E-mail address`, customer.email],
            [t`Verified`, customer.emailVerified ? t`Yes` : t`No, not yet`],
            [t`New address waiting for its link`, customer.pendingEmail ?? ""],
            [t`Language`, customer.language === "en" ? t`English` : t`Dutch`],
            [t`Customer since`, formatDate(customer.createdAt, locale)],
            [t`Devices signed in`, String(customer.sessions)],
          ]}
        />
        <DetailSection
          title={t`Subscription`}
          rows={
            subscription
              ? [
                  [t`Plan`, `${subscription.planName} (${labels.period(subscription.billingPeriod)})`],
                  [t`Status`, <span key="status" data-testid="subscription-status">{labels.status(subscription.status)}</span>],
                  [t`Current period ends`, formatDate(subscription.currentPeriodEnd, locale)],
                  [t`Cancelled at period end`, <span key="cancel" data-testid="cancel-at-period-end">{subscription.cancelAtPeriodEnd ? t`Yes` : t`No`}</span>],
                ]
              : [[t`Plan`, t`No subscription`]]
          }
        />
      </div>
      <div className="actions">
        {customer.emailVerified ? null : (
          <button type="button" className="ag-button ag-button--secondary" onClick={() => setAsking("resend")}>
            <Trans>Resend verification mail</Trans>
          </button>
        )}
        {cancellable ? (
          <button type="button" className="ag-button ag-button--secondary" onClick={() => setAsking("cancel")}>
            <Trans>Cancel subscription at period end</Trans>
          </button>
        ) : null}
        {staff?.role === "admin" ? (
          <button type="button" className="ag-button ag-button--danger" onClick={() => setAsking("erase")}>
            <Trans>Erase account</Trans>
          </button>
        ) : null}
      </div>
      {customer.company ? <CompanySection company={customer.company} /> : null}
      <section className="desk-section">
        <h2 className="desk-section__title">
          <Trans>Invoices</Trans>
        </h2>
        {customer.invoices.length === 0 ? (
          <p>
            <Trans>No invoices.</Trans>
          </p>
        ) : (
          <ul className="desk-list">
            {customer.invoices.map((invoice) => (
              <li key={invoice.id}>
                {invoice.number ?? invoice.id} · {formatDate(invoice.createdAt, locale)} · {formatMoney(invoice.total, invoice.currency, locale, { cents: true })} <Trans>incl. VAT</Trans> ·{" "}
                {labels.invoice(invoice.status)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="desk-section">
        <h2 className="desk-section__title">
          <Trans>Consent records</Trans>
        </h2>
        {customer.consentRecords.length === 0 ? (
          <p>
            <Trans>No consent records.</Trans>
          </p>
        ) : (
          <ul className="desk-list">
            {customer.consentRecords.map((record) => (
              <li key={`${record.at} ${record.detail}`}>
                {formatDateTime(record.at, locale)} · <Trans>Quote request under the privacy notice</Trans> · {record.detail}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="desk-section">
        <h2 className="desk-section__title">
          <Trans>Withdrawals</Trans>
        </h2>
        {customer.withdrawals.length === 0 ? (
          <p>
            <Trans>No statements of withdrawal.</Trans>
          </p>
        ) : (
          <ul className="desk-list">
            {customer.withdrawals.map((withdrawal) => (
              <li key={withdrawal.id}>
                {formatDateTime(withdrawal.receivedAt, locale)} · {labels.withdrawal(withdrawal.outcome)}
                {withdrawal.undoneAt ? ` · ${t`undone on ${formatDateTime(withdrawal.undoneAt, locale)}`}` : null}
                {withdrawal.refund
                  ? ` · ${formatMoney(withdrawal.refund.cents / 100, withdrawal.refund.currency, locale, { cents: true })}${withdrawal.refund.reference ? ` (${withdrawal.refund.reference})` : ""}`
                  : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      {asking && dialog ? (
        <Modal
          title={dialog.title}
          onClose={() => (busy ? undefined : setAsking(null))}
          actions={
            <>
              <button type="button" className="ag-button ag-button--secondary" disabled={busy} onClick={() => setAsking(null)}>
                <Trans>Go back</Trans>
              </button>
              <button
                type="button"
                className={dialog.danger ? "ag-button ag-button--danger" : "ag-button"}
                disabled={busy}
                aria-busy={busy}
                onClick={() => void confirm(asking)}
              >
                {dialog.yes}
              </button>
            </>
          }
        >
          <p>{dialog.body}</p>
        </Modal>
      ) : null}
    </>
  );
}
