import { screen } from "@testing-library/react";
import { renderPage } from "../../../components/content/__tests__/render-page";
import { SITE } from "../../../lib/site";
import PrivacyPolicyPage from "../privacy-policy-page";

const numberedSections = () =>
  screen.getAllByRole("heading", { level: 2 }).filter((heading) => /^\d+\. /.test(heading.textContent ?? ""));

describe("PrivacyPolicyPage", () => {
  beforeEach(() => {
    vi.spyOn(window, "scrollTo").mockImplementation(() => {});
  });

  it.each([
    ["nl", "/privacy-policy", "Privacybeleid", "Laatst bijgewerkt: 5 november 2025", "/cookie-policy"],
    ["en", "/en/privacy-policy", "Privacy Policy", "Last updated: 5 November 2025", "/en/cookie-policy"],
  ] as const)("renders in %s: title, date, 12 numbered sections, cookie policy link", (locale, path, title, updated, cookieHref) => {
    renderPage(PrivacyPolicyPage, locale, path);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(title);
    expect(screen.getByText(updated)).toBeInTheDocument();
    const sections = numberedSections();
    expect(sections).toHaveLength(12);
    expect(sections.map((s) => s.textContent?.split(".")[0])).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"]);
    const cookieLinks = screen.getAllByRole("link").filter((a) => a.getAttribute("href")?.endsWith("cookie-policy"));
    expect(cookieLinks.length).toBeGreaterThan(0);
    for (const link of cookieLinks) expect(link).toHaveAttribute("href", cookieHref);
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    expect(document.documentElement.lang).toBe(locale);
  });

  it("states the retention periods and the one-month answer to rights requests", () => {
    renderPage(PrivacyPolicyPage, "en", "/en/privacy-policy");
    const text = document.body.textContent ?? "";
    expect(text).toContain("Contact form and quote request data: 2 years after our last contact.");
    expect(text).toMatch(/Customer data, including invoices and administration: 7 years/);
    expect(text).toContain("Analytics data: 14 months.");
    expect(text).toContain("We answer within 1 month.");
    expect(text).toContain("Autoriteit Persoonsgegevens");
  });

  it("states the same periods in Dutch", () => {
    renderPage(PrivacyPolicyPage, "nl", "/privacy-policy");
    const text = document.body.textContent ?? "";
    expect(text).toContain("2 jaar na ons laatste contact");
    expect(text).toContain("7 jaar");
    expect(text).toContain("Analytische gegevens: 14 maanden.");
    expect(text).toContain("We reageren binnen 1 maand.");
  });

  it.each([
    ["nl", "/privacy-policy"],
    ["en", "/en/privacy-policy"],
  ] as const)("fills in the agency's name and its e-mail address as a mail link (%s)", (locale, path) => {
    renderPage(PrivacyPolicyPage, locale, path);
    const text = document.body.textContent ?? "";
    expect(text).not.toMatch(/\{\w+\}/);
    expect(text).toContain(`${SITE.name} `);
    const mail = screen.getAllByRole("link", { name: SITE.email });
    expect(mail.length).toBeGreaterThan(0);
    for (const link of mail) expect(link).toHaveAttribute("href", `mailto:${SITE.email}`);
  });
});
