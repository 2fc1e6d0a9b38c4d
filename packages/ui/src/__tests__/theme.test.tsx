import { render, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useThemeStyles } from "../theme";

// Its own file: the dark tokens are loaded once per page (module), and this test needs a page that has not yet.

function Themed({ root }: { root: ShadowRoot }) {
  return useThemeStyles(root, "auto", ["/* ui */", "/* own */"]) ? <p>shown</p> : null;
}

describe("theme auto in a light scheme", () => {
  it("shows at once and loads the dark tokens only when the visitor's scheme turns dark", async () => {
    let dark = false;
    const listeners = new Set<() => void>();
    vi.stubGlobal("matchMedia", (query: string) => ({
      get matches() {
        return dark && query.includes("dark");
      },
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    }));
    const root = document.createElement("div").attachShadow({ mode: "open" });
    const css = () => root.querySelector("style[data-agency-styles]")?.textContent ?? "";
    const view = render(<Themed root={root} />);
    expect(view.getByText("shown")).toBeInTheDocument();
    expect(css()).toBe("/* ui */\n/* own */");
    // Still light a while later: nothing was loaded.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(css()).not.toContain("#1f2937");

    dark = true;
    for (const listener of listeners) listener();
    await waitFor(() => expect(css()).toMatch(/^\/\* ui \*\/\n@media \(prefers-color-scheme: dark\) \{[^]*--agency-color-surface: #1f2937[^]*\}\n\/\* own \*\/$/));
    vi.unstubAllGlobals();
  });
});
