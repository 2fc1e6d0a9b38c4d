import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderPage } from "../../../components/content/__tests__/render-page";
import PricingPage from "../pricing-page";

const faqSection = (name: string) => screen.getByRole("heading", { level: 2, name }).closest("section")!;

describe("PricingPage", () => {
  it("renders the Dutch hero claims, the packages, What's Included and the contact link", async () => {
    renderPage(PricingPage, "nl", "/pricing");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Transparante prijzen");
    for (const claim of ["Je website is van jou", "Altijd opzegbaar", "Binnen 30 dagen klaar"]) {
      expect(screen.getByText(claim)).toBeInTheDocument();
    }
    const included = faqSection("Wat is inbegrepen");
    expect(within(included).getAllByRole("heading", { level: 3 })).toHaveLength(3);
    const stillQuestions = faqSection("Nog vragen?");
    expect(within(stillQuestions).getByRole("link", { name: "Neem contact op" })).toHaveAttribute("href", "/contact");

    const pricing = document.querySelector("agency-pricing") as HTMLElement;
    expect(pricing).toHaveAttribute("locale", "nl");
    await waitFor(() => expect(pricing.shadowRoot?.querySelectorAll("a[href='/contact']")).toHaveLength(3));
  });

  it("renders the English page with every contact link under /en", async () => {
    renderPage(PricingPage, "en", "/en/pricing");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Transparent pricing");
    for (const claim of ["You own your website", "Cancel anytime", "Ready within 30 days"]) {
      expect(screen.getByText(claim)).toBeInTheDocument();
    }
    expect(screen.getByRole("heading", { level: 2, name: "What's Included" })).toBeInTheDocument();
    expect(within(faqSection("Still have questions?")).getByRole("link", { name: "Contact us" })).toHaveAttribute(
      "href",
      "/en/contact",
    );
    const pricing = document.querySelector("agency-pricing") as HTMLElement;
    expect(pricing).toHaveAttribute("contact-href", "/en/contact");
    await waitFor(() => expect(pricing.shadowRoot?.querySelectorAll(".package")).toHaveLength(3));
    const ctas = within(pricing.shadowRoot as unknown as HTMLElement).getAllByRole("link", { name: /Get Started/ });
    // The element's English links say their language (a new tab or a partner page keeps English).
    for (const cta of ctas) expect(cta).toHaveAttribute("href", "/en/contact?lang=en");
  });

  it("has six FAQ items that open and close individually", async () => {
    const user = userEvent.setup();
    renderPage(PricingPage, "en", "/en/pricing");
    const faq = faqSection("Frequently asked questions");
    const questions = within(faq).getAllByRole("button");
    expect(questions).toHaveLength(6);

    await user.click(questions[0]!);
    await user.click(questions[3]!);
    expect(questions[0]).toHaveAttribute("aria-expanded", "true");
    expect(questions[3]).toHaveAttribute("aria-expanded", "true");
    // The answers are no regions: each is the panel its button controls.
    const open = () => questions.filter((q) => !document.getElementById(q.getAttribute("aria-controls")!)!.hidden);
    expect(open()).toEqual([questions[0], questions[3]]);

    await user.click(questions[0]!);
    expect(questions[0]).toHaveAttribute("aria-expanded", "false");
    expect(questions[3]).toHaveAttribute("aria-expanded", "true");
  });

  it("answers with the spec's FAQ claims", () => {
    renderPage(PricingPage, "en", "/en/pricing");
    const text = faqSection("Frequently asked questions").textContent ?? "";
    for (const claim of [
      "30 days notice",
      "up to 2 hours per month of content updates",
      "2-4 weeks",
      "only pay the cost difference",
      "Unlimited revisions during development",
      "30-day satisfaction guarantee after launch",
    ]) {
      expect(text).toContain(claim);
    }
  });
});
