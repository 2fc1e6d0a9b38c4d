import { INTL_LOCALES, type Locale, localizedPath, unlocalizedPath } from "@agency/contract";
import { useEffect } from "react";
import { useSiteAddress } from "./site-address";
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
  /** Address of a share image (og:image), e.g. a blog post's featured image. */
  image?: string;
  /**
   * The same content at other addresses, one per language (a blog article and its translations, this page
   * included): hreflang alternates for each. Pages with an /en duplicate use `bilingual` instead.
   */
  alternates?: readonly { language: Locale; path: string }[];
}

export const SITE_NAME = SITE.name;

/** The longest title that search results and tabs show whole (html-validate's long-title rule says 70). */
export const MAX_TITLE_LENGTH = 70;

/**
 * A document's title: the page's own, then the site's name. A page title too long for that (a blog article's
 * "Headline: subtitle") keeps its headline, the part before a colon or parenthesis, or else its first words; the
 * page's heading and og:title keep the whole title.
 */
export function documentTitle(title: string): string {
  const suffix = ` | ${SITE_NAME}`;
  if (title.length + suffix.length <= MAX_TITLE_LENGTH) return `${title}${suffix}`;
  const headline = title.split(/:\s|\s\(/)[0]!.trim();
  if (headline.length + suffix.length <= MAX_TITLE_LENGTH) return `${headline}${suffix}`;
  const room = MAX_TITLE_LENGTH - suffix.length - 1;
  return `${headline.slice(0, headline.lastIndexOf(" ", room) > 0 ? headline.lastIndexOf(" ", room) : room)}…${suffix}`;
}

/**
 * Title, description, canonical, hreflang alternates and Open Graph tags for the current route, rendered where the
 * page is and placed in <head> by React (document metadata), so the server's HTML carries them too. The
 * document's language follows the page after each navigation.
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
  alternates = [],
}: PageMetaProps) {
  const { origin, base } = useSiteAddress();
  const url = (p: string) => `${origin}${base}${p.replace(/^\//, "")}`;
  const bare = unlocalizedPath(path);
  // A page kept out of search results names no canonical: it has none to offer (an English not-found page would
  // otherwise name a Dutch address that does not exist either), and noindex with a canonical are mixed signals.
  const canonical = noindex ? undefined : url(bilingual ? localizedPath(bare, locale) : bare);
  const imageUrl = image ? new URL(image, `${origin}${base}`).href : undefined;

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  return (
    <>
      <title>{documentTitle(title)}</title>
      <meta name="description" content={description} />
      <meta name="robots" content={noindex ? "noindex, nofollow" : "index, follow"} />
      {canonical ? <link rel="canonical" href={canonical} /> : null}
      {bilingual ? (
        <>
          <link rel="alternate" hrefLang="nl" href={url(bare)} />
          <link rel="alternate" hrefLang="en" href={url(localizedPath(bare, "en"))} />
          <link rel="alternate" hrefLang="x-default" href={url(bare)} />
        </>
      ) : null}
      {alternates.map(({ language, path: alternate }) => (
        <link key={language} rel="alternate" hrefLang={language} href={url(alternate)} />
      ))}
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={type} />
      {imageUrl ? <meta property="og:image" content={imageUrl} /> : null}
      <meta property="og:url" content={canonical ?? url(path)} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:locale" content={INTL_LOCALES[locale].replace("-", "_")} />
    </>
  );
}
