import type { InputHTMLAttributes, RefObject, TextareaHTMLAttributes } from "react";
import { FieldFrame, useFieldIds, type FieldProps } from "./field";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value" | "id" | "type" | "className">;

export interface TextFieldProps extends FieldProps, InputProps {
  value: string;
  onValueChange: (value: string) => void;
  type?: "text" | "email" | "tel" | "url";
  inputRef?: RefObject<HTMLInputElement | null>;
}

/** A labelled one-line input. */
export function TextField({ label, error, hint, invalid, describedBy, requiredMark, value, onValueChange, type = "text", inputRef, ...input }: TextFieldProps) {
  const field = useFieldIds({ error, hint, invalid, describedBy });
  return (
    <FieldFrame {...field} label={label} hint={hint} error={error} requiredMark={requiredMark}>
      <input
        {...input}
        {...field.aria}
        ref={inputRef}
        id={field.id}
        type={type}
        className="ag-field__control"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </FieldFrame>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "onChange" | "value" | "id" | "className">;

export interface TextAreaFieldProps extends FieldProps, TextAreaProps {
  value: string;
  onValueChange: (value: string) => void;
}

/** A labelled text area that the visitor can make taller. */
export function TextAreaField({ label, error, hint, invalid, describedBy, requiredMark, value, onValueChange, ...textarea }: TextAreaFieldProps) {
  const field = useFieldIds({ error, hint, invalid, describedBy });
  return (
    <FieldFrame {...field} label={label} hint={hint} error={error} requiredMark={requiredMark}>
      <textarea
        {...textarea}
        {...field.aria}
        id={field.id}
        className="ag-field__control"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </FieldFrame>
  );
}
