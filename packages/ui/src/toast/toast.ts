import { dismissToast, showToast, type ToastKind, type ToastOptions } from "./toast-store";

type ToasterView = typeof import("./toaster");

let view: ToasterView | undefined;
let loading: Promise<void> | undefined;
let wanted = false;

/**
 * The toaster's code (its React root, shadow root and texts) comes with the first toast, not with the element or
 * the page: most visits never see a toast. The toast itself is in the store at once; the toaster shows what the
 * store holds when it arrives.
 */
function mountToaster(): void {
  wanted = true;
  if (view) return view.mountToaster();
  loading ??= import("./toaster").then(
    (loaded) => {
      view = loaded;
      if (wanted) loaded.mountToaster();
    },
    (error: unknown) => {
      // Offline: the next toast tries again.
      loading = undefined;
      console.error("The toaster could not be loaded", error);
    },
  );
}

/** Removes the page's toaster (tests, between pages of a test run); the next toast mounts a new one. */
export function unmountToaster(): void {
  wanted = false;
  view?.unmountToaster();
}

const show = (kind: ToastKind) => (message: string, options?: ToastOptions) => {
  mountToaster();
  return showToast(kind, message, options);
};

/** Raises a toast; the page's toaster mounts itself with the first one. */
export const toast = {
  success: show("success"),
  error: show("error"),
  info: show("info"),
  loading: show("loading"),
  dismiss: dismissToast,
};
