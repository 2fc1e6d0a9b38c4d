import { useLingui } from "@lingui/react/macro";

/**
 * A subscription status in words. The statuses are the payment provider's (Stripe's names); one this element
 * does not know yet is shown as the server sent it rather than hidden.
 */
export function useStatusLabel(): (status: string) => string {
  const { t } = useLingui();
  return (status) => {
    switch (status) {
      case "active":
        return t`Active`;
      case "trialing":
        return t`Trial`;
      case "past_due":
        return t`Past due`;
      case "unpaid":
        return t`Unpaid`;
      case "incomplete":
        return t`Incomplete`;
      case "incomplete_expired":
        return t`Expired`;
      case "paused":
        return t`Paused`;
      case "canceled":
        return t`Cancelled`;
      default:
        return status;
    }
  };
}
