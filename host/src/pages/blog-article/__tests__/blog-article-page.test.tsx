import type { BlogPost } from "@agency/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { API, renderApp, setupApi } from "../../../app/__tests__/render-app";
import { PREFERRED_LANGUAGE_KEY } from "../../../lib/language";

const server = setupApi();

const article: BlogPost = {
  id: "42",
  title: "Why speed sells",
  excerpt: "Fast sites convert better.",
  content: `<h2>Speed</h2><p>First paragraph.</p><img src="x" onerror="alert(1)"><script>window.hacked = true</script>${" word".repeat(399)}`,
  language: "en",
  category: "Performance",
  author_name: "sanne de Vries",
  created_at: "2025-11-05T12:00:00.000Z",
  updated_at: "2025-12-01T12:00:00.000Z",
  featured_image: "https://images.example/speed.jpg",
  tags: ["speed", "seo"],
};

function serve(post: BlogPost) {
  server.use(http.get(`${API}/blog/:id`, ({ params }) => HttpResponse.json({ success: true, post: { ...post, id: params.id } })));
}

describe("blog article", () => {
  it("shows 'Loading article...' first", async () => {
    serve(article);
    renderApp("/blog/42");
    expect(await screen.findByText("Artikel laden...", {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it("shows the whole article (en)", async () => {
    localStorage.setItem(PREFERRED_LANGUAGE_KEY, "en");
    serve(article);
    renderApp("/blog/42");
    expect(await screen.findByRole("heading", { level: 1, name: "Why speed sells" }, { timeout: 8000 })).not.toHaveAttribute("lang");

    const breadcrumb = within(screen.getByRole("navigation", { name: "Breadcrumb" }));
    expect(breadcrumb.getByRole("link", { name: /Back to Blog/ })).toHaveAttribute("href", "/blog");
    expect(breadcrumb.getByText("Why speed sells")).toHaveAttribute("aria-current", "page");
    expect(screen.getByText("Performance")).toBeInTheDocument();
    expect(screen.getByText("Fast sites convert better.")).toBeInTheDocument();
    expect(screen.getByText("S")).toBeInTheDocument();
    expect(screen.getByText("Author")).toBeInTheDocument();
    expect(screen.getByText("sanne de Vries")).toBeInTheDocument();
    expect(screen.getByText("November 5, 2025")).toBeInTheDocument();
    expect(screen.getByText("3 min read")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Why speed sells" })).toHaveAttribute("src", "https://images.example/speed.jpg");
    expect(screen.getByRole("heading", { level: 2, name: "Speed" })).toBeInTheDocument();
    expect(screen.getByText(/Last updated:/)).toHaveTextContent("Last updated: December 1, 2025");
    expect(screen.getByText("Tagged in:")).toBeInTheDocument();
    expect(screen.getByText("#speed")).toBeInTheDocument();
    expect(screen.getByText("#seo")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Enjoyed this article?" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Read More Articles" })).toHaveAttribute("href", "/blog");
    await waitFor(() => expect(document.title).toBe("Why speed sells | Pixelwerf"));
    await waitFor(() => expect(document.head.querySelector('meta[property="og:type"]')).toHaveAttribute("content", "article"));
  });

  it("shows the labels, dates and reading time in Dutch on the Dutch page, and marks the English text as English", async () => {
    serve(article);
    renderApp("/blog/42");
    const title = await screen.findByRole("heading", { level: 1, name: "Why speed sells" }, { timeout: 8000 });
    expect(title).toHaveAttribute("lang", "en");
    expect(screen.getByText("Fast sites convert better.")).toHaveAttribute("lang", "en");
    expect(document.querySelector(".article__body")).toHaveAttribute("lang", "en");
    expect(screen.getByText("Auteur")).not.toHaveAttribute("lang");
    expect(screen.getByText("5 november 2025")).toBeInTheDocument();
    expect(screen.getByText("3 min lezen")).toBeInTheDocument();
    expect(screen.getByText(/Laatst bijgewerkt/)).toHaveTextContent("1 december 2025");
    expect(screen.queryByText(/November|December/)).toBeNull();
    expect(screen.getByText("in het Engels")).not.toHaveAttribute("lang");
  });

  it("links the article's Dutch version, with hreflang on the link and as an alternate", async () => {
    serve({ ...article, translations: [{ id: "snelheid-verkoopt", language: "nl" }] });
    renderApp("/blog/42");
    const link = await screen.findByRole("link", { name: "Lees dit artikel in het Nederlands" }, { timeout: 8000 });
    expect(link).toHaveAttribute("href", "/blog/snelheid-verkoopt");
    expect(link).toHaveAttribute("hreflang", "nl");
    await waitFor(() => expect(document.head.querySelector('link[rel="alternate"][hreflang="nl"]')).toHaveAttribute("href", `${location.origin}/blog/snelheid-verkoopt`));
    expect(document.head.querySelector('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${location.origin}/blog/42`);
  });

  it("adds no alternates and no translation link to an article written in one language", async () => {
    serve(article);
    renderApp("/blog/42");
    await screen.findByRole("heading", { level: 1, name: "Why speed sells" }, { timeout: 8000 });
    expect(screen.queryByRole("link", { name: /Lees dit artikel/ })).toBeNull();
    expect(document.head.querySelector('link[rel="alternate"]')).toBeNull();
  });

  it("sanitises the body: no script, no event handlers", async () => {
    serve(article);
    renderApp("/blog/42");
    await screen.findByRole("heading", { level: 1 }, { timeout: 8000 });
    const body = document.querySelector(".article__body")!;
    expect(body.querySelector("script")).toBeNull();
    expect(body.querySelector("img")?.hasAttribute("onerror")).toBe(false);
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it("turns newlines of a plain-text body into line breaks and hides 'Last updated' when unchanged", async () => {
    serve({ ...article, content: "Line one\nLine two", updated_at: article.created_at, tags: [], featured_image: undefined });
    renderApp("/blog/42");
    await screen.findByRole("heading", { level: 1 }, { timeout: 8000 });
    expect(document.querySelector(".article__body")?.innerHTML).toBe("Line one<br>Line two");
    expect(screen.queryByText(/Laatst bijgewerkt/)).toBeNull();
    expect(screen.queryByText("Tags:")).toBeNull();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("shows 'Article Not Found' with 'Blog post not found' for an unknown id, and its two links", async () => {
    server.use(http.get(`${API}/blog/:id`, () => HttpResponse.json({ success: false, error: "Blog post not found" }, { status: 404 })));
    renderApp("/blog/nope");
    expect(await screen.findByRole("heading", { level: 1, name: "Artikel niet gevonden" }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText("Blogbericht niet gevonden")).toBeInTheDocument();
    const main = within(screen.getByRole("main"));
    expect(main.getByRole("link", { name: "Terug naar blog" })).toHaveAttribute("href", "/blog");
    expect(main.getByRole("link", { name: "Naar home" })).toHaveAttribute("href", "/");
  });

  it("shows 'Failed to load blog post' when the call fails (en)", async () => {
    localStorage.setItem(PREFERRED_LANGUAGE_KEY, "en");
    vi.spyOn(console, "error").mockImplementation(() => {});
    server.use(http.get(`${API}/blog/:id`, () => HttpResponse.error()));
    renderApp("/blog/42");
    expect(await screen.findByRole("heading", { level: 1, name: "Article Not Found" }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText("Failed to load blog post")).toBeInTheDocument();
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/en");
  });

  it("renders nothing when the server sends success without a post", async () => {
    server.use(http.get(`${API}/blog/:id`, () => HttpResponse.json({ success: true })));
    renderApp("/blog/42");
    await screen.findByText("Artikel laden...", {}, { timeout: 8000 });
    await waitFor(() => expect(screen.queryByText("Artikel laden...")).toBeNull());
    expect(screen.getByRole("main")).toBeEmptyDOMElement();
  });
});
