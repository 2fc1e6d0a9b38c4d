import { apiErrorMessage, twoFactorApi } from "@agency/core";
import { Spinner, toast } from "@agency/ui";
import { FormAlert, PasswordField, TextField, useForm } from "@agency/ui/form";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { renderSVG } from "uqr";
import { useElement } from "../../element/element-context";
import { confirmWithPasskey, usePasskeyConfirmation, WITH_PASSKEY, WithPasskeyButton } from "./passkey-confirmation";
import { RecoveryCodes } from "./recovery-codes";
import { DisableForm, RenewCodesForm } from "./two-factor-forms";

type View =
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "off" }
  | { kind: "setup"; secret: string; otpauthUrl: string }
  | { kind: "codes"; codes: string[] }
  | { kind: "on"; left: number; open: "renew" | "disable" | null };

/**
 * Two-step verification, the customer's choice, as Clerk's user profile offers it: turned on with an authenticator
 * app (a QR code, or its key typed in, then a code to prove it works, with the password), which shows ten recovery
 * codes once; new recovery codes with the password; turned off with the password and a code. Each step's heading
 * takes focus, so the change is announced.
 */
export function TwoFactor() {
  const { t, i18n } = useLingui();
  const { api, settings, emit } = useElement();
  const [view, setView] = useState<View>({ kind: "loading" });
  const [busy, setBusy] = useState(false);
  const step = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const renewId = useId();
  const disableId = useId();

  useEffect(() => {
    let current = true;
    twoFactorApi
      .fetchStatus(api)
      .then((status) => current && setView(status.enabled ? { kind: "on", left: status.recoveryCodesLeft, open: null } : { kind: "off" }))
      .catch((failure: unknown) => {
        console.error("agency-settings: two-step verification could not be loaded", failure);
        if (current) setView({ kind: "failed" });
      });
    return () => {
      current = false;
    };
  }, [api]);

  // After a move to another step (not on the first load), that step's heading takes focus.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    step.current?.focus();
  });

  const go = (next: View) => {
    moved.current = true;
    setView(next);
  };

  async function start() {
    setBusy(true);
    try {
      const { secret, otpauthUrl } = await twoFactorApi.startSetup(api);
      go({ kind: "setup", secret, otpauthUrl });
    } catch (failure) {
      toast.error(apiErrorMessage(failure, i18n) ?? t`Something went wrong. Please try again.`, { locale: settings.locale });
    } finally {
      setBusy(false);
    }
  }

  function showCodes(codes: string[], enabled: boolean) {
    toast.success(enabled ? t`Two-step verification is on` : t`New recovery codes made`, { locale: settings.locale });
    emit("agency-two-factor-change", { enabled: true, recoveryCodesLeft: codes.length });
    go({ kind: "codes", codes });
  }

  function disabled(message: string) {
    toast.success(message, { locale: settings.locale });
    emit("agency-two-factor-change", { enabled: false, recoveryCodesLeft: 0 });
    go({ kind: "off" });
  }

  const heading = (text: string) => (
    <h3 ref={step} tabIndex={-1} className="settings__subtitle">
      {text}
    </h3>
  );

  return (
    <section className="settings__card" part="two-factor" aria-labelledby="settings-two-factor">
      <h2 id="settings-two-factor" className="settings__title">
        <Trans>Two-step verification</Trans>
      </h2>
      {view.kind === "loading" ? <Spinner label={t`Loading...`} /> : null}
      {view.kind === "failed" ? (
        <p className="settings__muted" role="alert">
          <Trans>Two-step verification could not be loaded. Please reload the page.</Trans>
        </p>
      ) : null}
      {view.kind === "off" ? (
        <>
          {heading(t`Two-step verification is off`)}
          <p className="settings__muted">
            <Trans>Protect your account with a second step: after your password, signing in asks for a code from an authenticator app on your phone.</Trans>
          </p>
          <div className="settings__actions">
            <button type="button" className="ag-button" onClick={() => void start()} disabled={busy} aria-busy={busy}>
              <Trans>Turn on two-step verification</Trans>
            </button>
          </div>
        </>
      ) : null}
      {view.kind === "setup" ? (
        <>
          {heading(t`Set up your authenticator app`)}
          <SetupForm secret={view.secret} otpauthUrl={view.otpauthUrl} onEnabled={(codes) => showCodes(codes, true)} onCancel={() => go({ kind: "off" })} />
        </>
      ) : null}
      {view.kind === "codes" ? (
        <>
          {heading(t`Save your recovery codes`)}
          <RecoveryCodes codes={view.codes} onDone={() => go({ kind: "on", left: view.codes.length, open: null })} />
        </>
      ) : null}
      {view.kind === "on" ? (
        <>
          {heading(t`Two-step verification is on`)}
          <p className="settings__muted">
            <Trans>Signing in asks for a code from your authenticator app after your password.</Trans>{" "}
            {t`${plural(view.left, { one: "# recovery code left.", other: "# recovery codes left." })}`}
          </p>
          <div className="settings__actions">
            <button
              type="button"
              className="ag-button ag-button--secondary"
              aria-expanded={view.open === "renew"}
              aria-controls={view.open === "renew" ? renewId : undefined}
              onClick={() => setView({ ...view, open: view.open === "renew" ? null : "renew" })}
            >
              <Trans>New recovery codes</Trans>
            </button>
            <button
              type="button"
              className="ag-button ag-button--secondary"
              aria-expanded={view.open === "disable"}
              aria-controls={view.open === "disable" ? disableId : undefined}
              onClick={() => setView({ ...view, open: view.open === "disable" ? null : "disable" })}
            >
              <Trans>Turn off</Trans>
            </button>
          </div>
          {view.open === "renew" ? (
            <RenewCodesForm id={renewId} onCodes={(codes) => showCodes(codes, false)} onCancel={() => setView({ ...view, open: null })} />
          ) : null}
          {view.open === "disable" ? <DisableForm id={disableId} onDisabled={disabled} onCancel={() => setView({ ...view, open: null })} /> : null}
        </>
      ) : null}
    </section>
  );
}

