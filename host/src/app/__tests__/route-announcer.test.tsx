import { clearSession } from "@agency/core";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderApp, setupApi, waitForPath } from "./render-app";

setupApi();

afterEach(() => clearSession());

const announcement = () => document.querySelector("[data-route-announcer]")?.textContent;

describe("focus after navigation", () => {
  it("leaves focus alone on the first load", async () => {
    renderApp("/");
    await screen.findByRole("heading", { level: 1 }, { timeout: 8000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(document.body);
    expect(announcement()).toBe("");
  });

  it("moves focus to the new page's heading and announces its title", async () => {
    const { router } = renderApp("/");
    await screen.findByRole("heading", { level: 1 }, { timeout: 8000 });
    await router.navigate("/services");
    await waitForPath(router, "/services");
    await waitFor(() => expect(document.activeElement?.tagName).toBe("H1"));
    const heading = document.activeElement as HTMLElement;
    expect(heading.getAttribute("tabindex")).toBe("-1");
    expect(heading.closest("main")).not.toBeNull();
    await waitFor(() => expect(announcement()).toBe(document.title));
    expect(document.title).toMatch(/^Onze diensten/);

    // Back to the first page with the browser's history: focus follows as well.
    (document.activeElement as HTMLElement).blur();
    await router.navigate(-1);
    await waitForPath(router, "/");
    await waitFor(() => expect(document.activeElement?.tagName).toBe("H1"));
  });

  it("does not move focus when only the query changes", async () => {
    const { router } = renderApp("/pricing");
    await screen.findByRole("heading", { level: 1 }, { timeout: 8000 });
    await router.navigate("/pricing?from=mail");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(document.body);
  });
});
