import { isEmail, type SecondFactorRequired, type User } from "@agency/contract";
import { apiErrorCode, apiErrorMessage, isNetworkError, readStorage, retryAfterSeconds, type SessionEndedKey, storagePrefixFor, writeStorage } from "@agency/core";
import { originRefusedMessage, toast } from "@agency/ui";
import { FormAlert, PasswordField, TextField, useForm } from "@agency/ui/form";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { ElementLink, useElement } from "../element/element-context";
import { laterPart } from "../element/later-part";
import { useHeadingFocus } from "./heading-focus";
import type { AuthFlow } from "./auth-flow";
import { signInWithPasskey, usePasskeyAutofill, usePasskeysHere, wasCancelled } from "./passkey-sign-in";
import { ViewLink } from "./view-link";

// Only accounts with a second factor see its view, after their password was accepted: its code is fetched then,
// while the answer is being handled, with its texts, and kept for the next time.
let SecondFactorView: typeof import("./second-factor-view").SecondFactorView | null = null;
const loadSecondFactorView = async () =>
  (SecondFactorView ??= await laterPart(import("./second-factor-view").then((m) => m.SecondFactorView), import("./later-texts")));

/** How long after the server ended a session the login form says so; the 401 rule notes when, under this key. */
const SESSION_ENDED_NOTICE_MS = 5 * 60 * 1000;
const SESSION_ENDED_KEY: SessionEndedKey = "sessionEnded";

