/**
 * A Markdown file of the site's content (host/content/), as the build hands it to a page: its front matter and its
 * blocks, parsed with marked at build time (host/markdown-plugin.ts), so no Markdown parser reaches the browser.
 * Only the blocks and inline marks below exist; the build refuses anything else (raw HTML, images, code blocks).
 */
export interface MarkdownDocument {
  /** The front matter: every value is text. */
  attributes: Record<string, string>;
  blocks: MarkdownBlock[];
}

export type MarkdownBlock =
  | { type: "paragraph"; tokens: MarkdownInline[] }
  | { type: "heading"; depth: number; tokens: MarkdownInline[] }
  | { type: "list"; ordered: boolean; items: MarkdownInline[][] }
  /** The first column names its row. `caption` comes from a "Table: …" line right above the table. */
  | { type: "table"; caption?: string; header: MarkdownInline[][]; rows: MarkdownInline[][][] };

export type MarkdownInline =
  | { type: "text"; text: string }
  | { type: "strong" | "em"; tokens: MarkdownInline[] }
  | { type: "link"; href: string; tokens: MarkdownInline[] }
  | { type: "codespan"; text: string }
  | { type: "br" };
