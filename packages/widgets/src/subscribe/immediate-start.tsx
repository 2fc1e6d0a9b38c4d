import { WITHDRAWAL_PERIOD_DAYS } from "@agency/contract";
import { Trans } from "@lingui/react/macro";
import { useId } from "react";

export interface ImmediateStartProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/**
 * The question the Consumer Rights Directive asks before a service may start within the withdrawal period (Art.
 * 7(3) and 14(3)): an express request to start now, with the acknowledgement that a withdrawal then costs a
 * proportionate amount. Unticked by default, as consent must be; the answer goes with the checkout.
 */
export function ImmediateStart({ checked, onChange, disabled }: ImmediateStartProps) {
  const id = useId();
  const days = WITHDRAWAL_PERIOD_DAYS;
  return (
    <div className="subscribe__immediate" part="immediate-start">
      <input id={id} type="checkbox" checked={checked} disabled={disabled} aria-describedby={`${id}-note`} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>
        <Trans>
          I request that the service starts immediately, during the {days}-day withdrawal period. I understand that if I
          withdraw, I pay a proportionate amount for the days I have used.
        </Trans>
      </label>
      <p id={`${id}-note`} className="subscribe__immediate-note">
        <Trans>If you leave this unticked and withdraw within {days} days, you get back everything you paid.</Trans>
      </p>
    </div>
  );
}
