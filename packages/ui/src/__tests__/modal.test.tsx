import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Modal } from "../modal/modal";
import { renderIn } from "./render";

function Dialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      title="Cancel subscription?"
      onClose={onClose}
      actions={
        <>
          <button type="button">Yes</button>
          <button type="button">No</button>
        </>
      }
    >
      <p>Access continues until the period ends.</p>
    </Modal>
  );
}

describe("Modal", () => {
  it("is a native dialog shown as a modal, labelled by its title, with its first button focused", () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, "showModal");
    renderIn("en", <Dialog onClose={() => {}} />);
    const dialog = screen.getByRole("dialog", { name: "Cancel subscription?" });
    expect(dialog).toBeInstanceOf(HTMLDialogElement);
    // showModal() puts it in the top layer and makes the rest of the page inert, so Tab cannot leave it (the
    // browser tests press Tab in Chromium).
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(showModal.mock.contexts[0]).toBe(dialog);
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(screen.getByRole("button", { name: "Yes" })).toHaveFocus();
    showModal.mockRestore();
  });

  it("brings its own styles to the document or shadow root it opens in", () => {
    renderIn("en", <Dialog onClose={() => {}} />);
    const root = screen.getByRole("dialog").getRootNode() as Document | ShadowRoot;
    const adopted = (root.adoptedStyleSheets ?? []).flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText));
    const inline = [...(root instanceof Document ? root.head : root).querySelectorAll("style")].map((style) => style.textContent ?? "");
    expect([...adopted, ...inline].join("\n")).toContain(".ag-modal");
  });

  it("closes on Escape and on a backdrop click, not on a click inside", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderIn("en", <Dialog onClose={onClose} />);
    await user.click(screen.getByText("Access continues until the period ends."));
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByTestId("modal-backdrop"));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("gives focus back to what had it", async () => {
    const user = userEvent.setup();
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          {open ? <Dialog onClose={() => setOpen(false)} /> : null}
        </>
      );
    }
    renderIn("en", <Page />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(screen.getByRole("button", { name: "Yes" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("button", { name: "Open" })).toHaveFocus();
  });

  it("stays open while the caller keeps it (Escape is only a request), and the browser's cancel is a request too", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderIn("en", <Dialog onClose={onClose} />);
    await user.keyboard("{Escape}");
    const dialog = screen.getByRole("dialog") as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    const cancel = new Event("cancel", { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(dialog.open).toBe(true);
  });
});
