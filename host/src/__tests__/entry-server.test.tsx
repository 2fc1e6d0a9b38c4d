import type { BlogPost, Locale } from "@agency/contract";
import { describe, expect, it, vi } from "vitest";
import { render } from "../entry-server";
import { hostI18n } from "../lib/i18n";
import type { ServerData } from "../lib/server-data";

/**
 * The site's server entry as the API server calls it for each request. Nothing is rendered at build time: an
 * article that appears in the blog's content after the build is rendered from the API's answer like any other.
 */
const ORIGIN = "https://agency.example";

const post: BlogPost = {
  id: "written-after-the-build",
  title: "Written after the build",
  excerpt: "A post the build has never seen.",
  content: "<p>Its text.</p>",
  language: "nl",
  author_name: "Sanne de Vries",
  created_at: "2026-03-05T10:00:00.000Z",
  updated_at: "2026-03-05T10:00:00.000Z",
  tags: ["nieuw"],
};

/** The blog as the API answers it now: one post, and 404 for any other id. */
function blogApi(): ServerData & { asked: Array<[string, Locale]> } {
  const asked: Array<[string, Locale]> = [];
  return {
    asked,
    async get(path, locale) {
      asked.push([path, locale]);
      if (path === `/blog/${post.id}`) return { status: 200, body: { success: true, post } };
      return { status: 404, body: { success: false, error: "Blog post not found", code: "blog.not_found" } };
    },
  };
}

describe("the server entry", () => {
  it("renders an article it learns about only from the API: heading, text, date and head tags", async () => {
    const api = blogApi();
    const result = await render(`/blog/${post.id}`, ORIGIN, api);
    expect(api.asked).toEqual([[`/blog/${post.id}`, "nl"]]);
    if (result.kind !== "page") throw new Error(`rendered as ${result.kind}`);
    expect(result.status).toBe(200);
    expect(result.lang).toBe("nl");
    expect(result.body).toMatch(/<h1[^>]*>Written after the build<\/h1>/);
    expect(result.body).toContain("Its text.");
    expect(result.body).toContain("5 maart 2026");
    expect(result.head).toContain("<title>Written after the build | Pixelwerf</title>");
    expect(result.head).toContain('<meta name="description" content="A post the build has never seen."/>');
    expect(result.head).toContain(`<link rel="canonical" href="${ORIGIN}/blog/${post.id}"/>`);
    expect(result.head).toContain('<meta property="og:title" content="Written after the build"/>');
    // The browser hydrates with the same article, without asking for it again.
    const loaderData = Object.values((JSON.parse(result.data) as { loaderData: Record<string, unknown> }).loaderData);
    expect(loaderData).toContainEqual({ id: post.id, status: "loaded", post });
  });

  it("answers 404 with the Article Not Found page for an id the API does not know", async () => {
    const result = await render("/blog/no-such-post", ORIGIN, blogApi());
    if (result.kind !== "page") throw new Error(`rendered as ${result.kind}`);
    expect(result.status).toBe(404);
    expect(result.body).toMatch(/<h1[^>]*>Artikel niet gevonden<\/h1>/);
  });

  it("renders an address that is no page as the not-found page, 404 and noindex, in the language of its path", async () => {
    const cases: Array<[string, string, string]> = [
      ["/nope", "nl", "Pagina niet gevonden"],
      ["/en/nope", "en", "Page not found"],
      ["/en/pricing/x", "en", "Page not found"],
      ["/preview/a/b/nope", "nl", "Pagina niet gevonden"],
    ];
    for (const [path, lang, heading] of cases) {
      const result = await render(path, ORIGIN, blogApi());
      if (result.kind !== "page") throw new Error(`${path} rendered as ${result.kind}`);
      expect(result.status, path).toBe(404);
      expect(result.lang, path).toBe(lang);
      expect(result.body, path).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect(result.head, path).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
    expect(await render("/preview/a/b/nope", ORIGIN, blogApi())).toMatchObject({ kind: "page" });
    expect((await render("/preview/a/b/nope", ORIGIN, blogApi()) as { body: string }).body).toContain('href="/preview/a/b/"');
  });

  it("sends an English address of a page that exists once to that page, in English", async () => {
    expect(await render("/en/about", ORIGIN, blogApi())).toEqual({ kind: "redirect", status: 301, location: "/about?lang=en" });
    expect(await render("/en/login", ORIGIN, blogApi())).toEqual({ kind: "redirect", status: 301, location: "/login?lang=en" });
    expect(await render("/preview/a/b/en/blog/", ORIGIN, blogApi())).toEqual({ kind: "redirect", status: 301, location: "/preview/a/b/blog?lang=en" });
  });

  it("leaves the portal's pages to the browser", async () => {
    for (const path of ["/dashboard", "/dashboard/settings", "/subscribe", "/reset-password", "/dashboard/nope"]) {
      expect(await render(path, ORIGIN, blogApi()), path).toEqual({ kind: "browser" });
    }
  });

  it("marks the islands the browser hydrates on its own, with their props", async () => {
    const result = await render("/pricing", ORIGIN, blogApi());
    if (result.kind !== "page") throw new Error(`rendered as ${result.kind}`);
    for (const name of ["skip-link", "site-header", "faq"]) expect(result.body).toContain(`data-island="${name}"`);
    expect(result.body).toMatch(/data-island="faq" data-island-props="\{&quot;id&quot;:&quot;pricing-faq&quot;/);
  });

  it("renders two requests of different languages at once, each in its own language, leaving the browser's instance alone", async () => {
    // The API answers only once both requests have asked, so the two renders are under way at the same time.
    const asked: Locale[] = [];
    let bothAsked: () => void = () => {};
    const barrier = new Promise<void>((resolve) => (bothAsked = resolve));
    const api: ServerData = {
      async get(path, locale) {
        asked.push(locale);
        if (asked.length === 2) bothAsked();
        await barrier;
        return blogApi().get(path, locale);
      },
    };
    const browserLocale = hostI18n.locale;
    const switched = vi.spyOn(hostI18n, "activate");
    const results = await Promise.all([
      render(`/blog/${post.id}`, ORIGIN, api, "nl"),
      render(`/blog/${post.id}`, ORIGIN, api, "en"),
      render("/pricing", ORIGIN, api),
      // In this test's window the English page's guard runs too: the link says English.
      render("/en/pricing?lang=en", ORIGIN, api),
    ]);
    expect(asked.sort()).toEqual(["en", "nl"]);
    const [dutchArticle, englishArticle, dutchPricing, englishPricing] = results.map((result) => {
      if (result.kind !== "page") throw new Error(`rendered as ${result.kind}`);
      return result;
    });
    expect(dutchArticle!.lang).toBe("nl");
    expect(dutchArticle!.body).toContain('aria-label="Hoofdnavigatie"');
    expect(dutchArticle!.body).toContain("5 maart 2026");
    expect(englishArticle!.lang).toBe("en");
    expect(englishArticle!.body).toContain('aria-label="Main navigation"');
    expect(englishArticle!.body).toContain("March 5, 2026");
    expect(dutchPricing!.body).toContain("Kan ik altijd opzeggen?");
    expect(dutchPricing!.body).not.toContain("Can I cancel anytime?");
    expect(englishPricing!.body).toContain("Can I cancel anytime?");
    expect(englishPricing!.body).not.toContain("Kan ik altijd opzeggen?");
    // The server renders with instances of its own: the browser's is never switched.
    expect(hostI18n.locale).toBe(browserLocale);
    expect(switched).not.toHaveBeenCalled();
    switched.mockRestore();
  });
});
