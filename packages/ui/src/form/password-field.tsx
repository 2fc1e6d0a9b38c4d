import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { FieldFrame, useFieldIds } from "./field";
import type { TextFieldProps } from "./text-field";

export type PasswordFieldProps = Omit<TextFieldProps, "type">;

/** A password input with a show/hide toggle; the toggle keeps one name and reports its state with aria-pressed. */
export function PasswordField({ label, error, hint, invalid, describedBy, requiredMark, value, onValueChange, inputRef, ...input }: PasswordFieldProps) {
  const { t } = useLingui();
  const field = useFieldIds({ error, hint, invalid, describedBy });
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame {...field} label={label} hint={hint} error={error} requiredMark={requiredMark}>
      <div className="ag-field__password">
        <input
          {...input}
          {...field.aria}
          ref={inputRef}
          id={field.id}
          type={visible ? "text" : "password"}
          className="ag-field__control"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          // Password managers and spell checkers must not see a revealed password as prose.
          spellCheck="false"
          autoCapitalize="off"
        />
        <button
          type="button"
          className="ag-field__toggle"
          aria-controls={field.id}
          aria-pressed={visible}
          aria-label={t`Show password`}
          disabled={input.disabled}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon crossed={visible} />
        </button>
      </div>
    </FieldFrame>
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
