import { screen } from "@testing-library/react";
import { renderPage } from "../../../components/content/__tests__/render-page";
import FeaturesPage from "../features-page";

describe("FeaturesPage", () => {
  it("shows the marketing claims and a Subscribe link to /register", () => {
    renderPage(FeaturesPage, "en", "/features");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    const text = document.body.textContent ?? "";
    for (const claim of ["10K+ teams", "99.9% uptime", "500+ integrations", "<50ms response time", "AES-256", "50+ report templates"]) {
      expect(text).toContain(claim);
    }
    for (const name of ["Scales with you", "Enterprise-grade security", "500+ integrations", "Analytics that answer questions", "Automation without code", "Before and after"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeInTheDocument();
    }
    for (const step of ["Trigger", "Condition", "Action"]) expect(screen.getByText(step)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Subscribe" })).toHaveAttribute("href", "/register");
    expect(screen.getByText("Cancel anytime")).toBeInTheDocument();
  });

  it("has its texts in Dutch too", () => {
    renderPage(FeaturesPage, "nl", "/features");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Alles wat je team nodig heeft om te groeien");
    expect(screen.getByRole("link", { name: "Abonneren" })).toHaveAttribute("href", "/register");
    expect(screen.getByText("Altijd opzegbaar")).toBeInTheDocument();
  });
});
