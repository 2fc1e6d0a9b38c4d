import { isEmail, PASSWORD_MIN_LENGTH } from "@agency/contract";
import { apiErrorMessage, authApi } from "@agency/core";
import { originRefusedMessage, toast } from "@agency/ui";
import { FormAlert, PasswordField, TextField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useElement } from "../element/element-context";
import type { AuthFlow } from "./auth-flow";
import { useHeadingFocus } from "./heading-focus";
import { ViewLink } from "./view-link";

export function RegisterView({ flow, focusHeading }: { flow: AuthFlow; focusHeading: boolean }) {
  const { t, i18n } = useLingui();
  const { api, emit, settings } = useElement();
  const heading = useHeadingFocus(focusHeading);
  const form = useForm({
    // The local error clears as soon as any field changes.
    editClears: "all",
    initial: { name: "", email: "", password: "", confirm: "" },
    validate: ({ name, email, password, confirm }) => {
      const address = email.trim();
      return {
        ...(name.trim() ? {} : { name: t`Please enter your name` }),
        ...(!address ? { email: t`Please enter your email address` } : !isEmail(address) ? { email: t`Please enter a valid email address` } : {}),
        ...(!password
          ? { password: t`Please enter a password` }
          : password.length < PASSWORD_MIN_LENGTH
            ? { password: t`Password must be at least ${PASSWORD_MIN_LENGTH} characters` }
            : {}),
        ...(!confirm ? { confirm: t`Please confirm your password` } : password !== confirm ? { confirm: t`Passwords do not match` } : {}),
      };
    },
    onSubmit: async ({ name, email, password }) => {
      flow.begin();
      const user = await authApi.register(api, { name: name.trim(), email: email.trim(), password, language: settings.locale });
      toast.success(t`Registration successful!`, { locale: settings.locale });
      emit("agency-register-success", user);
      flow.finish("/subscribe");
    },
    onError: (error) => {
      flow.fail();
      const message = apiErrorMessage(error, i18n) ?? originRefusedMessage(i18n, error) ?? t`Registration failed`;
      toast.error(message, { locale: settings.locale });
      return message;
    },
  });

  return (
    <div className="login__view" part="view">
      <h2 ref={heading} tabIndex={-1} className="login__title">
        <Trans>Create your account</Trans>
      </h2>
      <p className="login__intro">
        <Trans>Sign up to start your subscription.</Trans>
      </p>
      <form className="form" part="form" noValidate onSubmit={form.submit}>
        <FormAlert {...form.alert} />
        <TextField
          label={t`Full name`}
          name="name"
          autoComplete="name"
          required
          {...form.field("name")}
        />
        <TextField
          label={t`Email address`}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          {...form.field("email")}
        />
        <PasswordField
          label={t`Password`}
          name="new-password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          {...form.field("password")}
          hint={t`Must be at least ${PASSWORD_MIN_LENGTH} characters long`}
        />
        <PasswordField
          label={t`Confirm password`}
          name="confirm-password"
          autoComplete="new-password"
          required
          {...form.field("confirm")}
        />
        <button type="submit" className="ag-button form__submit" part="submit" disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? <Trans>Creating account...</Trans> : <Trans>Create account</Trans>}
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
