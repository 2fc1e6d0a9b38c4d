import { isEmail, PASSWORD_MIN_LENGTH } from "@agency/contract";
import { apiErrorMessage, authApi } from "@agency/core";
import { originRefusedMessage, toast } from "@agency/ui";
import { FormAlert, PasswordField, TextField, useFocusFirstError } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useRef, useState, type FormEvent } from "react";
import { useElement } from "../element/element-context";
import type { AuthFlow } from "./auth-flow";
import { useHeadingFocus } from "./heading-focus";
import { ViewLink } from "./view-link";

type RegisterErrors = Partial<Record<"name" | "email" | "password" | "confirm", string>>;

export function RegisterView({ flow, focusHeading }: { flow: AuthFlow; focusHeading: boolean }) {
  const { t, i18n } = useLingui();
  const { api, emit, settings } = useElement();
  const heading = useHeadingFocus(focusHeading);
  const form = useRef<HTMLFormElement>(null);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const focusFirstError = useFocusFirstError(form);

  // The local error clears as soon as any field changes.
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors({});
  };

  function validate(): RegisterErrors {
    const next: RegisterErrors = {};
    const address = email.trim();
    if (!name.trim()) next.name = t`Please enter your name`;
    if (!address) next.email = t`Please enter your email address`;
    else if (!isEmail(address)) next.email = t`Please enter a valid email address`;
    if (!password) next.password = t`Please enter a password`;
    else if (password.length < PASSWORD_MIN_LENGTH) next.password = t`Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
    if (!confirm) next.confirm = t`Please confirm your password`;
    else if (password !== confirm) next.confirm = t`Passwords do not match`;
    return next;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next = validate();
    setErrors(next);
    if (Object.keys(next).length > 0) return focusFirstError();

    setBusy(true);
    setServerError(null);
    flow.begin();
    try {
      const user = await authApi.register(api, {
        name: name.trim(),
        email: email.trim(),
        password,
        language: settings.locale,
      });
      toast.success(t`Registration successful!`, { locale: settings.locale });
      emit("agency-register-success", user);
      flow.finish("/subscribe");
    } catch (error) {
      flow.fail();
      const message = apiErrorMessage(error, i18n) ?? originRefusedMessage(i18n, error) ?? t`Registration failed`;
      toast.error(message, { locale: settings.locale });
      setServerError(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="login__view" part="view">
      <h2 ref={heading} tabIndex={-1} className="login__title">
        <Trans>Create your account</Trans>
      </h2>
      <p className="login__intro">
        <Trans>Sign up to start your subscription.</Trans>
      </p>
      <form ref={form} className="form" part="form" noValidate onSubmit={submit}>
        <FormAlert message={serverError} />
        <TextField
          label={t`Full name`}
          name="name"
          autoComplete="name"
          required
          value={name}
          onValueChange={edit(setName)}
          error={errors.name}
        />
        <TextField
          label={t`Email address`}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onValueChange={edit(setEmail)}
          error={errors.email}
        />
        <PasswordField
          label={t`Password`}
          name="new-password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          value={password}
          onValueChange={edit(setPassword)}
          hint={t`Must be at least ${PASSWORD_MIN_LENGTH} characters long`}
          error={errors.password}
        />
        <PasswordField
          label={t`Confirm password`}
          name="confirm-password"
          autoComplete="new-password"
          required
          value={confirm}
          onValueChange={edit(setConfirm)}
          error={errors.confirm}
        />
        <button type="submit" className="ag-button form__submit" part="submit" disabled={busy} aria-busy={busy}>
          {busy ? <Trans>Creating account...</Trans> : <Trans>Create account</Trans>}
        </button>
      </form>
      <p className="login__switch">
        <Trans>
          Already have an account?{" "}
          <ViewLink view="login" className="ag-link">
            Log in
          </ViewLink>
        </Trans>
      </p>
    </div>
  );
}
