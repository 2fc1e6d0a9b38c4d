import type { BillingPeriod } from "@agency/contract";
import { Trans } from "@lingui/react/macro";
import { useId, type ReactNode } from "react";

/** Monthly or annual billing, as two radio buttons; the annual one names what it saves. */
export function BillingToggle({
  period,
  onChange,
  percent,
  disabled,
}: {
  period: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
  percent: number;
  disabled: boolean;
}) {
  const name = useId();
  const option = (value: BillingPeriod, label: ReactNode, extra?: ReactNode) => (
    <label className="billing__option">
      <input
        type="radio"
        className="billing__input"
        name={name}
        value={value}
        checked={period === value}
        disabled={disabled}
        onChange={() => onChange(value)}
      />
      <span className="billing__label">
        {label}
        {extra}
      </span>
    </label>
  );
  return (
    <fieldset className="billing" part="billing">
      <legend className="ag-visually-hidden">
        <Trans>Billing period</Trans>
      </legend>
      {option("monthly", <Trans>Monthly</Trans>)}
      {option(
        "yearly",
        <Trans>Annual</Trans>,
        percent > 0 ? (
          <span className="billing__badge">
            <Trans>Save {percent}%</Trans>
          </span>
        ) : null,
      )}
    </fieldset>
  );
}
