import { ChoiceList, type ChoiceGroupProps } from "./choice-group";

export interface RadioGroupProps<V extends string> extends ChoiceGroupProps<V> {
  value: V;
  onValueChange: (value: V) => void;
}

/** Radio buttons under one legend: one option is chosen; the arrow keys move between them. */
export function RadioGroup<V extends string>({ value, onValueChange, ...group }: RadioGroupProps<V>) {
  return <ChoiceList {...group} type="radio" isChecked={(option) => option === value} onToggle={(option) => onValueChange(option)} />;
}
