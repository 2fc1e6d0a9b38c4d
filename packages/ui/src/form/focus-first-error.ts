import { useCallback, useEffect, useState, type RefObject } from "react";

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
