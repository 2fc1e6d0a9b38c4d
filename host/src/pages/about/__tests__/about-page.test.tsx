import { screen, within } from "@testing-library/react";
import { renderPage } from "../../../components/content/__tests__/render-page";
import AboutPage from "../about-page";

describe("AboutPage", () => {
  it("tells the story, mission, vision, four values and a team of three", () => {
    renderPage(AboutPage, "en", "/about");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("About us");
    for (const name of ["Our story", "Mission and vision", "Our values", "Meet the team"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByRole("heading", { level: 3, name: "Our mission" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "Our vision" })).toBeInTheDocument();
    const values = screen.getByRole("heading", { level: 2, name: "Our values" }).closest("section")!;
    expect(within(values).getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Innovation",
      "User-Centric",
      "Transparency",
      "Excellence",
    ]);
    const team = screen.getByRole("heading", { level: 2, name: "Meet the team" }).closest("section")!;
    expect(within(team).getAllByRole("img", { name: /^Placeholder photo of / })).toHaveLength(3);
    expect(screen.getByRole("link", { name: "Get In Touch" })).toHaveAttribute("href", "/en/contact");
  });

  it("has its texts in Dutch too", () => {
    renderPage(AboutPage, "nl", "/about");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Over ons");
    expect(screen.getAllByRole("img", { name: /^Tijdelijke foto van / })).toHaveLength(3);
    expect(screen.getByRole("link", { name: "Neem contact op" })).toHaveAttribute("href", "/contact");
  });
});
