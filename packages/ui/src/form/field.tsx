import { useId, type ReactNode } from "react";

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

/** The ids that tie a control to its hint and error, and the aria-* attributes that do it. */
export function useFieldIds({ error, hint, invalid, describedBy }: Pick<FieldProps, "error" | "hint" | "invalid" | "describedBy">) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedByIds = [hint ? hintId : "", error ? errorId : "", describedBy ?? ""].filter(Boolean).join(" ");
  return {
    id,
    hintId,
    errorId,
    aria: { "aria-invalid": Boolean(error) || Boolean(invalid), "aria-describedby": describedByIds || undefined },
  };
}

/** The frame of a field: its label, the control, then the hint and the error. */
export function FieldFrame({
  id,
  hintId,
  errorId,
  label,
  hint,
  error,
  requiredMark,
  children,
}: FieldProps & { id: string; hintId: string; errorId: string; children: ReactNode }) {
  return (
    <div className="ag-field">
      <label htmlFor={id} className="ag-field__label">
        {label}
        {requiredMark ? (
          <>
            {" "}
            <span aria-hidden="true">*</span>
          </>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="ag-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="ag-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
