import { DEFAULT_LOCALE } from "@agency/contract";
import { createI18n, resolveSettings, subscribeSettings } from "@agency/core";
import { I18nProvider } from "@lingui/react";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { createRoot, type Root } from "react-dom/client";
import { uiCatalog } from "../ui-catalog";
import { uiCss } from "../styles";
import toastCss from "../styles/toast.css?inline";
import { useThemeStyles } from "../theme";
import { dismissToast, getToasts, subscribeToasts, type Toast } from "./toast-store";

function ToastItem({ item }: { item: Toast }) {
  const { t } = useLingui();
  return (
    // The live-region role sits on an inner element: a role on the <li> itself would break the list semantics.
    <li>
      <div className={`ag-toast ag-toast--${item.kind}`} role={item.kind === "error" ? "alert" : "status"}>
        <p className="ag-toast__message">{item.message}</p>
        <button type="button" className="ag-toast__close" aria-label={t`Dismiss notification`} onClick={() => dismissToast(item.id)}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </li>
  );
}

const sheets = [uiCss, toastCss];

/**
 * Top-right stack of toasts. Each toast speaks the language it was raised in; the stack has the page's theme
 * (`AgencyWidgets.configure({ theme })`).
 */
export function Toaster({ root }: { root: ShadowRoot }) {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const locale = toasts.at(-1)?.locale ?? DEFAULT_LOCALE;
  const i18n = useMemo(() => createI18n(locale, [uiCatalog]), [locale]);
  const [theme, setTheme] = useState(() => resolveSettings().theme);
  useEffect(() => subscribeSettings(() => setTheme(resolveSettings().theme)), []);
  if (!useThemeStyles(root, theme, sheets)) return null;
  return (
    <I18nProvider i18n={i18n}>
      <ol className="ag-toaster" aria-live="polite">
        {toasts.map((item) => (
          <ToastItem key={item.id} item={item} />
        ))}
      </ol>
    </I18nProvider>
  );
}

let mounted: { host: HTMLElement; root: Root } | null = null;

/**
 * One toaster per page, in its own shadow root at the end of <body>: toasts outlive the element that raised
 * them (a login toast survives the navigation to the dashboard) and the page's CSS cannot restyle them.
 */
export function mountToaster(): void {
  if (mounted || typeof document === "undefined") return;
  const host = document.createElement("div");
  host.setAttribute("data-agency-toaster", "");
  document.body.append(host);
  const shadow = host.attachShadow({ mode: "open" });
  const container = document.createElement("div");
  shadow.append(container);
  const root = createRoot(container);
  root.render(<Toaster root={shadow} />);
  mounted = { host, root };
}

/** Removes the page's toaster; the next toast mounts a new one. */
export function unmountToaster(): void {
  if (!mounted) return;
  mounted.root.unmount();
  mounted.host.remove();
  mounted = null;
}
