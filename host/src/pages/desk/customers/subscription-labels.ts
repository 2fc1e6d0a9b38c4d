import type { InvoiceStatus, SubscriptionStatus, WithdrawalOutcome } from "@agency/contract";
import { useLingui } from "@lingui/react/macro";

/** Subscription and invoice statuses, and what became of a withdrawal, in the page's language. */
export function useSubscriptionLabels() {
  const { t } = useLingui();
  const statuses: Record<SubscriptionStatus, string> = {
    active: t`Active`,
    trialing: t`Trial`,
    past_due: t`Payment overdue`,
    unpaid: t`Unpaid`,
    paused: t`Paused`,
    incomplete: t`Incomplete`,
    incomplete_expired: t`Expired before payment`,
    canceled: t`Ended`,
  };
  const invoices: Record<InvoiceStatus, string> = {
    draft: t`Draft`,
    open: t`Open`,
    paid: t`Paid`,
    uncollectible: t`Uncollectible`,
    void: t`Void`,
    refunded: t`Refunded`,
  };
  const withdrawals: Record<WithdrawalOutcome, string> = {
    pending: t`Being carried out`,
    withdrawn: t`Withdrawn: ended and refunded`,
    cancelled_at_period_end: t`After 14 days: cancelled at period end`,
    duplicate: t`Already withdrawn`,
    no_contract: t`No contract to withdraw from`,
    no_account: t`No account with this address`,
    undone: t`Undone by the owner`,
  };
  return {
    status: (status: SubscriptionStatus) => statuses[status] ?? status,
    withdrawal: (outcome: WithdrawalOutcome) => withdrawals[outcome] ?? outcome,
    invoice: (status: InvoiceStatus) => invoices[status] ?? status,
    period: (period: "monthly" | "yearly") => (period === "yearly" ? t`Yearly` : t`Monthly`),
  };
}
