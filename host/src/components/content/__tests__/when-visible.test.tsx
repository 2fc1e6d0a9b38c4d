import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WhenVisible } from "../when-visible";

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;

describe("WhenVisible", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the space and renders the children once they come near the viewport", () => {
    let notify: Callback = () => {};
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(callback: Callback) {
          notify = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const { container } = render(
      <WhenVisible minHeight="40rem">
        <p>Pricing</p>
      </WhenVisible>,
    );
    expect(screen.queryByText("Pricing")).toBeNull();
    expect((container.firstElementChild as HTMLElement).style.minHeight).toBe("40rem");
    act(() => notify([{ isIntersecting: true }]));
    expect(screen.getByText("Pricing")).toBeInTheDocument();
  });

  it("renders at once where IntersectionObserver is missing", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(
      <WhenVisible minHeight="40rem">
        <p>Pricing</p>
      </WhenVisible>,
    );
    expect(screen.getByText("Pricing")).toBeInTheDocument();
  });
});
