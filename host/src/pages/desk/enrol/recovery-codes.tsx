import { toast } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useLocale } from "../../../lib/use-locale";
import { focusHeading, saveFile, useDeskPath } from "../desk-lib";

/**
 * The recovery codes, shown once: each signs in once in place of the authenticator's code. They can be copied or
 * saved as a text file; the way on to the sign-in is there from the start, but the page says plainly that the
 * codes will not be shown again.
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useLingui();
  const locale = useLocale();
  const to = useDeskPath();
  const [saved, setSaved] = useState(false);
  const text = `${codes.join("\n")}\n`;
  // A new step of the same page, not a navigation: focus goes to its heading here.
  useEffect(focusHeading, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setSaved(true);
      toast.success(t`Recovery codes copied`, { locale });
    } catch {
      toast.error(t`Copying failed. Select the codes and copy them yourself, or download them.`, { locale });
    }
  }

  function download() {
    saveFile(new Blob([text], { type: "text/plain;charset=utf-8" }), "desk-recovery-codes.txt");
    setSaved(true);
  }

  return (
    <>
      <h1 className="desk-view__title">
        <Trans>Save your recovery codes</Trans>
      </h1>
      <p className="notice" role="status">
        <Trans>Your desk account is ready.</Trans>
      </p>
      <p>
        <Trans>
          If you lose your authenticator app, each of these codes signs you in once in place of its code. Keep them
          somewhere safe: they are shown only now.
        </Trans>
      </p>
      <ol className="desk-codes" aria-label={t`Recovery codes`}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="actions">
        <button type="button" className="ag-button ag-button--secondary" onClick={copy}>
          <Trans>Copy codes</Trans>
        </button>
        <button type="button" className="ag-button ag-button--secondary" onClick={download}>
          <Trans>Download codes</Trans>
        </button>
        <Link to={to("/")} className="ag-button" aria-describedby={saved ? undefined : "desk-codes-warning"}>
          <Trans>Continue to sign in</Trans>
        </Link>
      </div>
      {saved ? null : (
        <p id="desk-codes-warning" className="desk-view__aside">
          <Trans>Copy or download the codes before you go on: they will not be shown again.</Trans>
        </p>
      )}
    </>
  );
}
