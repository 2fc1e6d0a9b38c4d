import { screen } from "@testing-library/react";
import { renderPage } from "../../../components/content/__tests__/render-page";
import { SITE } from "../../../lib/site";
import TermsPage from "../terms-page";

const numberedSections = () =>
  screen.getAllByRole("heading", { level: 2 }).filter((heading) => /^\d+\. /.test(heading.textContent ?? ""));

describe("TermsPage", () => {
  beforeEach(() => {
    vi.spyOn(window, "scrollTo").mockImplementation(() => {});
  });

  it.each([
    ["nl", "/terms", "Algemene voorwaarden", "Laatst bijgewerkt: 5 januari 2025", "/privacy-policy"],
    ["en", "/en/terms", "Terms and Conditions", "Last updated: 5 January 2025", "/en/privacy-policy"],
  ] as const)("renders in %s: title, date, 14 sections plus contact, privacy link, scroll to top", (locale, path, title, updated, privacyHref) => {
    renderPage(TermsPage, locale, path);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(title);
    expect(screen.getByText(updated)).toBeInTheDocument();
    expect(numberedSections()).toHaveLength(14);
    const contact = screen.getByRole("heading", { level: 2, name: "Contact" }).closest("section")!;
    expect(contact).toHaveTextContent(SITE.email);
    const privacyLinks = screen.getAllByRole("link").filter((a) => a.getAttribute("href")?.endsWith("privacy-policy"));
    expect(privacyLinks.length).toBeGreaterThan(0);
    for (const link of privacyLinks) expect(link).toHaveAttribute("href", privacyHref);
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it("states every key term in English", () => {
    renderPage(TermsPage, "en", "/en/terms");
    const text = document.body.textContent?.replace(/\s+/g, " ") ?? "";
    for (const term of [
      "valid for 30 days",
      "exclude 21% VAT",
      "50% when the order is placed and 50% on delivery",
      "collected by direct debit at the start of each month",
      "payment term for invoices is 14 days",
      "7 days to review the website and send feedback",
      "Bugs the Client reports within 30 days after delivery are fixed free of charge",
      "minimum term of 12 months",
      "cancelled monthly with 1 month notice",
      "remaining months of the minimum term become due at once",
      "uptime of 99.9%",
      "maximum of €5,000",
      "governed by Dutch law",
    ]) {
      expect(text).toContain(term);
    }
  });

  it("states every key term in Dutch", () => {
    renderPage(TermsPage, "nl", "/terms");
    const text = document.body.textContent?.replace(/\s+/g, " ") ?? "";
    for (const term of [
      "30 dagen geldig",
      "exclusief 21% btw",
      "50% bij opdracht en 50% bij oplevering",
      "aan het begin van elke maand via automatische incasso",
      "betalingstermijn van facturen is 14 dagen",
      "7 dagen om de website te beoordelen en feedback te geven",
      "binnen 30 dagen na oplevering meldt, worden kosteloos opgelost",
      "minimale looptijd van 12 maanden",
      "opzegtermijn van 1 maand",
      "direct in één keer verschuldigd",
      "uptime van 99,9%",
      "maximaal €5.000",
      "Nederlands recht",
    ]) {
      expect(text).toContain(term);
    }
  });
});
