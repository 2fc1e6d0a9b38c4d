import type { SelectHTMLAttributes } from "react";
import { FieldFrame, useField, type FieldProps, type ValueProps } from "./fields";

/** One choice of a select. */
export interface Choice<V extends string> {
  value: V;
  label: string;
}

export interface SelectFieldProps<V extends string>
  extends FieldProps,
    ValueProps<V>,
    Omit<SelectHTMLAttributes<HTMLSelectElement>, "onChange" | "value" | "id" | "className" | "multiple"> {
  options: readonly Choice<V>[];
  /** The text of an empty first option, for a select that starts without a choice (its value is then ""). */
  placeholder?: string;
}

/** A labelled select. */
export function SelectField<V extends string>({ options, placeholder, ...props }: SelectFieldProps<V>) {
  const { frame, control } = useField(props);
  return (
    <FieldFrame {...frame}>
      <select {...control}>
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
