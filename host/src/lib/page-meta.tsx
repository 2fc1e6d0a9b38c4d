import { basePathFrom, type Locale } from "@agency/core";
import { useEffect } from "react";
import { localizedPath, unlocalizedPath } from "./localized-path";
import { SITE } from "./site";

export interface PageMetaProps {
  /** The page title, without the site name. */
  title: string;
  description: string;
  locale: Locale;
  /** The app path of this page without the /en prefix, e.g. "/pricing". */
  path: string;
  /** True when the page exists in nl and en (adds hreflang alternates). */
  bilingual?: boolean;
  /** Keep out of search results (portal pages, not-found). */
  noindex?: boolean;
  /** Open Graph type: "article" for blog posts. */
  type?: "website" | "article";
  /** Absolute address of a share image (og:image), e.g. a blog post's featured image. */
  image?: string;
}

export const SITE_NAME = SITE.name;

/** Finds the <head> element matching the selector, creating it when missing, and sets its attributes. */
function upsert(selector: string, tag: "meta" | "link", attrs: Record<string, string>): void {
  let el = document.head.querySelector(selector);
  if (!el) {
    el = document.createElement(tag);
    document.head.append(el);
  }
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
}

const meta = (key: "name" | "property", name: string, content: string) =>
  upsert(`meta[${key}="${name}"]`, "meta", { [key]: name, content });

function alternate(hreflang: string, href: string | null): void {
  const selector = `link[rel="alternate"][hreflang="${hreflang}"]`;
  if (href === null) document.head.querySelector(selector)?.remove();
  else upsert(selector, "link", { rel: "alternate", hreflang, href });
}

/**
 * Title, description, language, canonical, hreflang alternates and Open Graph tags for the current route.
 * Rendered by every page; it writes into <head> and renders nothing.
 */
export function PageMeta({
  title,
  description,
  locale,
  path,
  bilingual = false,
  noindex = false,
  type = "website",
  image,
}: PageMetaProps) {
  useEffect(() => {
    const origin = window.location.origin;
    const base = basePathFrom(window.location.pathname);
    const url = (p: string) => `${origin}${base}${p.replace(/^\//, "")}`;
    const bare = unlocalizedPath(path);
    const canonical = url(bilingual ? localizedPath(bare, locale) : bare);

    document.documentElement.lang = locale;
    document.title = `${title} | ${SITE_NAME}`;
    meta("name", "description", description);
    meta("name", "robots", noindex ? "noindex, nofollow" : "index, follow");
    upsert('link[rel="canonical"]', "link", { rel: "canonical", href: canonical });
    alternate("nl", bilingual ? url(bare) : null);
    alternate("en", bilingual ? url(localizedPath(bare, "en")) : null);
    alternate("x-default", bilingual ? url(bare) : null);
    meta("property", "og:title", title);
    meta("property", "og:description", description);
    meta("property", "og:type", type);
    if (image) meta("property", "og:image", new URL(image, window.location.href).href);
    else document.head.querySelector('meta[property="og:image"]')?.remove();
    meta("property", "og:url", canonical);
    meta("property", "og:site_name", SITE_NAME);
    meta("property", "og:locale", locale === "nl" ? "nl_NL" : "en_US");
  }, [title, description, locale, path, bilingual, noindex, type, image]);
  return null;
}
