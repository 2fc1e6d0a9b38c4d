import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { configure } from "@agency/core";
import { render } from "../../entry-server";
import type { RouterData } from "../../lib/router-data";
import { siteIslands } from "../../site-islands";
import { startIslands } from "../start-islands";

/**
 * A page as the server sends it, in the browser: the islands hydrate on their own (no router), the markup stays
 * the server's, and the first navigation starts the app, which hydrates the page and goes on to the next one in
 * the same document.
 */

const loadApp = () => import("../../app/site-app");
const API = "http://api.test/api";
const server = setupServer(http.get(`${API}/subscriptions/plans`, () => HttpResponse.json({ plans: [] })));
beforeAll(() => {
  server.listen({ onUnhandledRequest: "error" });
  configure({ apiBase: API });
});
afterEach(() => server.resetHandlers());
afterAll(async () => {
  // The page's elements unmount as they leave the document; React finishes that work before jsdom goes away.
  document.body.innerHTML = "";
  await new Promise((resolve) => setTimeout(resolve, 200));
  server.close();
});

/** Puts the server's rendering of `path` into the document, as the browser would have parsed it. */
async function servedPage(path: string): Promise<RouterData> {
  const result = await render(path, window.location.origin, { get: async () => ({ status: 404, body: null }) });
  if (result.kind !== "page") throw new Error(`rendered as ${result.kind}`);
  window.history.replaceState(null, "", path);
  document.documentElement.removeAttribute("data-hydrated");
  document.body.innerHTML = `<div id="root">${result.body}</div>`;
  return JSON.parse(result.data) as RouterData;
}

describe("the islands of a page the server sent", () => {
  it("hydrate without changing the markup, and work before the router has started", async () => {
    const errors = vi.spyOn(console, "error");
    const data = await servedPage("/pricing");
    const served = document.getElementById("root")!.innerHTML;
    await startIslands(data, { islands: siteIslands, loadApp });
    expect(document.documentElement).toHaveAttribute("data-hydrated");
    expect(document.getElementById("root")!.innerHTML).toBe(served);

    const menu = screen.getByRole("button", { name: "Menu" });
    fireEvent.click(menu);
    expect(menu).toHaveAttribute("aria-expanded", "true");
    const question = screen.getByRole("button", { name: "Kan ik altijd opzeggen?" });
    fireEvent.click(question);
    expect(question).toHaveAttribute("aria-expanded", "true");
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("start the app on the first navigation, which hydrates the page as served and goes on to the next page in the same document", async () => {
    const errors = vi.spyOn(console, "error");
    const data = await servedPage("/pricing");
    await startIslands(data, { islands: siteIslands, loadApp });
    const nav = within(screen.getByRole("navigation", { name: "Hoofdnavigatie" }));
    fireEvent.click(nav.getByRole("link", { name: "Contact" }));
    await waitFor(() => expect(window.location.pathname).toBe("/contact"), { timeout: 10_000 });
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Laten we je website bouwen"), { timeout: 10_000 });
    expect(within(screen.getByRole("navigation", { name: "Hoofdnavigatie" })).getByRole("link", { name: "Contact" })).toHaveAttribute("aria-current", "page");
    // The next page's element renders too (and nothing is left rendering after the test).
    await waitFor(() => expect(document.querySelector("agency-quote-form")?.shadowRoot?.querySelector("form")).toBeTruthy(), { timeout: 10_000 });
    // React reports a hydration that does not match the served markup (a changed useId among them) as an error.
    const hydration = errors.mock.calls.filter(([message]) => /hydrat/i.test(String(message)));
    expect(hydration).toEqual([]);
    errors.mockRestore();
  });
});
