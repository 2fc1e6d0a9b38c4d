import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary, pageReload } from "../crash-screen/crash-screen";
import { Spinner } from "../spinner/spinner";
import { renderIn } from "./render";

function Broken(): never {
  throw new Error("render failure");
}

describe("crash screen", () => {
  it.each([
    ["en", "Oops! Something went wrong", "Refresh Page"],
    ["nl", "Oeps! Er is iets misgegaan", "Pagina vernieuwen"],
  ] as const)("replaces a failed render and reloads on request (%s)", async (locale, title, button) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.spyOn(pageReload, "reload").mockImplementation(() => {});
    renderIn(
      locale,
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: title })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: button }));
    expect(reload).toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it("renders children when nothing fails", () => {
    renderIn("en", <ErrorBoundary>fine</ErrorBoundary>);
    expect(screen.getByText("fine")).toBeInTheDocument();
  });
});

describe("Spinner", () => {
  it("announces its label", () => {
    renderIn("en", <Spinner label="Loading subscription options..." />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading subscription options...");
  });
});
