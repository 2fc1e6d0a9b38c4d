import { type BlogPost, formatDate, type Locale } from "@agency/contract";

/** Without an excerpt, a post's text is cut at 150 characters, 200 for the featured article. */
export const EXCERPT_LENGTH = 150;
export const FEATURED_EXCERPT_LENGTH = 200;
const WORDS_PER_MINUTE = 200;

/** Reading time: word count (split on spaces) divided by 200, rounded up; shown as "N min read". */
export function readingTime(content: string): number {
  return Math.ceil(content.split(" ").length / WORDS_PER_MINUTE);
}

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The post's own excerpt, else the start of its text cut at `max` characters (150, or 200 when featured). */
export function excerptOf(post: Pick<BlogPost, "excerpt" | "content">, max = EXCERPT_LENGTH): string {
  if (post.excerpt?.trim()) return post.excerpt;
  const text = plainText(post.content);
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}

/** A post's date in the page's language: "November 5, 2025" on English pages, "5 november 2025" on Dutch ones. */
export function formatPostDate(iso: string, locale: Locale): string {
  return formatDate(iso, locale);
}

/** The `lang` of a post's own text (title, excerpt, body) when it is not written in the page's language. */
export function postLang(post: Pick<BlogPost, "language">, locale: Locale): Locale | undefined {
  return post.language && post.language !== locale ? post.language : undefined;
}
