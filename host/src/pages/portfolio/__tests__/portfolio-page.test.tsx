import { screen } from "@testing-library/react";
import { renderPage } from "../../../components/content/__tests__/render-page";
import PortfolioPage from "../portfolio-page";

describe("PortfolioPage", () => {
  it.each([
    ["nl", "/portfolio", "Ons portfolio", /opent in een nieuw tabblad/, "Gratis offerte aanvragen", "/contact"],
    ["en", "/en/portfolio", "Our portfolio", /opens in a new tab/, "Get Free Quote", "/en/contact"],
  ] as const)("renders in %s with two showcases that open in a new tab", (locale, path, h1, hint, cta, contact) => {
    renderPage(PortfolioPage, locale, path);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(h1);
    const external = screen.getAllByRole("link", { name: hint });
    expect(external).toHaveLength(2);
    for (const link of external) {
      expect(link).toHaveAttribute("target", "_blank");
      expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    expect(new Set(external.map((link) => link.getAttribute("href"))).size).toBe(2);
    expect(screen.getByRole("link", { name: cta })).toHaveAttribute("href", contact);
  });
});
