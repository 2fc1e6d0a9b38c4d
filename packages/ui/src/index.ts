// Public surface of @agency/ui: primitives shared by the elements and the host. The form kit is its own entry,
// @agency/ui/form, so an element without a form never carries it.
export { dismissToast, getToasts, resetToasts, TOAST_DURATION_MS, MAX_TOASTS } from "./toast/toast-store";
export type { Toast, ToastKind, ToastOptions } from "./toast/toast-store";
export { toast, unmountToaster } from "./toast/toast";
export { Spinner } from "./spinner/spinner";
export { Modal, type ModalProps } from "./modal/modal";
export { CrashScreen, ErrorBoundary, pageReload } from "./crash-screen/crash-screen";
export { adoptStyles, uiCss } from "./styles";
export { useThemeStyles } from "./theme";
export { uiElementCatalog } from "./i18n";
export { uiCatalog } from "./ui-catalog";
export { originRefusedMessage } from "./connection/origin-refused";
