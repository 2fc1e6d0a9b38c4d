import { useId, type ReactNode } from "react";

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

/** The fieldset both groups render: a legend, then per option its input, label and description. */
export function ChoiceList<V extends string>({
  type,
  isChecked,
  onToggle,
  legend,
  hideLegend,
  name,
  options,
  disabled,
  className,
  part,
}: ChoiceGroupProps<V> & { type: "checkbox" | "radio"; isChecked: (value: V) => boolean; onToggle: (value: V, checked: boolean) => void }) {
  const id = useId();
  return (
    <fieldset className={className ? `ag-choices ${className}` : "ag-choices"} part={part} disabled={disabled}>
      <legend className={hideLegend ? "ag-visually-hidden" : "ag-choices__legend"}>{legend}</legend>
      <div className="ag-choices__list">
        {options.map((option) => {
          const inputId = `${id}-${option.value}`;
          return (
            <div key={option.value} className="ag-choice">
              <input
                id={inputId}
                type={type}
                className="ag-choice__input"
                name={name ?? id}
                value={option.value}
                checked={isChecked(option.value)}
                disabled={option.disabled}
                aria-describedby={option.description ? `${inputId}-text` : undefined}
                onChange={(event) => onToggle(option.value, event.target.checked)}
              />
              <label htmlFor={inputId} className="ag-choice__label">
                {option.label}
              </label>
              {option.description ? (
                <p id={`${inputId}-text`} className="ag-choice__text">
                  {option.description}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
