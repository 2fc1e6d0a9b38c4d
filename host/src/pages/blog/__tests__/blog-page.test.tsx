import type { BlogPost } from "@agency/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { API, renderApp, setupApi } from "../../../app/__tests__/render-app";
import { PREFERRED_LANGUAGE_KEY } from "../../../lib/language";

const server = setupApi();

function post(id: number, extra: Partial<BlogPost> = {}): BlogPost {
  return {
    id: String(id),
    title: `Post number ${id}`,
    content: `<p>${"word ".repeat(250)}</p>`,
    language: "en",
    author_name: "Sanne de Vries",
    created_at: "2025-11-05T12:00:00.000Z",
    updated_at: "2025-11-05T12:00:00.000Z",
    tags: [],
    ...extra,
  };
}

function serve(pages: BlogPost[][]) {
  const asked = vi.fn();
  server.use(
    http.get(`${API}/blog`, ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get("page"));
      asked(page, Number(url.searchParams.get("limit")), url.searchParams.get("language"));
      return HttpResponse.json({
        success: true,
        posts: pages[page - 1] ?? [],
        pagination: { page, limit: 6, total: pages.flat().length, pages: pages.length },
      });
    }),
  );
  return asked;
}

const firstPage = [post(1, { excerpt: "The newest one.", category: "News" }), post(2), post(3), post(4), post(5), post(6)];

describe("blog list", () => {
  it("features the latest article, then a grid, each linking to its article", async () => {
    const asked = serve([firstPage, [post(7)]]);
    renderApp("/blog");
    expect(await screen.findByRole("heading", { level: 1, name: "Inzichten & updates" }, { timeout: 8000 })).toBeInTheDocument();
    const featured = await screen.findByRole("heading", { level: 2, name: "Post number 1" });
    expect(within(featured).getByRole("link")).toHaveAttribute("href", "/blog/1");
    expect(screen.getByText("The newest one.")).toBeInTheDocument();
    expect(screen.getByText("News")).toBeInTheDocument();
    const grid = screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(grid).toEqual(["Post number 2", "Post number 3", "Post number 4", "Post number 5", "Post number 6"]);
    // The Dutch page asks for each article in Dutch where it is written in it.
    expect(asked).toHaveBeenCalledWith(1, 6, "nl");
    // Dutch labels with Dutch dates; the (English) posts' own text says it is English, and so do their details.
    expect(screen.getAllByText("2 min lezen")).toHaveLength(6);
    expect(screen.getAllByText("in het Engels")).toHaveLength(6);
    expect(screen.getAllByText("5 november 2025")).toHaveLength(6);
    expect(featured).toHaveAttribute("lang", "en");
    expect(screen.getByText("The newest one.")).toHaveAttribute("lang", "en");
  });

  it("cuts excerpts at 200 characters for the featured article and 150 for the others", async () => {
    const long = `<p>${"abcdefghij".repeat(30)}</p>`;
    serve([[post(1, { content: long }), post(2, { content: long })]]);
    renderApp("/blog");
    await screen.findByRole("heading", { level: 2, name: "Post number 1" }, { timeout: 8000 });
    expect(screen.getByText(`${"abcdefghij".repeat(20)}...`)).toBeInTheDocument();
    expect(screen.getByText(`${"abcdefghij".repeat(15)}...`)).toBeInTheDocument();
  });

  it("pages with Previous and Next, disabled at the ends, and says 'Page X of Y'", async () => {
    const asked = serve([firstPage, [post(7)]]);
    const { router } = renderApp("/blog");
    const pager = within(await screen.findByRole("navigation", { name: "Blogpagina's" }, { timeout: 8000 }));
    expect(pager.getByText("Pagina 1 van 2")).toBeInTheDocument();
    expect(pager.getByRole("button", { name: "Vorige" })).toBeDisabled();
    fireEvent.click(pager.getByRole("button", { name: "Volgende" }));

    expect(await screen.findByRole("heading", { name: "Post number 7" })).toBeInTheDocument();
    expect(asked).toHaveBeenLastCalledWith(2, 6, "nl");
    expect(router.state.location.search).toBe("?page=2");
    const second = within(screen.getByRole("navigation", { name: "Blogpagina's" }));
    expect(second.getByText("Pagina 2 van 2")).toBeInTheDocument();
    expect(second.getByRole("button", { name: "Volgende" })).toBeDisabled();
    expect(second.getByRole("button", { name: "Vorige" })).toBeEnabled();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it("marks only the posts in another language than the page's, and keeps the Dutch post unmarked", async () => {
    serve([[post(1, { language: "nl", title: "Snelle sites" }), post(2)]]);
    renderApp("/blog");
    const featured = await screen.findByRole("heading", { level: 2, name: "Snelle sites" }, { timeout: 8000 });
    expect(featured).not.toHaveAttribute("lang");
    expect(screen.getByRole("heading", { level: 3, name: "Post number 2" })).toHaveAttribute("lang", "en");
    expect(screen.getAllByText("in het Engels")).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 3, name: "Post number 2" }).closest("article")).toHaveTextContent("in het Engels");
  });

  it("shows English labels with the long US date on the English page, and marks a Dutch post as Dutch (en)", async () => {
    localStorage.setItem(PREFERRED_LANGUAGE_KEY, "en");
    const asked = serve([[post(1), post(2, { language: "nl", title: "Snelle sites" })]]);
    renderApp("/blog");
    const featured = await screen.findByRole("heading", { level: 2, name: "Post number 1" }, { timeout: 8000 });
    expect(asked).toHaveBeenCalledWith(1, 6, "en");
    expect(featured).not.toHaveAttribute("lang");
    expect(screen.getByRole("heading", { level: 3, name: "Snelle sites" })).toHaveAttribute("lang", "nl");
    expect(screen.getAllByText("in Dutch")).toHaveLength(1);
    expect(screen.getAllByText("November 5, 2025")).toHaveLength(2);
    expect(screen.getAllByText("2 min read")).toHaveLength(2);
  });

  it("shows 'Coming Soon!' with a 'Get Notified' link when there are no posts (en)", async () => {
    localStorage.setItem(PREFERRED_LANGUAGE_KEY, "en");
    serve([[]]);
    renderApp("/blog");
    expect(await screen.findByRole("heading", { name: "Coming Soon!" }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Get Notified" })).toHaveAttribute("href", "/en/contact");
    expect(screen.queryByRole("navigation", { name: "Blog pages" })).toBeNull();
  });

  it("shows the error texts when the posts cannot be loaded", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    server.use(http.get(`${API}/blog`, () => HttpResponse.json({ error: "Boom" }, { status: 500 })));
    renderApp("/blog");
    const alert = await screen.findByRole("alert", {}, { timeout: 8000 });
    expect(alert).toHaveTextContent("Blogberichten laden mislukt");
    expect(alert).toHaveTextContent("Probeer het later opnieuw of neem contact op met support als het probleem blijft.");
  });

  it("shows a loading state first", async () => {
    serve([firstPage]);
    renderApp("/blog");
    expect(await screen.findByText("Artikelen laden...", {}, { timeout: 8000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Artikelen laden...")).toBeNull());
  });
});
