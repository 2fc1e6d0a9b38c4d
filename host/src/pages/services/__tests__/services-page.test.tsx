import { screen, within } from "@testing-library/react";
import { renderPage } from "../../../components/content/__tests__/render-page";
import { SITE } from "../../../lib/site";
import ServicesPage from "../services-page";

describe("ServicesPage", () => {
  it("renders the English core services, with the blog system marked included", () => {
    renderPage(ServicesPage, "en", "/en/services");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Our services");
    const offer = screen.getByRole("heading", { level: 2, name: "What we offer" }).closest("section")!;
    // The badge is its own word in the heading's name, not run into the title.
    const headings = within(offer).getAllByRole("heading", { level: 3 });
    const names = ["Website development", "Hosting & security", "SEO", "Blog system, included", "Contact system", "Maintenance & support"];
    expect(headings).toHaveLength(names.length);
    headings.forEach((heading, i) => expect(heading).toHaveAccessibleName(names[i]));
    const process = screen.getByRole("heading", { level: 2, name: "How does it work?" }).closest("section")!;
    expect(within(process).getByRole("list")).toBeInTheDocument();
    expect(process.querySelectorAll("ol > li")).toHaveLength(4);
    expect(screen.getByRole("heading", { name: "Transparent pricing" })).toBeInTheDocument();
    expect(screen.getByText(/starting at \$599 plus \$69 per month/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Get Free Quote" })).toHaveAttribute("href", "/en/contact");
    expect(screen.getByRole("heading", { level: 2, name: `Why ${SITE.name}?` })).toBeInTheDocument();
  });

  it("renders in Dutch with euro prices and Dutch links", () => {
    renderPage(ServicesPage, "nl", "/services");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Onze diensten");
    expect(screen.getByText("Inbegrepen")).toBeVisible();
    expect(screen.getByRole("heading", { level: 3, name: "Blogsysteem, inbegrepen" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Hoe werkt het?" })).toBeInTheDocument();
    // Written as the pricing element writes it: "€ 499", with a no-break space.
    // Written as the pricing element writes it, "€ 499" (its no-break space reads as a space here).
    expect(screen.getByText(/vanaf € 499 plus € 65 per maand/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Gratis offerte aanvragen" })).toHaveAttribute("href", "/contact");
    expect(screen.getByRole("link", { name: "Bekijk alle pakketten" })).toHaveAttribute("href", "/pricing");
  });

  it("links to the platform in a new tab", () => {
    renderPage(ServicesPage, "en", "/en/services");
    const link = screen.getByRole("link", { name: /Discover our platform/ });
    expect(link).toHaveAttribute("href", SITE.platformUrl);
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(link).toHaveTextContent("(opens in a new tab)");
  });
});
