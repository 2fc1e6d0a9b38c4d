import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp, setupApi } from "../../../app/__tests__/render-app";
import { PREFERRED_LANGUAGE_KEY } from "../../../lib/language";

setupApi();

describe("not-found page", () => {
  it("answers an unknown path in Dutch, kept out of search results, with a link home", async () => {
    renderApp("/does-not-exist");
    expect(await screen.findByRole("heading", { level: 1, name: "Pagina niet gevonden" }, { timeout: 8000 })).toBeInTheDocument();
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Naar de homepagina" })).toHaveAttribute("href", "/");
    await waitFor(() => expect(document.title).toBe("Pagina niet gevonden | Pixelwerf"));
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow"));
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.documentElement.lang).toBe("nl");
  });

  it("answers an unknown English path in English, linking to the English home page", async () => {
    renderApp("/en/nothing-here");
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" }, { timeout: 8000 })).toBeInTheDocument();
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/en");
    await waitFor(() => expect(document.documentElement.lang).toBe("en"));
    // Kept out of search results, and no canonical: not the Dutch /nothing-here, nor any other address.
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('meta[property="og:url"]')?.getAttribute("content")).toMatch(/\/en\/nothing-here$/);
  });

  it("follows the remembered language elsewhere", async () => {
    localStorage.setItem(PREFERRED_LANGUAGE_KEY, "en");
    renderApp("/old/page");
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" }, { timeout: 8000 })).toBeInTheDocument();
  });
});
