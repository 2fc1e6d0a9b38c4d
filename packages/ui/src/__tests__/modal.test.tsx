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
  it("is a labelled modal dialog that takes focus", () => {
    renderIn("en", <Dialog onClose={() => {}} />);
    const dialog = screen.getByRole("dialog", { name: "Cancel subscription?" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(screen.getByRole("button", { name: "Yes" })).toHaveFocus();
  });

  it("traps Tab and Shift+Tab inside", async () => {
    const user = userEvent.setup();
    renderIn("en", <Dialog onClose={() => {}} />);
    await user.tab();
    expect(screen.getByRole("button", { name: "No" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Yes" })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole("button", { name: "No" })).toHaveFocus();
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
});
