import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { routes } from "../../routes";
import { AUTH_PATHS, BILINGUAL_PATHS, isAppPath, isDeskPath, PRIVATE_PATHS, isServerRenderedPath, pageKindOf, PORTAL_PATHS, PUBLIC_PATHS, renderedPageUrl, singleAddressOf } from "../site-pages";

/** The route a path ends on, "*" for the not-found page. */
const routeOf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.path ?? "(index)";

describe("the page list", () => {
  it("has a page in the route table for every public path, in each of its languages", () => {
    for (const path of [...PUBLIC_PATHS, ...AUTH_PATHS]) expect(routeOf(path), path).not.toBe("*");
    for (const path of BILINGUAL_PATHS) expect(PUBLIC_PATHS).toContain(path === "/" ? "/en" : `/en${path}`);
  });

  it("marks the public pages, the articles and the sign-in shells as rendered by the server, and nothing else", () => {
    for (const path of [...PUBLIC_PATHS, ...AUTH_PATHS, "/blog/some-article", "/en/pricing/"]) {
      expect(isServerRenderedPath(path), path).toBe(true);
    }
    for (const path of ["/dashboard", "/dashboard/settings", "/subscribe", "/subscription/success", "/reset-password", "/nope", "/en/about", "/blog/a/b"]) {
      expect(isServerRenderedPath(path), path).toBe(false);
    }
  });

  it("tells the server how to answer each address: rendered, the portal's shell, or no page", () => {
    for (const path of [...PUBLIC_PATHS, ...AUTH_PATHS, "/blog/some-article", "/pricing/"]) expect(pageKindOf(path), path).toBe("rendered");
    for (const path of PORTAL_PATHS) {
      expect(pageKindOf(path), path).toBe("portal");
      expect(routeOf(path), path).not.toBe("*");
    }
    for (const path of ["/nope", "/en/about", "/en/blog", "/blog/a/b", "/pricing/x", "/preview/a"]) {
      expect(pageKindOf(path), path).toBe("missing");
      expect(routeOf(path), path).toBe("*");
    }
    expect(pageKindOf("/dashboard/nope")).toBe("portal-missing");
    // A request's page, which its mails link to, is a page whatever the id (the element says when there is no such request).
    expect(pageKindOf("/dashboard/requests/3f0c3c8e-4b7e-4c43-9d43-2f1e5e0c1a11")).toBe("portal");
    expect(pageKindOf("/dashboard/requests/a/b")).toBe("portal-missing");
  });

  it("knows the page an English address of a page that exists once stands for, and no other", () => {
    const cases: Array<[string, string | null]> = [
      ["/en/about", "/about"],
      ["/en/features/", "/features"],
      ["/en/blog", "/blog"],
      ["/en/blog/some-article", "/blog/some-article"],
      ["/en/login", "/login"],
      ["/en/dashboard/settings", "/dashboard/settings"],
      ["/en/pricing", null],
      ["/en/nope", null],
      ["/en/pricing/x", null],
      ["/about", null],
      ["/en/desk", null],
    ];
    for (const [path, page] of cases) expect(singleAddressOf(path), path).toBe(page);
  });

  it("sends the desk's shell for every address below /desk and /en/desk, each with its view in the route table", () => {
    const views = ["", "/enrol", "/leads/42", "/customers", "/customers/0b0e", "/audit", "/staff"];
    for (const root of ["/desk", "/en/desk"]) {
      for (const view of views) {
        expect(pageKindOf(`${root}${view}`), `${root}${view}`).toBe("portal");
        expect(routeOf(`${root}${view}`), `${root}${view}`).not.toBe("*");
        expect(isServerRenderedPath(`${root}${view}`)).toBe(false);
      }
      // The desk's own not-found view, inside its frame and behind its sign-in.
      expect(pageKindOf(`${root}/nope`)).toBe("portal");
      expect(routeOf(`${root}/nope`)).toBe("*");
      expect(PRIVATE_PATHS).toContain(root);
    }
    expect(isDeskPath("/desks")).toBe(false);
    expect(isDeskPath("/en/desks")).toBe(false);
    expect(pageKindOf("/desks")).toBe("missing");
  });

  it("renders a page from its path and the query parameters it reads, nothing else", () => {
    expect(renderedPageUrl("/pricing?r=1&utm_source=x")).toBe("/pricing");
    expect(renderedPageUrl("/preview/a/b/pricing?r=2#faq")).toBe("/preview/a/b/pricing");
    expect(renderedPageUrl("/blog?r=3&page=2")).toBe("/blog?page=2");
    expect(renderedPageUrl("/preview/a/b/blog/?page=2")).toBe("/preview/a/b/blog/?page=2");
    expect(renderedPageUrl("/en/pricing")).toBe("/en/pricing");
  });

  it("knows the addresses on the site's origin that are not the app's", () => {
    for (const path of ["/", "/pricing", "/blog/an-article", "/nope"]) expect(isAppPath(path), path).toBe(true);
    for (const path of ["/api/health", "/widgets/v1/agency-widgets.js", "/examples/", "/server/entry-server.js", "/sitemap.xml", "/favicon.svg"]) {
      expect(isAppPath(path), path).toBe(false);
    }
  });
});
