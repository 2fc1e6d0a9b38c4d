import { formatDate, type Subscription } from "@agency/contract";
import { apiErrorMessage, navigation, subscriptionsApi } from "@agency/core";
import { toast } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useElement } from "../element/element-context";

/**
 * A payment that needs the visitor, first on the subscription card: what happened, what they keep and until when
 * (the server's grace period), and one button to the page where it is paid or confirmed (Stripe's invoice page, or
 * the test provider's), which leads back here. The payment-failed mail links to the same page. Shown while the
 * subscription is past due or incomplete, or its payment waits for the bank's confirmation.
 */
export function PaymentNotice({ subscription, canPay = true }: { subscription: Subscription; canPay?: boolean }) {
  const { t, i18n } = useLingui();
  const { api, settings, emit } = useElement();
  const [opening, setOpening] = useState(false);
  const locale = settings.locale;
  const issue = subscription.payment_issue;
  if (!issue) return null;
  const confirm = issue === "requires_action";
  const plan = subscription.plan_name;
  const until = subscription.access_until ? formatDate(subscription.access_until, locale) : null;

  async function open() {
    setOpening(true);
    try {
      const url = await subscriptionsApi.openPayment(api, { returnUrl: location.href.split("#")[0]!, language: locale });
      if (emit("agency-billing-portal", { url })) {
        navigation.assign(url);
        return;
      }
    } catch (error) {
      console.error("agency-settings: the payment page could not be opened", error);
      toast.error(apiErrorMessage(error, i18n) ?? t`The payment page could not be opened. Please try again later.`, { locale });
    }
    setOpening(false);
  }

  return (
    <div className="settings__payment" part="payment-notice">
      <p className="settings__payment-title">
        {subscription.status === "incomplete" ? (
          <Trans>The first payment for your {plan} has not been completed.</Trans>
        ) : confirm ? (
          <Trans>Your bank asks you to confirm the payment for your {plan}.</Trans>
        ) : (
          <Trans>We could not collect the payment for your {plan}.</Trans>
        )}
      </p>
      {until && subscription.has_access ? (
        <p>
          <Trans>You keep {plan} until {until}. Pay before then to keep it without interruption.</Trans>
        </p>
      ) : subscription.status === "incomplete" ? (
        <p>
          <Trans>Your subscription starts once it is paid.</Trans>
        </p>
      ) : (
        <p>
          <Trans>The paid features are paused until the payment is made.</Trans>
        </p>
      )}
      {/* Paying is for the company's owner and billing members; the others are told, not given a button. */}
      {canPay ? (
        <button type="button" className="ag-button" part="pay" disabled={opening} aria-busy={opening} onClick={() => void open()}>
          {opening ? <Trans>Opening...</Trans> : confirm ? <Trans>Confirm payment</Trans> : <Trans>Pay now</Trans>}
        </button>
      ) : null}
    </div>
  );
}
