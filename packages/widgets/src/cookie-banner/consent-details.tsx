import { formatDateTime } from "@agency/contract";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { useElement } from "../element/element-context";
import type { ConsentChoice, ConsentRecord } from "./consent";

interface ConsentDetailsProps {
  /** Prefix of the ids inside (useId of the banner). */
  id: string;
  choice: ConsentChoice;
  onChange: (choice: ConsentChoice) => void;
  onSave: () => void;
  /** Focus the first box the visitor can change: the settings were asked for (a link, openCookieSettings()). */
  focusFirst: boolean;
  /** The decision that counts, shown as proof the visitor can quote; null before any. */
  record: ConsentRecord | null;
}

/** The per-category choices, and the proof of the decision that counts. */
export default function ConsentDetails({ id, choice, onChange, onSave, focusFirst, record }: ConsentDetailsProps) {
  const { t } = useLingui();
  const { settings } = useElement();
  const firstOption = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusFirst) firstOption.current?.focus();
  }, [focusFirst]);
  const option = (key: "necessary" | keyof ConsentChoice, label: string, description: string) => (
    <div className="consent__option">
      <input
        ref={key === "analytics" ? firstOption : undefined}
        id={`${id}-${key}`}
        type="checkbox"
        checked={key === "necessary" ? true : choice[key]}
        disabled={key === "necessary"}
        aria-describedby={`${id}-${key}-text`}
        onChange={key === "necessary" ? undefined : (e) => onChange({ ...choice, [key]: e.target.checked })}
      />
      <label htmlFor={`${id}-${key}`} className="consent__label">
        {label}
      </label>
      <p id={`${id}-${key}-text`} className="consent__text">
        {description}
      </p>
    </div>
  );

  return (
    <div id={`${id}-details`} className="consent__details" part="details">
      <fieldset className="consent__options">
        <legend className="consent__legend">
          <Trans>Choose which cookies you allow</Trans>
        </legend>
        {option("necessary", t`Necessary`, t`Always on: needed for the website to work, for example to remember this choice.`)}
        {option("analytics", t`Analytics`, t`Help us understand how visitors use the website, so we can improve it.`)}
        {option("marketing", t`Marketing`, t`Used to measure our advertising campaigns and show relevant ads.`)}
      </fieldset>
      <button type="button" className="ag-button ag-button--secondary" onClick={onSave}>
        <Trans>Save preferences</Trans>
      </button>
      {record?.id && (
        <div className="consent__proof">
          <p className="consent__text">
            <Trans>Your current choice is on record. Name its consent ID when you ask us about it.</Trans>
          </p>
          <dl className="consent__record">
            <dt>
              <Trans>Consent ID</Trans>
            </dt>
            <dd>
              <code>{record.id}</code>
            </dd>
            <dt>
              <Trans>Date</Trans>
            </dt>
            <dd>{formatDateTime(record.timestamp, settings.locale)}</dd>
            <dt>
              <Trans>Policy version</Trans>
            </dt>
            <dd>{record.version}</dd>
          </dl>
        </div>
      )}
    </div>
  );
}
