import { formatDate, type Subscription } from "@agency/contract";
import { apiErrorMessage, navigation, subscriptionsApi } from "@agency/core";
import { toast } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { hostApi } from "../lib/api";
import { useLocale } from "../lib/use-locale";

/**
 * Above a paid feature while its payment needs the customer (within the grace period): what happened, until when
 * they keep the plan, and one button to the page where it is paid or confirmed. The settings element shows the same.
 */
export function PaymentNotice({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [opening, setOpening] = useState(false);
  const confirm = subscription.payment_issue === "requires_action";
  const plan = subscription.plan_name;
  const until = subscription.access_until ? formatDate(subscription.access_until, locale) : null;

  async function open() {
    setOpening(true);
    try {
      navigation.assign(await subscriptionsApi.openPayment(hostApi(locale), { returnUrl: location.href.split("#")[0]!, language: locale }));
      return;
    } catch (error) {
      console.error("The payment page could not be opened", error);
      toast.error(apiErrorMessage(error, i18n) ?? t`The payment page could not be opened. Please try again later.`, { locale });
    }
    setOpening(false);
  }

  return (
    <section className="notice notice--error" aria-label={t`Payment needed`}>
      <p>
        {confirm ? (
          <Trans>Your bank asks you to confirm the payment for your {plan}.</Trans>
        ) : (
          <Trans>We could not collect the payment for your {plan}.</Trans>
        )}{" "}
        {until ? <Trans>You keep {plan} until {until}.</Trans> : null}
      </p>
      <div className="actions">
        <button type="button" className="ag-button" disabled={opening} aria-busy={opening} onClick={() => void open()}>
          {confirm ? <Trans>Confirm payment</Trans> : <Trans>Pay now</Trans>}
        </button>
      </div>
    </section>
  );
}
