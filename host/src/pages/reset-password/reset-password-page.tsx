import { PASSWORD_MIN_LENGTH } from "@agency/contract";
import { apiErrorMessage, apiStatus, authApi } from "@agency/core";
import { Spinner, toast } from "@agency/ui";
import { FormAlert, formCatalog, PasswordField, useForm } from "@agency/ui/form";
import "@agency/ui/styles/form.css";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { hostApi } from "../../lib/api";
import { loadCatalog } from "../../lib/i18n";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";
import "./reset-password.css";

loadCatalog(formCatalog);
loadCatalog({ nl, en });

/** Where the visitor goes 2 s after the reset succeeded (/login) or failed for good (/forgot-password). */
export const RESET_REDIRECT_MS = 2000;

type Destination = "/login" | "/forgot-password";

/** After the form, `leavingFor` says where the 2-second redirect goes. */
/** An invalid link says why when the server did (expired, already used), in the page's language. */
type Phase = { name: "verifying" } | { name: "invalid"; reason?: string } | { name: "form"; email: string; leavingFor?: Destination };

/**
 * Verify the link, then let the visitor choose a new password. An invalid link shows the 'Invalid Reset Link' view
 * and stays there (docs/decisions/0006-invalid-reset-link-view.md).
 */
export default function ResetPasswordPage() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [phase, setPhase] = useState<Phase>(token ? { name: "verifying" } : { name: "invalid" });

  useEffect(() => {
    if (!token) {
      toast.error(t`Invalid reset link`, { locale });
      return;
    }
    let current = true;
    authApi
      .verifyResetToken(hostApi(locale), token)
      .then((answer) => {
        if (!current) return;
        if (!answer.valid) throw new Error(answer.error);
        setPhase({ name: "form", email: answer.email });
      })
      .catch((error: unknown) => {
        if (!current) return;
        // The answer's code in the page's language (expired, already used …), else the general fallback.
        const reason = apiErrorMessage(error, i18n);
        toast.error(reason ?? t`Invalid or expired reset link`, { locale });
        setPhase({ name: "invalid", reason });
      });
    return () => {
      current = false;
    };
    // The visitor's language may change while the page is open; the link is verified once.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  const leavingFor = phase.name === "form" ? phase.leavingFor : undefined;
  useEffect(() => {
    if (!leavingFor) return;
    const timer = setTimeout(() => navigate(leavingFor, { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [leavingFor, navigate]);

  return (
    <div className="page page--narrow">
      <PageMeta
        title={t`Reset password`}
        description={t`Choose a new password for your account.`}
        locale={locale}
        path="/reset-password"
        noindex
      />
      {phase.name === "verifying" ? <Spinner label={t`Verifying reset link...`} /> : null}
      {phase.name === "invalid" ? <InvalidLink reason={phase.reason} /> : null}
      {phase.name === "form" ? (
        <ResetForm
          token={token}
          email={phase.email}
          finished={leavingFor !== undefined}
          onDone={(to) => setPhase({ ...phase, leavingFor: to })}
        />
      ) : null}
    </div>
  );
}

function InvalidLink({ reason }: { reason?: string }) {
  return (
    <div className="reset">
      <h1 className="page__title">
        <Trans>Invalid Reset Link</Trans>
      </h1>
      {reason ? <p className="notice notice--error reset__reason">{reason}</p> : null}
      <p className="page__lead">
        <Trans>This password reset link is invalid or has expired. Reset links are valid for 24 hours and can be used once.</Trans>
      </p>
      <div className="actions">
        <Link to="/forgot-password" className="ag-button">
          <Trans>Request New Link</Trans>
        </Link>
        <Link to="/login" className="ag-button ag-button--secondary">
          <Trans>Back to Login</Trans>
        </Link>
      </div>
    </div>
  );
}

function ResetForm({
  token,
  email,
  finished,
  onDone,
}: {
  token: string;
  email: string;
  finished: boolean;
  onDone: (to: Destination) => void;
}) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [success, setSuccess] = useState(false);
  const form = useForm({
    initial: { password: "", confirm: "" },
    // The alert says what is wrong; the fields at fault are marked and described by it.
    validate: ({ password, confirm }) => {
      if (!password || !confirm) {
        return { form: t`Please fill in all fields`, ...(password ? {} : { password: "" }), ...(confirm ? {} : { confirm: "" }) };
      }
      if (password.length < PASSWORD_MIN_LENGTH) return { form: t`Password must be at least ${PASSWORD_MIN_LENGTH} characters`, password: "" };
      if (password !== confirm) return { form: t`Passwords do not match`, confirm: "" };
      return {};
    },
    editClears: "all",
    onSubmit: async ({ password }) => {
      await authApi.resetPassword(hostApi(locale), { token, newPassword: password });
      toast.success(t`Password reset successfully!`, { locale });
      setSuccess(true);
      onDone("/login");
    },
    onError: (failure) => {
      const message = apiErrorMessage(failure, i18n) ?? t`Failed to reset password`;
      toast.error(message, { locale });
      // A 400 means the link itself is no good any more: a new one has to be requested.
      if (apiStatus(failure) === 400) onDone("/forgot-password");
      return message;
    },
  });

  return (
    <div className="reset">
      <h1 className="page__title">
        <Trans>Reset Your Password</Trans>
      </h1>
      {email ? (
        <p className="page__lead">
          <Trans>
            Enter a new password for <strong>{email}</strong>
          </Trans>
        </p>
      ) : null}
      <form className="reset__form" noValidate onSubmit={form.submit}>
        <FormAlert {...form.alert} />
        {success ? (
          <p className="notice reset__success" role="status">
            <Trans>Password reset successfully! Taking you to the login page...</Trans>
          </p>
        ) : null}
        <PasswordField
          {...form.field("password")}
          label={t`New Password`}
          autoComplete="new-password"
          hint={t`Must be at least ${PASSWORD_MIN_LENGTH} characters long`}
        />
        <PasswordField
          {...form.field("confirm")}
          label={t`Confirm New Password`}
          autoComplete="new-password"
        />
        <button type="submit" className="ag-button reset__submit" disabled={form.busy || finished} aria-busy={form.busy}>
          {form.busy ? <Trans>Resetting...</Trans> : <Trans>Reset Password</Trans>}
        </button>
      </form>
      <p>
        <Link to="/login" className="ag-link">
          <Trans>Back to Login</Trans>
        </Link>
      </p>
    </div>
  );
}
