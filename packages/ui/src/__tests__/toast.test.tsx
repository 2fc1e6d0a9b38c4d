import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getToasts, MAX_TOASTS, resetToasts, TOAST_DURATION_MS } from "../toast/toast-store";
import { configure } from "@agency/core";
import { toast, unmountToaster } from "../toast/toast";
import { Toaster } from "../toast/toaster";
import { renderIn } from "./render";

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

describe("toasts", () => {
  it("last 4 seconds", () => {
    toast.success("Login successful!");
    toast.error("Login failed");
    expect(getToasts()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 10));
    expect(getToasts()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(20));
    expect(getToasts()).toHaveLength(0);
    expect(TOAST_DURATION_MS).toBe(4000);
  });

  it("can be shorter, and a loading toast stays until dismissed", () => {
    toast.success("Saved", { duration: 2000 });
    const loading = toast.loading("Sending…");
    act(() => vi.advanceTimersByTime(2001));
    expect(getToasts().map((t) => t.message)).toEqual(["Sending…"]);
    act(() => vi.advanceTimersByTime(60_000));
    expect(getToasts()).toHaveLength(1);
    toast.dismiss(loading);
    expect(getToasts()).toHaveLength(0);
  });

  it("mounts the page's toaster, whose code comes with the first toast, and shows that toast", async () => {
    expect(document.querySelector("[data-agency-toaster]")).toBeNull();
    toast.info("Saved");
    expect(getToasts()).toHaveLength(1);
    await waitFor(() => expect(document.querySelector("[data-agency-toaster]")?.shadowRoot?.textContent).toContain("Saved"));
  });

  it("takes the page's theme: the dark tokens after ui.css, with configure({ theme: \"dark\" })", async () => {
    configure({ theme: "dark" });
    try {
      toast.info("Saved");
      const shadow = () => document.querySelector("[data-agency-toaster]")?.shadowRoot;
      await waitFor(() => expect(shadow()?.textContent).toContain("Saved"));
      // jsdom adopts no sheets: the styles are one <style>, ui.css, then the dark tokens, then the toasts'.
      const css = () => shadow()!.querySelector("style[data-agency-styles]")!.textContent!;
      await waitFor(() => expect(css()).toContain("color-scheme: dark"));
      expect(css().indexOf("--agency-color-surface: #1f2937")).toBeGreaterThan(css().indexOf("--agency-color-surface: #ffffff"));
      expect(css().indexOf("--agency-color-surface: #1f2937")).toBeLessThan(css().indexOf(".ag-toaster"));
    } finally {
      configure({ theme: undefined });
      unmountToaster();
    }
  });

  it("keeps at most 20, dropping the oldest", () => {
    for (let i = 1; i <= MAX_TOASTS + 5; i++) toast.info(`Toast ${i}`);
    expect(MAX_TOASTS).toBe(20);
    expect(getToasts()).toHaveLength(20);
    expect(getToasts()[0]!.message).toBe("Toast 6");
  });

  it.each([
    ["en", "Dismiss notification"],
    ["nl", "Melding sluiten"],
  ] as const)("renders top-right, announced, and dismissible (%s)", async (locale, dismiss) => {
    renderIn(locale, <Toaster root={document.createElement("div").attachShadow({ mode: "open" })} />);
    act(() => {
      toast.error("Login failed", { locale });
      toast.success("Registration successful!", { locale });
    });
    const list = await screen.findByRole("list");
    expect(list).toHaveClass("ag-toaster");
    expect(within(list).getByRole("alert")).toHaveTextContent("Login failed");
    expect(within(list).getByRole("status")).toHaveTextContent("Registration successful!");
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(list).getAllByRole("button", { name: dismiss })[0]!);
    await waitFor(() => expect(within(list).queryByRole("alert")).toBeNull());
  });
});
