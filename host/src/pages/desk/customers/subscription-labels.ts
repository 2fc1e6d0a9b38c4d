import type { InvoiceStatus, SubscriptionStatus } from "@agency/contract";
import { useLingui } from "@lingui/react/macro";

/** Subscription and invoice statuses in the page's language. */
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
  return {
    status: (status: SubscriptionStatus) => statuses[status] ?? status,
    invoice: (status: InvoiceStatus) => invoices[status] ?? status,
    period: (period: "monthly" | "yearly") => (period === "yearly" ? t`Yearly` : t`Monthly`),
  };
}
