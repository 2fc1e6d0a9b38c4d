import { screen } from "@testing-library/react";
import { renderPage } from "../../../components/content/__tests__/render-page";
import { SITE } from "../../../lib/site";
import ContactPage from "../contact-page";

describe("ContactPage", () => {
  it.each([
    ["nl", "/contact", "Laten we je website bouwen", "Snelle reactie", "We reageren meestal binnen 24 uur."],
    ["en", "/en/contact", "Let's Build Your Website", "Quick Response", "We typically reply within 24 hours."],
  ] as const)("renders in %s: hero, quote form and the Quick Response note", (locale, path, hero, note, reply) => {
    renderPage(ContactPage, locale, path);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(hero);
    expect(screen.getByRole("heading", { name: note })).toBeInTheDocument();
    expect(screen.getByText(reply)).toBeInTheDocument();

    const form = document.querySelector("agency-quote-form");
    expect(form).toHaveAttribute("locale", locale);
    expect(form).toHaveAttribute("source", "website");
    expect(screen.getByRole("link", { name: SITE.email })).toHaveAttribute("href", `mailto:${SITE.email}`);
    expect(document.documentElement.lang).toBe(locale);
  });
});
