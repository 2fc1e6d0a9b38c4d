import { useLingui } from "@lingui/react/macro";
import {
  useCallback,
  useEffect,
  useId,
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  type TextareaHTMLAttributes,
} from "react";

// What every form needs, in one module so the elements with a form share it as one chunk: the field frame, the
// text and password fields, the form alert and focus-first-error. Selects and choice groups have modules of their own.

/** What every labelled field of the kit takes besides its control's own attributes. */
export interface FieldProps {
  /** The visible label; it names the control. */
  label: ReactNode;
  /** What is wrong, shown under the control: marks it invalid and is read with it. */
  error?: string;
  /** A hint under the control, read with it. */
  hint?: ReactNode;
  /** Marks the control invalid without a message of its own, e.g. when a form alert says what is wrong. */
  invalid?: boolean;
  /** Ids of other elements that describe the control (e.g. that form alert), read after the hint and error. */
  describedBy?: string;
  /**
   * Shows an asterisk after the label. Screen readers skip it (they hear `required`); the form says above its
   * fields what the asterisk means.
   */
  requiredMark?: boolean;
}

/** A field's value and its change handler, which gets the new value rather than the event. */
export interface ValueProps<V extends string = string> {
  value: V | "";
  onValueChange: (value: V) => void;
}

type Frame = Pick<FieldProps, "label" | "hint" | "error" | "requiredMark"> & { id: string };

/**
 * Splits a field's props: the frame's (label, hint, error) and its control's, which get the id, the aria-* links
 * to hint and error, the kit's class, the value and a change handler on top of the control's own attributes.
 */
export function useField<P extends FieldProps & { value: string; onValueChange: (value: never) => void }>(props: P) {
  const { label, error, hint, invalid, describedBy, requiredMark, value, onValueChange, ...own } = props;
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`, describedBy].filter(Boolean).join(" ");
  const frame: Frame = { id, label, hint, error, requiredMark };
  const control = {
    ...own,
    id,
    className: "ag-field__control",
    value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      // A select offers only its options' values, so the value is of the field's type.
      (onValueChange as (value: string) => void)(event.target.value),
    "aria-invalid": Boolean(error || invalid),
    "aria-describedby": described || undefined,
  };
  return { frame, control };
}

/** The frame of a field: its label, the control, then the hint and the error. */
export function FieldFrame({ id, label, hint, error, requiredMark, children }: Frame & { children: ReactNode }) {
  return (
    <div className="ag-field">
      <label htmlFor={id} className="ag-field__label">
        {label}
        {requiredMark ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="ag-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="ag-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Own<A> = Omit<A, "onChange" | "value" | "id" | "type" | "className">;

export interface TextFieldProps extends FieldProps, ValueProps, Own<InputHTMLAttributes<HTMLInputElement>> {
  type?: "text" | "email" | "tel" | "url";
  inputRef?: RefObject<HTMLInputElement | null>;
}

/** A labelled one-line input. */
export function TextField({ type = "text", inputRef, ...props }: TextFieldProps) {
  const { frame, control } = useField(props);
  return (
    <FieldFrame {...frame}>
      <input {...control} ref={inputRef} type={type} />
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends FieldProps, ValueProps, Own<TextareaHTMLAttributes<HTMLTextAreaElement>> {}

/** A labelled text area that the visitor can make taller. */
export function TextAreaField(props: TextAreaFieldProps) {
  const { frame, control } = useField(props);
  return (
    <FieldFrame {...frame}>
      <textarea {...control} />
    </FieldFrame>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, "type">;

/** A password input with a show/hide toggle; the toggle keeps one name and reports its state with aria-pressed. */
export function PasswordField({ inputRef, ...props }: PasswordFieldProps) {
  const { t } = useLingui();
  const { frame, control } = useField(props);
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame {...frame}>
      <div className="ag-field__password">
        {/* Password managers and spell checkers must not see a revealed password as prose. */}
        <input {...control} ref={inputRef} type={visible ? "text" : "password"} spellCheck="false" autoCapitalize="off" />
        <button
          type="button"
          className="ag-field__toggle"
          aria-controls={frame.id}
          aria-pressed={visible}
          aria-label={t`Show password`}
          disabled={props.disabled}
          onClick={() => setVisible(!visible)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
            {visible ? <path d="M3 3l18 18" /> : null}
          </svg>
        </button>
      </div>
    </FieldFrame>
  );
}

/**
 * What went wrong with the form as a whole (usually the server's answer), announced as it appears. Give it an id
 * when fields name it in `describedBy`.
 */
export function FormAlert({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="ag-form-alert" role="alert">
      {message}
    </p>
  );
}

/**
 * Moves focus to the form's first invalid control (`aria-invalid="true"`, in document order) once the render
 * that marks the errors is done. Call the returned function where a submit found errors: pressing submit again
 * brings focus back even when the errors did not change, and editing a field never moves focus.
 */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>): () => void {
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, attempt]);
  return useCallback(() => setAttempt((n) => n + 1), []);
}
