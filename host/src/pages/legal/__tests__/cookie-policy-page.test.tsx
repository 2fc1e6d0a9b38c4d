import { screen } from "@testing-library/react";
import { renderPage } from "../../../components/content/__tests__/render-page";
import { SITE } from "../../../lib/site";
import CookiePolicyPage from "../cookie-policy-page";

const numberedSections = () =>
  screen.getAllByRole("heading", { level: 2 }).filter((heading) => /^\d+\. /.test(heading.textContent ?? ""));

describe("CookiePolicyPage", () => {
  beforeEach(() => {
    vi.spyOn(window, "scrollTo").mockImplementation(() => {});
  });

  it.each([
    ["nl", "/cookie-policy", "Cookiebeleid", "Laatst bijgewerkt: 5 januari 2025", "/privacy-policy", "Wat zijn cookies?", "Externe links"],
    ["en", "/en/cookie-policy", "Cookie Policy", "Last updated: 5 January 2025", "/en/privacy-policy", "What are cookies?", "External links"],
  ] as const)(
    "renders in %s: title, date, nine sections plus contact, privacy link, scroll to top",
    (locale, path, title, updated, privacyHref, first, last) => {
      renderPage(CookiePolicyPage, locale, path);
      expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
      expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(title);
      expect(screen.getByText(updated)).toBeInTheDocument();
      const sections = numberedSections();
      expect(sections).toHaveLength(9);
      expect(sections[0]).toHaveTextContent(`1. ${first}`);
      expect(sections[8]).toHaveTextContent(`9. ${last}`);
      const contact = screen.getByRole("heading", { level: 2, name: "Contact" }).closest("section")!;
      expect(contact).toHaveTextContent(SITE.email);
      const privacyLinks = screen.getAllByRole("link").filter((a) => a.getAttribute("href")?.endsWith("privacy-policy"));
      expect(privacyLinks.length).toBeGreaterThan(0);
      for (const link of privacyLinks) expect(link).toHaveAttribute("href", privacyHref);
      expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    },
  );

  it.each([
    ["nl", "/cookie-policy", "Taal (lang)", "Noodzakelijk", "Hij bevat alleen die keuze, wordt gezet als je de taalknop gebruikt"],
    ["en", "/en/cookie-policy", "Language (lang)", "Necessary", "It holds only that choice, is set when you use the language switch"],
  ] as const)("names the language cookie (%s) as a necessary cookie that holds only the language", (locale, path, name, type, purpose) => {
    renderPage(CookiePolicyPage, locale, path);
    const row = screen.getByText(name, { exact: true }).closest("tr")!;
    expect(row).toHaveTextContent(type);
    expect(row).toHaveTextContent(purpose);
  });

  it("states the cookie retention periods", () => {
    renderPage(CookiePolicyPage, "en", "/en/cookie-policy");
    const text = document.body.textContent ?? "";
    expect(text).toContain("Session cookies: until you close your browser.");
    expect(text).toContain("Cookies for your cookie consent, language and theme: 365 days.");
    expect(text).toContain("Analytics cookies: 24 months.");
    expect(text).toContain("usually 1-24 months");
  });

  it("states the cookie retention periods in Dutch", () => {
    renderPage(CookiePolicyPage, "nl", "/cookie-policy");
    const text = document.body.textContent ?? "";
    expect(text).toContain("Sessiecookies: tot je je browser sluit.");
    expect(text).toContain("taal en thema: 365 dagen.");
    expect(text).toContain("Analytische cookies: 24 maanden.");
    expect(text).toContain("meestal 1-24 maanden");
  });

  it("opens external help pages in a new tab", () => {
    renderPage(CookiePolicyPage, "en", "/en/cookie-policy");
    const external = screen.getAllByRole("link", { name: /opens in a new tab/ });
    expect(external.length).toBeGreaterThanOrEqual(4);
    for (const link of external) {
      expect(link).toHaveAttribute("target", "_blank");
      expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  });
});
