import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
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

  it("has every blog author on its team, by the same name", () => {
    const blog = join(import.meta.dirname, "../../../../../packages/server/content/blog");
    const authors = new Set(
      readdirSync(blog)
        .filter((file) => file.endsWith(".md"))
        .map((file) => /^author_name:\s*(.+)$/m.exec(readFileSync(join(blog, file), "utf8"))?.[1]?.trim()),
    );
    expect(authors.size).toBeGreaterThan(0);
    renderPage(AboutPage, "nl", "/about");
    const team = screen.getByRole("heading", { level: 2, name: "Maak kennis met het team" }).closest("section")!;
    const names = within(team)
      .getAllByRole("heading", { level: 3 })
      .map((heading) => heading.textContent);
    for (const author of authors) expect(names).toContain(author);
  });
});