/**
 * The QR code (or the key, four characters at a time), the code that proves the app is set up, and the password (or
 * one of the account's passkeys): turning it on adds a way in, which a borrowed session alone must not do.
 */
function SetupForm({ secret, otpauthUrl, onEnabled, onCancel }: { secret: string; otpauthUrl: string; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const { api, settings } = useElement();
  const passkeyOffered = usePasskeyConfirmation();
  const form = useForm({
    initial: { code: "", password: "" },
    validate: ({ code, password }, action) => ({
      ...(/^\d{6}$/.test(code.replace(/\s/g, "")) ? {} : { code: t`Enter the six-digit code your authenticator app shows now.` }),
      ...(password || action === WITH_PASSKEY ? {} : { password: t`Please enter your password` }),
    }),
    onSubmit: async ({ code, password }, action) => {
      const enable = { code: code.replace(/\s/g, ""), basePath: settings.basePath };
      if (action !== WITH_PASSKEY) return onEnabled(await twoFactorApi.enable(api, { ...enable, password }));
      const passkey = await confirmWithPasskey(api);
      if (passkey) onEnabled(await twoFactorApi.enable(api, { ...enable, passkey }));
    },
    codes: { "auth.code_invalid": "code", "account.wrong_password": "password", "account.password_required": "password" },
    onError: (problem) => apiErrorMessage(problem, i18n) ?? t`Something went wrong. Please try again.`,
  });
  const qr = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(otpauthUrl, { pixelSize: 5 }))}`, [otpauthUrl]);
  const grouped = secret.replace(/(.{4})(?=.)/g, "$1 ");

  return (
    <form className="settings__form" noValidate onSubmit={form.submit}>
      <p>
        <Trans>Scan this QR code with an authenticator app, or type the key below into it. Then enter the code the app shows.</Trans>
      </p>
      <img className="settings__qr" src={qr} width="200" height="200" alt={t`QR code for your authenticator app`} />
      <p>
        <Trans>Key</Trans> <code className="settings__secret" data-secret={secret}>{grouped}</code>
      </p>
      <TextField
        label={t`Code from your authenticator app`}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        {...form.field("code")}
        disabled={form.busy}
      />
      <PasswordField label={t`Password`} name="password" autoComplete="current-password" {...form.field("password")} disabled={form.busy} />
      <FormAlert {...form.alert} />
      <div className="settings__actions">
        <button type="submit" className="ag-button" disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? <Trans>Turning on...</Trans> : <Trans>Turn on</Trans>}
        </button>
        {passkeyOffered ? <WithPasskeyButton form={form} /> : null}
        <button type="button" className="ag-button ag-button--secondary" onClick={onCancel} disabled={form.busy}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
