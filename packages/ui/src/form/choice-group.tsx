import { useId, type ReactNode } from "react";
import choicesCss from "../styles/choices.css?inline";

/** The choice groups' styles: an element that shows one adopts them after `formCss`. */
export { choicesCss };

/** One checkbox or radio button of a group. */
export interface ChoiceOption<V extends string> {
  value: V;
  label: ReactNode;
  /** A line under the label, read with the control. */
  description?: ReactNode;
  disabled?: boolean;
}

export interface ChoiceGroupProps<V extends string> {
  /** Names the group (a fieldset's legend). */
  legend: ReactNode;
  /** Keeps the legend for screen readers only, where the options speak for themselves on screen. */
  hideLegend?: boolean;
  /** The inputs' name, as a form would submit them; one is made up when absent. */
  name?: string;
  options: readonly ChoiceOption<V>[];
  disabled?: boolean;
  /** A class of the element's own on the fieldset, for its layout. */
  className?: string;
  /** The fieldset's `part`, for `::part()` styling from outside a shadow root. */
  part?: string;
}

/** The fieldset both groups render: a legend, then per option a label around its input, and its description. */
export function ChoiceList<V extends string>({
  type,
  isChecked,
  onToggle,
  legend,
  hideLegend,
  name,
  options,
  disabled,
  className = "",
  part,
}: ChoiceGroupProps<V> & { type: "checkbox" | "radio"; isChecked: (value: V) => boolean; onToggle: (value: V, checked: boolean) => void }) {
  const id = useId();
  return (
    <fieldset className={`ag-choices ${className}`} part={part} disabled={disabled}>
      <legend className={hideLegend ? "ag-visually-hidden" : "ag-choices__legend"}>{legend}</legend>
      <div className="ag-choices__list">
        {options.map(({ value, label, description, disabled: off }) => (
          <div key={value} className="ag-choice">
            <label className="ag-choice__option">
              <input
                type={type}
                className="ag-choice__input"
                name={name ?? id}
                value={value}
                checked={isChecked(value)}
                disabled={off}
                aria-describedby={description ? id + value : undefined}
                onChange={(event) => onToggle(value, event.target.checked)}
              />
              <span className="ag-choice__label">{label}</span>
            </label>
            {description ? (
              <p id={id + value} className="ag-choice__text">
                {description}
              </p>
            ) : null}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
