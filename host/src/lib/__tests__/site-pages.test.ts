import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { routes } from "../../routes";
import { AUTH_PATHS, BILINGUAL_PATHS, isServerRenderedPath, PUBLIC_PATHS } from "../site-pages";

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
});