export function LoginView({ flow, focusHeading }: { flow: AuthFlow; focusHeading: boolean }) {
  const { t, i18n } = useLingui();
  const { api, emit, settings } = useElement();
  const heading = useHeadingFocus(focusHeading);
  const form = useForm({
    // The local error clears as soon as any field changes.
    editClears: "all",
    initial: { email: "", password: "" },
    validate: ({ email, password }) => {
      const address = email.trim();
      return {
        ...(!address ? { email: t`Please enter your email address` } : !isEmail(address) ? { email: t`Please enter a valid email address` } : {}),
        ...(password ? {} : { password: t`Please enter your password` }),
      };
    },
    onSubmit: async ({ email, password }) => {
      flow.begin();
      // The login call's code comes with the first submit.
      const { logInWithChallenge } = await import("./log-in");
      const outcome = await logInWithChallenge(api, { email: email.trim(), password, basePath: settings.basePath });
      if ("secondFactor" in outcome) {
        await loadSecondFactorView();
        setSecondFactor(outcome.secondFactor);
      } else signedIn(outcome.user);
    },
    onError: failed,
  });
  // Sent here because the server ended the session (signed out from another device): say so, for a few minutes or
  // until the next login.
  const [sessionEnded] = useState(() => Date.now() - Number(readStorage(storagePrefixFor(settings.apiBase) + SESSION_ENDED_KEY, "session")) < SESSION_ENDED_NOTICE_MS);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const busy = form.busy || passkeyBusy;
  const [secondFactor, setSecondFactor] = useState<SecondFactorRequired | null>(null);
  const backFromCode = useRef(false);
  const passkeys = usePasskeysHere(api, settings.apiBase);
  const [autofillRound, setAutofillRound] = useState(0);
  usePasskeyAutofill(api, autofillRound, { basePath: settings.basePath, enabled: passkeys === true }, {
    onPicked: () => {
      form.setErrors({});
      flow.begin();
    },
    onSignedIn: signedIn,
    onFailed: (error) => {
      form.setServerErrors(error);
      setAutofillRound((round) => round + 1);
    },
  });

  // Back from the code step, the password form is a new view again: its heading takes focus.
  useEffect(() => {
    if (secondFactor || !backFromCode.current) return;
    backFromCode.current = false;
    heading.current?.focus();
  }, [secondFactor, heading]);

  /** A throttled login (429) says when the visitor may try again, rounded up to whole minutes. */
  function tooManyAttempts(seconds: number): string {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return t`Too many attempts. Try again in ${plural(minutes, { one: "# minute", other: "# minutes" })}.`;
  }

  /** A password (with its second factor, if the account has one) or a passkey signed the visitor in. */
  function signedIn(user: User) {
    writeStorage(storagePrefixFor(settings.apiBase) + SESSION_ENDED_KEY, null, "session");
    toast.success(t`Login successful!`, { locale: settings.locale });
    emit("agency-login-success", user);
    flow.finish(flow.home);
  }

  /** A sign-in that failed: toasted, and its text for the form's alert. */
  function failed(error: unknown): string {
    flow.fail();
    // The answer's code in this element's language; a 429 without one (a proxy's) still says when to retry.
    const wait = retryAfterSeconds(error);
    // No answer at all: the page's origin refused by the API (CORS), or the network; else the spec's fallback.
    const unanswered = isNetworkError(error) ? t`Network error - check your internet connection` : undefined;
    const message =
      wait !== undefined && !apiErrorCode(error)
        ? tooManyAttempts(wait)
        : (apiErrorMessage(error, i18n) ?? originRefusedMessage(i18n, error) ?? unanswered ?? t`Login failed`);
    toast.error(message, { locale: settings.locale });
    return message;
  }

  /** 'Sign in with a passkey': the browser's own prompt; closing it is no failure. */
  async function signInWithPasskeyButton() {
    setPasskeyBusy(true);
    form.setErrors({});
    flow.begin();
    try {
      signedIn(await signInWithPasskey(api, { autofill: false, basePath: settings.basePath }));
    } catch (error) {
      if (wasCancelled(error)) flow.fail();
      else form.setServerErrors(error);
      setAutofillRound((round) => round + 1);
    } finally {
      setPasskeyBusy(false);
    }
  }

  if (secondFactor && SecondFactorView) {
    const back = (message?: string) => {
      flow.fail();
      backFromCode.current = true;
      setSecondFactor(null);
      form.setValue("password", "");
      form.setErrors(message ? { form: message } : {});
    };
    return <SecondFactorView challenge={secondFactor} onSignedIn={signedIn} onBack={back} />;
  }

  return (
    <div className="login__view" part="view">
      <h2 ref={heading} tabIndex={-1} className="login__title">
        <Trans>Welcome back</Trans>
      </h2>
      <p className="login__intro">
        <Trans>Log in to your account to manage your subscription.</Trans>
      </p>
      {sessionEnded ? (
        <p className="login__notice" role="status">
          <Trans>Your session has ended, for example because you signed out on another device. Log in again; a change you were making was not saved.</Trans>
        </p>
      ) : null}
      <form className="form" part="form" noValidate onSubmit={form.submit}>
        <FormAlert {...form.alert} />
        <TextField
          label={t`Email address`}
          type="email"
          name="email"
          autoComplete="username webauthn"
          inputMode="email"
          required
          {...form.field("email")}
        />
        <PasswordField
          label={t`Password`}
          name="password"
          autoComplete="current-password"
          required
          {...form.field("password")}
        />
        <p className="form__aside">
          <ViewLink view="forgot" className="ag-link">
            <Trans>Forgot your password?</Trans>
          </ViewLink>
        </p>
        <button type="submit" className="ag-button form__submit" part="submit" disabled={busy} aria-busy={form.busy}>
          {form.busy ? <Trans>Logging in...</Trans> : <Trans>Log in</Trans>}
        </button>
      </form>
      {passkeys !== null ? (
        <button
          type="button"
          className={`ag-button ag-button--secondary form__submit${passkeys ? "" : " login__unseen"}`}
          part="passkey"
          disabled={busy || !passkeys}
          aria-busy={passkeyBusy}
          onClick={() => void signInWithPasskeyButton()}
        >
          {passkeyBusy ? <Trans>Signing in...</Trans> : <Trans>Sign in with a passkey</Trans>}
        </button>
      ) : null}
      <p className="login__switch">
        <Trans>
          Don't have an account?{" "}
          <ViewLink view="register" className="ag-link">
            Create one
          </ViewLink>
        </Trans>
      </p>
      <p className="login__support">
        <Trans>
          Trouble logging in?{" "}
          <ElementLink to="/contact" className="ag-link">
            Contact support
          </ElementLink>
        </Trans>
      </p>
    </div>
  );
}
