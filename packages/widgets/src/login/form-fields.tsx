import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type RefObject } from "react";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value" | "id" | "type">;

export interface TextFieldProps extends InputProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  type?: "text" | "email";
  error?: string;
  hint?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
}

/** Ids that tie a field to its hint and error, so screen readers read them with the field. */
function useDescribedBy(hint: string | undefined, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return { id, hintId, errorId, describedBy };
}

function FieldMessages({ hint, hintId, error, errorId }: { hint?: string; hintId: string; error?: string; errorId: string }) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function TextField({ label, value, onValueChange, type = "text", error, hint, inputRef, ...input }: TextFieldProps) {
  const { id, hintId, errorId, describedBy } = useDescribedBy(hint, error);
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        {...input}
        ref={inputRef}
        id={id}
        type={type}
        className="field__input"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, "type">;

/** A password input with a show/hide toggle; the toggle keeps one name and reports its state with aria-pressed. */
export function PasswordField({ label, value, onValueChange, error, hint, inputRef, ...input }: PasswordFieldProps) {
  const { t } = useLingui();
  const { id, hintId, errorId, describedBy } = useDescribedBy(hint, error);
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="field__password">
        <input
          {...input}
          ref={inputRef}
          id={id}
          type={visible ? "text" : "password"}
          className="field__input"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          // Password managers and spell checkers must not see a revealed password as prose.
          spellCheck="false"
          autoCapitalize="off"
        />
        <button
          type="button"
          className="field__toggle"
          aria-controls={id}
          aria-pressed={visible}
          aria-label={t`Show password`}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon crossed={visible} />
        </button>
      </div>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}

/** An inline error banner for what the server said (also raised as a toast). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form__alert" role="alert">
      {message}
    </p>
  );
}

/**
 * Moves focus to the first invalid field after a submit that found errors. Each failed submit sets a new
 * errors object, so pressing submit again brings focus back even when the messages did not change.
 */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, errors: object): void {
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, errors]);
}

/** Focuses the view's heading when the visitor switched to it, so screen readers announce the new view. */
export function useHeadingFocus(enabled: boolean): RefObject<HTMLHeadingElement | null> {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (enabled) heading.current?.focus();
    // Only on arrival: the flag describes how the view was reached.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return heading;
}
