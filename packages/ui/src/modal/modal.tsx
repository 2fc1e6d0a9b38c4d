import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  title: ReactNode;
  children: ReactNode;
  /** Called on Escape and on a click on the backdrop. */
  onClose: () => void;
  /** Buttons, placed at the bottom. */
  actions?: ReactNode;
}

function activeElementOf(node: Node): Element | null {
  const root = node.getRootNode() as Document | ShadowRoot;
  return root.activeElement ?? null;
}

/**
 * An accessible modal dialog: focus moves in and is trapped (Tab and Shift+Tab cycle inside), Escape and a
 * backdrop click close it, and focus returns to where it was. Works inside a shadow root, where
 * document.activeElement would only name the host element.
 */
export function Modal({ title, children, onClose, actions }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // The key handler is installed once; it must still call the latest onClose.
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previouslyFocused = activeElementOf(dialog) as HTMLElement | null;
    const focusables = () => Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
    (focusables()[0] ?? dialog).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== "Tab") return;
      const items = focusables();
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const current = activeElementOf(dialog);
      if (event.shiftKey && (current === first || !dialog.contains(current))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || !dialog.contains(current))) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener("keydown", onKeyDown);
    return () => {
      dialog.removeEventListener("keydown", onKeyDown);
      previouslyFocused?.focus?.();
    };
  }, []);

  return (
    // A click on the backdrop is a pointer shortcut; keyboard users close with Escape or the buttons.
    // oxlint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className="ag-modal-backdrop"
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div ref={dialogRef} className="ag-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <h2 id={titleId} className="ag-modal__title">
          {title}
        </h2>
        {children}
        {actions ? <div className="ag-modal__actions">{actions}</div> : null}
      </div>
    </div>
  );
}
