import { type BillingPeriod, chargeFor, DUTCH_VAT_BP, formatMoney, type Locale, type Plan } from "@agency/contract";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { monthlyEquivalent, savingPercent, yearlySaving } from "./pricing";

/** The name of the slot the card renders where Stripe's checkout appears (see embedded-checkout.ts). */
export const CHECKOUT_SLOT = "agency-checkout";

export type CheckoutState = "idle" | "processing" | "embedded";

interface PlanCardProps {
  plan: Plan;
  period: BillingPeriod;
  locale: Locale;
  checkout: CheckoutState;
  onStart: (plan: Plan) => void;
  onCancelCheckout: () => void;
}

/** The plan's card: name, description, price, billing note, saving, features, start button. */
export function PlanCard({ plan, period, locale, checkout, onStart, onCancelCheckout }: PlanCardProps) {
  const { t } = useLingui();
  const titleId = useId();
  // The contract always names a currency; a hand-written plan from an older server may not.
  const currency = plan.currency || "EUR";
  const money = (amount: number, cents = false) => formatMoney(amount, currency, locale, { cents });
  const percent = savingPercent(plan);
  const perMonth = monthlyEquivalent(plan.price_yearly);

  let amount: string;
  let unit: string;
  let note: string;
  if (period === "monthly") {
    amount = money(plan.price_monthly);
    unit = t`per month`;
    note = t`Billed monthly`;
  } else if (perMonth >= 1) {
    amount = money(perMonth, true);
    unit = t`per month`;
    const total = money(plan.price_yearly);
    note = t`Billed annually (${total} per year)`;
  } else {
    // A monthly equivalent under 1 reads badly ("€0.42"), so the yearly amount is shown instead.
    amount = money(plan.price_yearly);
    unit = t`per year`;
    note = t`Billed annually`;
  }
  const saving = money(yearlySaving(plan));
  // What a Dutch billing address pays for the period billed, with the 21 % VAT the prices above exclude.
  const billed = period === "yearly" ? plan.price_yearly : plan.price_monthly;
  const withVat = money(chargeFor(Math.round(billed * 100), DUTCH_VAT_BP).totalCents / 100, true);

  return (
    <article className="plan" part="plan" aria-labelledby={titleId}>
      <h3 id={titleId} className="plan__name">
        {plan.name}
      </h3>
      {plan.description ? <p className="plan__description">{plan.description}</p> : null}
      <p className="plan__price">
        <span className="plan__amount">{amount}</span> <span className="plan__unit">{unit}</span>
      </p>
      <p className="plan__note">{note}</p>
      <p className="plan__vat">
        {period === "yearly" ? (
          <Trans>Prices exclude VAT. With a billing address in the Netherlands you pay {withVat} per year, including 21% VAT.</Trans>
        ) : (
          <Trans>Prices exclude VAT. With a billing address in the Netherlands you pay {withVat} per month, including 21% VAT.</Trans>
        )}
      </p>
      {period === "yearly" && percent > 0 ? (
        <p className="plan__saving">
          <Trans>
            Save {saving} per year ({percent}% off)
          </Trans>
        </p>
      ) : null}
      <Features features={plan.features} />
      <div className={checkout === "embedded" ? "plan__checkout plan__checkout--open" : "plan__checkout"} part="checkout">
        <slot name={CHECKOUT_SLOT} />
      </div>
      {checkout === "embedded" ? (
        <button type="button" className="ag-button ag-button--secondary plan__start" onClick={onCancelCheckout}>
          <Trans>Cancel payment</Trans>
        </button>
      ) : (
        <button
          type="button"
          className="ag-button plan__start"
          part="start"
          disabled={checkout === "processing"}
          aria-busy={checkout === "processing"}
          onClick={() => onStart(plan)}
        >
          {checkout === "processing" ? (
            <Trans>Processing...</Trans>
          ) : period === "yearly" ? (
            <Trans>Start Your Annual Plan</Trans>
          ) : (
            <Trans>Start Your Monthly Plan</Trans>
          )}
        </button>
      )}
    </article>
  );
}

/** A list of strings, or an object whose values are strings or booleans (true: Included). */
function Features({ features }: { features: Plan["features"] }) {
  const { t } = useLingui();
  const rows = Array.isArray(features)
    ? features.map((text) => ({ name: text, value: null, included: true }))
    : Object.entries(features).map(([name, value]) => ({
        name,
        value: typeof value === "boolean" ? (value ? t`Included` : t`Not included`) : value,
        included: value !== false,
      }));
  if (rows.length === 0) return null;
  return (
    <ul className="plan__features">
      {rows.map((row) => (
        <li key={row.name} className={row.included ? "plan__feature" : "plan__feature plan__feature--excluded"}>
          <FeatureIcon included={row.included} />
          <span className="plan__feature-name">{row.name}</span>
          {row.value !== null ? <span className="plan__feature-value">{row.value}</span> : null}
        </li>
      ))}
    </ul>
  );
}

function FeatureIcon({ included }: { included: boolean }) {
  return (
    <svg className="plan__feature-icon" aria-hidden="true" viewBox="0 0 20 20" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2.5">
      {included ? <path d="M4 10.5l4 4 8-9" /> : <path d="M5 5l10 10M15 5L5 15" />}
    </svg>
  );
}
