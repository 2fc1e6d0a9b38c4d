import { useId, useLayoutEffect, useRef, type ReactNode } from "react";
import modalCss from "../styles/modal.css?inline";

export interface ModalProps {
  title: ReactNode;
  children: ReactNode;
  /** Called on Escape and on a click on the backdrop; the dialog stays open until the caller stops rendering it. */
  onClose: () => void;
  /** Buttons, placed at the bottom. */
  actions?: ReactNode;
}

/** The focused element of the document or shadow root the node is in (document.activeElement names only a host). */
function activeElementOf(node: Node): HTMLElement | null {
  return (node.getRootNode() as Document | ShadowRoot).activeElement as HTMLElement | null;
}

let modalSheet: CSSStyleSheet | undefined;

/**
 * The modal's sheet, added once to the document or shadow root it opens in, after what is there (adopted where
 * supported, else a <style> element): it is not part of ui.css, which every element adopts whether or not it ever
 * opens a dialog.
 */
function addModalStyles(root: Document | ShadowRoot): void {
  if ("adoptedStyleSheets" in root && typeof CSSStyleSheet === "function" && "replaceSync" in CSSStyleSheet.prototype) {
    if (!modalSheet) {
      modalSheet = new CSSStyleSheet();
      modalSheet.replaceSync(modalCss);
    }
    if (!root.adoptedStyleSheets.includes(modalSheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, modalSheet];
    return;
  }
  const parent = root instanceof Document ? root.head : root;
  if (parent.querySelector("style[data-agency-modal]")) return;
  const style = document.createElement("style");
  style.setAttribute("data-agency-modal", "");
  style.textContent = modalCss;
  parent.append(style);
}

/**
 * A modal dialog on the native <dialog>, opened with showModal(): it sits in the top layer above everything, the
 * rest of the page (inside and outside the element's shadow root) is inert, so focus stays in it. Escape and a
 * click on the backdrop ask the caller to close it; its first control takes focus, and focus returns to where
 * it was when it goes.
 */
export function Modal({ title, children, onClose, actions }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  useLayoutEffect(() => {
    close.current = onClose;
  });

  // A layout effect: its clean-up runs while the dialog is still in the document, so close() can hand focus back.
  useLayoutEffect(() => {
    const dialog = dialogRef.current!;
    const opener = activeElementOf(dialog);
    addModalStyles(dialog.getRootNode() as Document | ShadowRoot);
    dialog.showModal();
    // Browsers differ on what showModal() focuses (the dialog, or its first control): always the first control.
    dialog.querySelector<HTMLElement>("input:enabled, select:enabled, textarea:enabled, button:enabled, a[href]")?.focus();
    return () => {
      dialog.close();
      opener?.focus();
    };
  }, []);

  const requestClose = (event: { preventDefault(): void }) => {
    // The caller decides: the browser must not close the dialog by itself (it stays while its work runs).
    event.preventDefault();
    close.current();
  };

  return (
    // Escape is handled on keydown so the browser's own close never runs (tabIndex keeps focus in the dialog after
    // a click on its text, so the key reaches it); a click on the backdrop lands on the dialog element itself (its
    // content box fills it), a pointer shortcut next to the buttons.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      className="ag-modal"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="modal-backdrop"
      onKeyDown={(event) => {
        if (event.key === "Escape") requestClose(event);
      }}
      onCancel={requestClose}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) requestClose(event);
      }}
    >
      <div className="ag-modal__content">
        <h2 id={titleId} className="ag-modal__title">
          {title}
        </h2>
        {children}
        {actions ? <div className="ag-modal__actions">{actions}</div> : null}
      </div>
    </dialog>
  );
}
