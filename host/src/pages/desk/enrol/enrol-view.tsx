import { type DeskEnrolmentResponse, PASSWORD_MIN_LENGTH } from "@agency/contract";
import { apiErrorCode, deskApi } from "@agency/core";
import { Spinner } from "@agency/ui";
import { FormAlert, PasswordField, TextField, useForm } from "@agency/ui/form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { renderSVG } from "uqr";
import { PageMeta } from "../../../lib/page-meta";
import { useLocale } from "../../../lib/use-locale";
import { failureText, marked, useDeskApi, useLoaded } from "../desk-lib";
import { RecoveryCodes } from "./recovery-codes";

/**
 * The enrolment link's page (/desk/enrol?token=…): choose a password, set up the authenticator from the QR code or
 * the secret as text, confirm with its current code; then the recovery codes, shown this once.
 */
export default function EnrolView() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const api = useDeskApi();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const enrolment = useLoaded(`enrolment ${token}`, () => deskApi.fetchEnrolment(api, token));
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const meta = <PageMeta title={t`Set up your desk account`} description={t`The agency's desk, for staff.`} locale={locale} path="/desk/enrol" noindex />;
  if (recoveryCodes) {
    return (
      <div className="desk-view desk-view--narrow">
        {meta}
        <RecoveryCodes codes={recoveryCodes} />
      </div>
    );
  }
  return (
    <div className="desk-view desk-view--narrow">
      {meta}
      {enrolment.value.state === "loading" ? <Spinner label={t`Checking your link...`} /> : null}
      {enrolment.value.state === "failed" ? (
        <>
          <h1 className="desk-view__title">
            <Trans>This link no longer works</Trans>
          </h1>
          <p className="notice notice--error" role="alert">
            {failureText(enrolment.value.error, i18n, t`The link could not be checked. Please try again.`)}
          </p>
          <p>
            <Trans>An enrolment link works once, within 24 hours. Ask an admin of the desk for a new invitation.</Trans>
          </p>
        </>
      ) : null}
      {enrolment.value.state === "done" ? (
        <EnrolForm
          token={token}
          enrolment={enrolment.value.data}
          onDone={setRecoveryCodes}
        />
      ) : null}
    </div>
  );
}

type Field = "password" | "confirm" | "code";

function EnrolForm({ token, enrolment, onDone }: { token: string; enrolment: DeskEnrolmentResponse; onDone: (codes: string[]) => void }) {
  const { t, i18n } = useLingui();
  const api = useDeskApi();
  // The alert says what is wrong; the field at fault is marked and described by it.
  const form = useForm({
    initial: { password: "", confirm: "", code: "" },
    validate: ({ password, confirm, code }) => {
      if (password.length < PASSWORD_MIN_LENGTH) return { form: t`Password must be at least ${PASSWORD_MIN_LENGTH} characters`, password: "" };
      if (password !== confirm) return { form: t`Passwords do not match`, confirm: "" };
      if (!/^\d{6}$/.test(code.replace(/\s/g, ""))) return { form: t`Enter the six-digit code your authenticator app shows now.`, code: "" };
      return {};
    },
    onSubmit: async ({ password, code }) => onDone(await deskApi.enrol(api, { token, password, code: code.replace(/\s/g, "") })),
    onError: (failure) => {
      const errorCode = apiErrorCode(failure);
      const fields: Field[] = errorCode?.startsWith("desk.code") ? ["code"] : errorCode?.startsWith("auth.") ? ["password"] : [];
      return { form: failureText(failure, i18n, t`Setting up your account failed. Please try again.`), ...marked(fields) };
    },
  });
  const qr = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(enrolment.otpauthUrl, { pixelSize: 6 }))}`, [enrolment.otpauthUrl]);
  // Four characters at a time, as authenticator apps show secrets: easier to type without a slip.
  const groupedSecret = enrolment.totpSecret.replace(/(.{4})(?=.)/g, "$1 ");

  return (
    <>
      <h1 className="desk-view__title">
        <Trans>Set up your desk account</Trans>
      </h1>
      <p className="desk-view__lead">
        <Trans>
          For <strong>{enrolment.email}</strong>. Signing in to the desk always takes your password and a code from an
          authenticator app.
        </Trans>
      </p>
      <form className="desk-form" noValidate onSubmit={form.submit}>
        <FormAlert {...form.alert} />
        <h2 className="desk-form__step">
          <Trans>1. Choose a password</Trans>
        </h2>
        <PasswordField
          {...form.field("password")}
          label={t`Password`}
          autoComplete="new-password"
          hint={t`Must be at least ${PASSWORD_MIN_LENGTH} characters long`}
          required
        />
        <PasswordField {...form.field("confirm")} label={t`Confirm password`} autoComplete="new-password" required />
        <h2 className="desk-form__step">
          <Trans>2. Set up your authenticator app</Trans>
        </h2>
        <p>
          <Trans>Scan this QR code with an authenticator app, or type the key below into it.</Trans>
        </p>
        <img className="desk-qr" src={qr} width="220" height="220" alt={t`QR code for your authenticator app`} />
        <p className="desk-secret">
          <span className="desk-secret__label">
            <Trans>Key</Trans>
          </span>{" "}
          <code data-testid="totp-secret" data-secret={enrolment.totpSecret}>
            {groupedSecret}
          </code>
        </p>
        <h2 className="desk-form__step">
          <Trans>3. Confirm with a code</Trans>
        </h2>
        <TextField
          {...form.field("code")}
          label={t`Code from your authenticator app`}
          autoComplete="one-time-code"
          inputMode="numeric"
          required
        />
        <button type="submit" className="ag-button" disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? <Trans>Setting up...</Trans> : <Trans>Set up my account</Trans>}
        </button>
      </form>
    </>
  );
}
