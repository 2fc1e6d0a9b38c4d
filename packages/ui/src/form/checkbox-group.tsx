import { ChoiceList, type ChoiceGroupProps } from "./choice-group";

export interface CheckboxGroupProps<V extends string> extends ChoiceGroupProps<V> {
  /** The checked values, in the options' order. */
  value: readonly V[];
  onValueChange: (value: V[]) => void;
}

/** Checkboxes under one legend; the value is the list of checked options. */
export function CheckboxGroup<V extends string>({ value, onValueChange, ...group }: CheckboxGroupProps<V>) {
  return (
    <ChoiceList
      {...group}
      type="checkbox"
      isChecked={(option) => value.includes(option)}
      onToggle={(option, checked) =>
        onValueChange(group.options.map((o) => o.value).filter((v) => (v === option ? checked : value.includes(v))))
      }
    />
  );
}
