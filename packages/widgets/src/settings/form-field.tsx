import { useId, type InputHTMLAttributes, type RefObject } from "react";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value" | "id">;

export interface FormFieldProps extends InputProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
}

/**
 * A labelled input of the settings forms, its hint and error tied to it for screen readers. The same shape as the
 * login element's fields (an element may not import another element's code); both can move to a shared form kit.
 */
export function FormField({ label, value, onValueChange, error, hint, inputRef, ...input }: FormFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="settings__field">
      <label className="settings__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        ref={inputRef}
        id={id}
        className="settings__input"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p id={`${id}-hint`} className="settings__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="settings__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What went wrong with a whole form (the server's refusal, a lost connection), read out when it appears. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="settings__error" role="alert">
      {message}
    </p>
  );
}
