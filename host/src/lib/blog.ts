import type { BlogPost } from "@agency/core";

/** Spec §9: excerpt fallback lengths. */
export const EXCERPT_LENGTH = 150;
export const FEATURED_EXCERPT_LENGTH = 200;
const WORDS_PER_MINUTE = 200;

/** Spec §9: word count (split on spaces) divided by 200, rounded up; shown as "N min read". */
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

/** Spec §2/§9: blog dates in long US format whatever the page language, e.g. "November 5, 2025". */
export function formatPostDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
}
