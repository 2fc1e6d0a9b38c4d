import { pageReload } from "@agency/ui";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderApp, setupApi } from "./render-app";

setupApi();

vi.mock("../../pages/features/features-page", () => ({
  default: () => {
    throw new Error("render failure");
  },
}));

describe("crash screen", () => {
  it("replaces a page that fails to render, and its button reloads the page", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.spyOn(pageReload, "reload").mockImplementation(() => {});
    renderApp("/features");
    expect(await screen.findByRole("heading", { name: "Oeps! Er is iets misgegaan" }, { timeout: 8000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Pagina vernieuwen" }));
    expect(reload).toHaveBeenCalled();
  });
});
