import { toast } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { useElement } from "../../element/element-context";

/** Hands the codes to the browser as a text file. */
function saveCodes(text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "recovery-codes.txt";
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Ten recovery codes, shown this once: each signs in once in place of the authenticator's code. They can be copied
 * or saved as a text file; 'Done' leaves them behind, and the card says they will not be shown again.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui();
  const { settings } = useElement();
  const text = `${codes.join("\n")}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t`Recovery codes copied`, { locale: settings.locale });
    } catch {
      toast.error(t`Copying failed. Select the codes and copy them yourself, or download them.`, { locale: settings.locale });
    }
  }

  return (
    <>
      <p>
        <Trans>
          If you lose your authenticator app, each of these codes signs you in once in place of its code. Keep them somewhere safe: they are
          shown only now, and new codes replace them.
        </Trans>
      </p>
      <ol className="settings__codes" part="recovery-codes" aria-label={t`Recovery codes`}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="settings__actions">
        <button type="button" className="ag-button ag-button--secondary" onClick={() => void copy()}>
          <Trans>Copy codes</Trans>
        </button>
        <button type="button" className="ag-button ag-button--secondary" onClick={() => saveCodes(text)}>
          <Trans>Download codes</Trans>
        </button>
        <button type="button" className="ag-button" onClick={onDone}>
          <Trans>I have saved my codes</Trans>
        </button>
      </div>
    </>
  );
}
