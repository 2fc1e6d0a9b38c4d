import type { PasskeySignInPayload } from "@agency/contract";
import { isAgencyOrigin, passkeysApi, type ApiClient } from "@agency/core";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { Trans } from "@lingui/react/macro";
import { useEffect, useState, type MouseEvent } from "react";
import { useElement } from "../../element/element-context";

/** SimpleWebAuthn's browser half, loaded once a card that needs it has rendered. */
export const webauthn = () => import("@simplewebauthn/browser");

/** A passkey's signed answer, as the server takes it in place of the password. */
export type PasskeyAnswer = PasskeySignInPayload["credential"];

/** The way of sending a form that confirms with a passkey rather than the password (`useForm`'s `submit` action). */
export const WITH_PASSKEY = "passkey";

type Submit = (event: MouseEvent<HTMLButtonElement>, action: string) => Promise<void>;

/**
 * Whether passkeys work here: null while unknown, else yes, or why not (the browser has no WebAuthn, or this page is
 * one of a partner's beyond the sites browsers accept for the site's passkeys).
 */
export function usePasskeySupport(): "yes" | "browser" | "page" | null {
  const { api, settings } = useElement();
  const [supported, setSupported] = useState<"yes" | "browser" | "page" | null>(null);
  useEffect(() => {
    let live = true;
    const here = () => isAgencyOrigin(settings.apiBase) || passkeysApi.passkeysAvailable(api).catch(() => false);
    void webauthn()
      .then(async ({ browserSupportsWebAuthn }) => (!browserSupportsWebAuthn() ? "browser" : (await here()) ? "yes" : "page"))
      .then((answer) => live && setSupported(answer));
    return () => {
      live = false;
    };
  }, [api, settings.apiBase]);
  return supported;
}

/**
 * The browser's prompt for one of the account's own passkeys, to confirm it is the owner where adding a way in asks
 * for the password: the signed answer, or null when the prompt was closed.
 */
export async function confirmWithPasskey(api: ApiClient): Promise<PasskeyAnswer | null> {
  const options = await passkeysApi.confirmationOptions(api);
  const { startAuthentication } = await webauthn();
  try {
    return await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  } catch (failure) {
    const name = (failure as { name?: unknown } | null)?.name;
    // Closing the browser's prompt is no failure: the form stays as it was.
    if (name === "NotAllowedError" || name === "AbortError") return null;
    throw failure;
  }
}

/**
 * Whether a card that knows neither (the two-step verification forms) can offer the passkey in place of the
 * password: passkeys work here and the account has one.
 */
export function usePasskeyConfirmation(): boolean {
  const { api } = useElement();
  const supported = usePasskeySupport();
  const [listed, setListed] = useState(false);
  useEffect(() => {
    if (supported !== "yes") return;
    let live = true;
    passkeysApi.listPasskeys(api).then(
      ({ passkeys }) => live && setListed(passkeys.length > 0),
      () => live && setListed(false),
    );
    return () => {
      live = false;
    };
  }, [api, supported]);
  return supported === "yes" && listed;
}

/**
 * The form's second way to send it: the passkey in place of the password. A plain button, so the Enter key in the
 * password field still sends the password. `formId`: the form's id, when the button is outside it.
 */
export function WithPasskeyButton({ form, formId }: { form: { busy: boolean; submit: Submit }; formId?: string }) {
  return (
    <button
      type="button"
      form={formId}
      className="ag-button ag-button--secondary"
      disabled={form.busy}
      onClick={(event) => void form.submit(event, WITH_PASSKEY)}
    >
      <Trans>Use a passkey instead</Trans>
    </button>
  );
}
