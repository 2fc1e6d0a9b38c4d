import type { BillingPeriod, Locale, Plan } from "@agency/contract";
import { BillingToggle } from "./billing-toggle";
import { ImmediateStart } from "./immediate-start";
import { type CheckoutState, PlanCard } from "./plan-card";
import { savingPercent } from "./pricing";

export { TrustList } from "./trust-list";

export interface OfferProps {
  plan: Plan;
  period: BillingPeriod;
  onPeriodChange: (period: BillingPeriod) => void;
  immediateStart: boolean;
  onImmediateStartChange: (checked: boolean) => void;
  locale: Locale;
  checkout: CheckoutState;
  onStart: (plan: Plan) => void;
  onCancelCheckout: () => void;
}

/**
 * What the element offers once the plans are here: monthly or annual billing, the request to start at once and the
 * plan's card. Fetched with the plans (subscribe.tsx), with its texts, so the element's first screen (the spinner)
 * does not wait for it.
 */
export function Offer({ plan, period, onPeriodChange, immediateStart, onImmediateStartChange, locale, checkout, onStart, onCancelCheckout }: OfferProps) {
  const busy = checkout !== "idle";
  return (
    <>
      <BillingToggle period={period} onChange={onPeriodChange} percent={savingPercent(plan)} disabled={busy} />
      <ImmediateStart checked={immediateStart} onChange={onImmediateStartChange} disabled={busy} />
      <PlanCard plan={plan} period={period} locale={locale} checkout={checkout} onStart={onStart} onCancelCheckout={onCancelCheckout} />
    </>
  );
}
