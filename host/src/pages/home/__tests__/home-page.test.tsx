import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderPage } from "../../../components/content/__tests__/render-page";
import HomePage from "../home-page";

describe("HomePage", () => {
  it("renders the Dutch page with its hero, sections and free-quote call to action", () => {
    renderPage(HomePage, "nl");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Websites die bezoekers omzetten in klanten");
    for (const name of ["Ons werk", "Waarom veel websites niets opleveren", "Wat we doen", "Zo werkt het", "Pakketten en prijzen", "Veelgestelde vragen"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeInTheDocument();
    }
    for (const link of screen.getAllByRole("link", { name: "Gratis offerte aanvragen" })) {
      expect(link).toHaveAttribute("href", "/contact");
    }
    expect(document.title).toContain("Websites die bezoekers omzetten in klanten");
    expect(document.documentElement.lang).toBe("nl");
  });

  it("renders the English page with links to the English contact page", () => {
    renderPage(HomePage, "en");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Websites that turn visitors into customers");
    const quotes = screen.getAllByRole("link", { name: "Get Free Quote" });
    expect(quotes.length).toBeGreaterThan(0);
    for (const link of quotes) expect(link).toHaveAttribute("href", "/en/contact");
    expect(screen.getByRole("link", { name: "View our work" })).toHaveAttribute("href", "/en/portfolio");
  });

  it("lists the six services and the four process steps", () => {
    renderPage(HomePage, "en");
    const services = screen.getByRole("heading", { level: 2, name: "What we do" }).closest("section")!;
    expect(within(services).getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Conversion-focused design",
      "User flow optimisation",
      "Website rescue and redesign",
      "Landing pages",
      "Ongoing maintenance",
      "Speed optimisation",
    ]);
    const process = screen.getByRole("heading", { level: 2, name: "How it works" }).closest("section")!;
    expect(within(process).getAllByRole("listitem")).toHaveLength(4);
    expect(process).toHaveTextContent("one one-time development invoice");
  });

  it("opens the two showcased projects in a new tab, safely", () => {
    renderPage(HomePage, "en");
    const links = [
      screen.getByRole("link", { name: "Visit the AI Software Builder (opens in a new tab)" }),
      screen.getByRole("link", { name: "Visit the Trading Analytics Dashboard (opens in a new tab)" }),
    ];
    for (const link of links) {
      expect(link).toHaveAttribute("target", "_blank");
      expect(link).toHaveAttribute("rel", "noopener noreferrer");
      expect(link.getAttribute("href")).toMatch(/^https:\/\//);
    }
  });

  it("shows the three packages with 'Get Started' leading to the contact page in the page's language", async () => {
    // An English link the element builds says its language, so it stays English in a new tab or from a partner page.
    for (const [locale, label, href, link] of [
      ["nl", /Begin Nu/i, "/contact", "/contact"],
      ["en", /Get Started/i, "/en/contact", "/en/contact?lang=en"],
    ] as const) {
      const { unmount } = renderPage(HomePage, locale);
      const pricing = document.querySelector("agency-pricing") as HTMLElement;
      expect(pricing).toHaveAttribute("locale", locale);
      expect(pricing).toHaveAttribute("contact-href", href);
      await waitFor(() => expect(pricing.shadowRoot?.querySelectorAll(".package")).toHaveLength(3));
      const ctas = within(pricing.shadowRoot as unknown as HTMLElement).getAllByRole("link", { name: label });
      expect(ctas).toHaveLength(3);
      for (const cta of ctas) expect(cta).toHaveAttribute("href", link);
      unmount();
    }
  });

  it("has an eight-item FAQ with one answer open at a time", async () => {
    const user = userEvent.setup();
    renderPage(HomePage, "en");
    const faq = screen.getByRole("heading", { level: 2, name: "Frequently asked questions" }).closest("section")!;
    const questions = within(faq).getAllByRole("button");
    expect(questions).toHaveLength(8);

    await user.click(questions[0]!);
    expect(questions[0]).toHaveAttribute("aria-expanded", "true");
    await user.click(questions[2]!);
    expect(questions[0]).toHaveAttribute("aria-expanded", "false");
    expect(questions[2]).toHaveAttribute("aria-expanded", "true");
    // The answers are no regions (an accordion of eight): each is the panel its button controls.
    const answerOf = (question: HTMLElement) => document.getElementById(question.getAttribute("aria-controls")!)!;
    expect(answerOf(questions[2]!)).toBeVisible();
    expect(answerOf(questions[2]!)).toHaveTextContent("Yes, you can cancel any time with 30 days notice.");
    expect(questions.filter((q) => !answerOf(q).hidden)).toEqual([questions[2]]);
    await user.click(questions[2]!);
    expect(questions.filter((q) => !answerOf(q).hidden)).toEqual([]);
  });

  it("makes exactly the spec's claims in the FAQ answers", () => {
    renderPage(HomePage, "en");
    const faq = screen.getByRole("heading", { level: 2, name: "Frequently asked questions" }).closest("section")!;
    const text = faq.textContent ?? "";
    for (const claim of [
      "30 days notice",
      "up to 2 hours per month of content updates",
      "2-4 weeks",
      "only pay the cost difference",
      "Unlimited revisions during development",
      "30-day satisfaction guarantee",
      "The website is yours",
      "Professional and Enterprise get priority support",
      "99.9% uptime",
      "free SSL",
      "daily backups",
      "automatic updates",
      "2-3x faster",
      "within 24 hours",
    ]) {
      expect(text).toContain(claim);
    }
  });

  it("makes the same claims in Dutch", () => {
    renderPage(HomePage, "nl");
    const faq = screen.getByRole("heading", { level: 2, name: "Veelgestelde vragen" }).closest("section")!;
    const text = faq.textContent ?? "";
    for (const claim of ["30 dagen", "2 uur per maand", "2-4 weken", "verschil in kosten", "Onbeperkt revisies", "30 dagen tevredenheidsgarantie", "jouw eigendom", "voorrangssupport", "99,9% uptime", "2-3x sneller", "24 uur"]) {
      expect(text).toContain(claim);
    }
  });
});
