import { apiErrorCode, apiErrorFields, apiErrorMessage } from "@agency/core";
import type { ErrorCode } from "@agency/contract";
import { useLingui } from "@lingui/react";
import { useCallback, useId, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { useFocusFirstError } from "./fields";

/**
 * What is wrong with a form: a text per field, and `form` for the form as a whole (shown in its alert). A field whose
 * text is empty is marked invalid without a message of its own: the alert says what is wrong.
 */
export type FormErrors<K extends PropertyKey> = Partial<Record<K | "form", string>>;

export interface FormOptions<V extends object> {
  /** The fields' first values; a function is called once. */
  initial: V | (() => V);
  /**
   * The problems of the values, by field; none lets the form be sent. `action` says which way it was sent, for a form
   * with more than one (see `submit`); undefined for its submit button and the Enter key.
   */
  validate?: (values: V, action?: string) => FormErrors<keyof V>;
  /** Sends the values. What it throws is shown as the server's answer (see `setServerErrors`). */
  onSubmit: (values: V, action?: string) => unknown;
  /**
   * Called with a failure `setServerErrors` shows (say, to toast it) and returns its text (by default the API's error
   * text in the visitor's language; undefined shows none), or the errors to show in its place.
   */
  onError?: (error: unknown) => string | FormErrors<keyof V> | undefined;
  /** The field each of the API's error codes is about: the text goes under that field rather than into the alert. */
  codes?: Partial<Record<ErrorCode, keyof V>>;
  /** The form's names for the fields the API names otherwise (`{ budgetRange: "budget" }`). */
  fieldNames?: Record<string, keyof V>;
  /** The text under each field the API's answer names as wrong; without it the field points at the alert. */
  fieldText?: string;
  /** What an edit clears: the edited field's error (the default), or every error, the alert's too. */
  editClears?: "field" | "all";
}

/**
 * A form's state: the values, their errors and the server's, whether it is being sent, and focus on the first
 * invalid field after a failed submit. The form is the one `submit` handles, so it needs no ref.
 *
 *   const form = useForm({ initial: { email: "" }, validate: (v) => (v.email ? {} : { email: t`…` }), onSubmit: send });
 *   <form noValidate onSubmit={form.submit}>
 *     <FormAlert {...form.alert} />
 *     <TextField label={t`Email address`} {...form.field("email")} />
 *     <button type="submit" disabled={form.busy}>…</button>
 *   </form>
 */
export function useForm<V extends object>(options: FormOptions<V>) {
  const { i18n } = useLingui();
  // The form being submitted, whose first invalid field gets focus: taken from the submit event.
  const ref = useRef<HTMLFormElement>(null);
  const alertId = useId();
  const focusFirstError = useFocusFirstError(ref);
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FormErrors<keyof V>>({});
  const [busy, setBusy] = useState(false);
  // State is read as of the last render: a second press in the same moment must see the first one at once.
  const sending = useRef(false);

  /** Shows errors, and moves focus to the first invalid field when there is one. */
  function fail(found: FormErrors<keyof V>) {
    setErrors(found);
    focusFirstError();
  }

  /** A failed call: its text under the field its code is about, else in the alert, with the fields it names marked. */
  function setServerErrors(error: unknown, text = (options.onError ?? ((e) => apiErrorMessage(e, i18n)))(error)) {
    if (typeof text === "object") return fail(text);
    const code = apiErrorCode(error);
    const onField = code && options.codes?.[code];
    if (onField) return fail({ [onField]: text } as FormErrors<keyof V>);
    const found: FormErrors<keyof V> = {};
    if (text) found.form = text;
    for (const apiName of apiErrorFields(error)) {
      const name = options.fieldNames?.[apiName] ?? apiName;
      if (name in values) found[name as keyof V] = options.fieldText ?? "";
    }
    fail(found);
  }

  /**
   * Sends the form: from its `onSubmit`, or with `action` from a `type="button"` button's click, for another way of
   * sending it (say, a passkey in place of the password) that leaves the Enter key sending it the usual way.
   */
  async function submit(event: FormEvent<HTMLFormElement> | MouseEvent<HTMLButtonElement>, action?: string) {
    event.preventDefault();
    ref.current = (event.currentTarget as HTMLButtonElement).form ?? (event.currentTarget as HTMLFormElement);
    if (sending.current) return;
    const found = options.validate?.(values, action) ?? {};
    if (Object.keys(found).length > 0) return fail(found);
    setErrors({});
    sending.current = true;
    setBusy(true);
    try {
      await options.onSubmit(values, action);
    } catch (error) {
      setServerErrors(error);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  /** A new value for a field; its own error goes, or every error (`editClears`). */
  function setValue<K extends keyof V>(name: K, value: V[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    if (options.editClears === "all") setErrors({});
    else setErrors((current) => (name in current ? { ...current, [name]: undefined } : current));
  }

  /**
   * Fills in the fields that are still empty, say from the account once the session has answered: what the visitor
   * typed meanwhile stays. It clears no error, and is the same function on every render (an effect may call it).
   */
  const fillIn = useCallback((found: Partial<V>) => {
    setValues((current) => {
      const filled = { ...current };
      for (const name of Object.keys(found) as (keyof V)[]) {
        if (!current[name]) filled[name] = found[name] as V[keyof V];
      }
      return filled;
    });
  }, []);

  /** The props of a kit field: its value and change handler, its error, and a link to the alert when that explains it. */
  function field<K extends keyof V>(name: K) {
    const error = errors[name];
    return {
      value: values[name],
      onValueChange: (value: V[K]) => setValue(name, value),
      error: error || undefined,
      invalid: error !== undefined,
      describedBy: error === "" ? alertId : undefined,
    };
  }

  return {
    values,
    errors,
    busy,
    submit,
    field,
    setValue,
    fillIn,
    /** Puts the first values back and clears the errors. */
    reset: () => {
      setValues(options.initial);
      setErrors({});
    },
    /** Shows these errors (none clears them) and focuses the first invalid field. */
    setErrors: fail,
    setServerErrors,
    /** The props of the form's `FormAlert`. */
    alert: { id: alertId, message: errors.form },
  };
}
