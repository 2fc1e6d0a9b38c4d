import type { SelectHTMLAttributes } from "react";
import { FieldFrame, useFieldIds, type FieldProps } from "./field";

/** One choice of a select, checkbox group or radio group. */
export interface Choice<V extends string, L = string> {
  value: V;
  label: L;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "onChange" | "value" | "id" | "className" | "multiple">;

export interface SelectFieldProps<V extends string> extends FieldProps, SelectProps {
  /** The chosen value; "" while nothing is chosen (the placeholder shows). */
  value: V | "";
  onValueChange: (value: V) => void;
  options: readonly Choice<V>[];
  /** The text of an empty first option, for a select that starts without a choice. */
  placeholder?: string;
}

/** A labelled select. */
export function SelectField<V extends string>({
  label,
  error,
  hint,
  invalid,
  describedBy,
  requiredMark,
  value,
  onValueChange,
  options,
  placeholder,
  ...select
}: SelectFieldProps<V>) {
  const field = useFieldIds({ error, hint, invalid, describedBy });
  return (
    <FieldFrame {...field} label={label} hint={hint} error={error} requiredMark={requiredMark}>
      <select
        {...select}
        {...field.aria}
        id={field.id}
        className="ag-field__control"
        value={value}
        onChange={(event) => onValueChange(event.target.value as V)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
