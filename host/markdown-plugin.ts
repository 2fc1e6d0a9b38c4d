import { relative } from "node:path";
import matter from "gray-matter";
import { marked, type Token, type Tokens } from "marked";
import type { Plugin } from "vite";
import type { MarkdownBlock, MarkdownDocument, MarkdownInline } from "./src/lib/markdown-document.ts";

/**
 * `import document from "….md"` in the site: the file's front matter and its blocks, parsed here at build time with
 * marked (the blog's Markdown parser), so pages render it as React elements on the server and in the browser and
 * no parser is shipped. Only what a legal text needs is accepted; a missing front-matter key, raw HTML or anything
 * else stops the build with the file and what is wrong in it.
 */
export function markdownContent(): Plugin {
  return {
    name: "agency-markdown-content",
    transform(source, id) {
      const file = id.split("?")[0]!;
      if (!file.endsWith(".md")) return null;
      const document = parseDocument(relative(process.cwd(), file), source);
      return { code: `export default ${JSON.stringify(document)};`, map: null };
    },
  };
}

/**
 * gray-matter evaluates `---js` front matter with eval by default. Content is never code: those engines refuse.
 */
const refuseCode = (): never => {
  throw new Error("front matter must be YAML; JavaScript front matter is not allowed");
};

/** What every content document states in its front matter: its page's title and description, and its date. */
const REQUIRED = ["title", "description", "lastUpdated"];

export function parseDocument(file: string, source: string): MarkdownDocument {
  const fail = (problem: string): never => {
    throw new Error(`${file}: ${problem}`);
  };
  const { data, content } = matter(source, { engines: { js: refuseCode, javascript: refuseCode } });
  const attributes: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    if (typeof value !== "string" || !value.trim()) fail(`front matter '${key}' must be text`);
    attributes[key] = value as string;
  }
  for (const key of REQUIRED) if (!(key in attributes)) fail(`front matter '${key}' is required`);
  return { attributes, blocks: toBlocks(marked.lexer(content, { gfm: true }), fail) };
}

/** A "Table: …" paragraph names the table right below it (the convention of pandoc). */
const CAPTION = /^Table: (.+)$/;

function toBlocks(tokens: Token[], fail: (problem: string) => never): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let caption: string | undefined;
  for (const token of tokens) {
    if (token.type === "space") continue;
    if (caption !== undefined && token.type !== "table") fail(`'Table: ${caption}' is not followed by a table`);
    const inline = (children: Token[] | undefined) => toInline(children ?? [], fail);
    switch (token.type) {
      case "paragraph": {
        const named = CAPTION.exec(token.text);
        if (named) caption = named[1];
        else blocks.push({ type: "paragraph", tokens: inline(token.tokens) });
        break;
      }
      case "heading":
        blocks.push({ type: "heading", depth: (token as Tokens.Heading).depth, tokens: inline(token.tokens) });
        break;
      case "list": {
        const list = token as Tokens.List;
        const items = list.items.map((item) =>
          item.tokens.flatMap((child) =>
            child.type === "text" || child.type === "paragraph" ? inline((child as Tokens.Text).tokens ?? [child]) : fail(`a list item holds '${child.type}'`),
          ),
        );
        blocks.push({ type: "list", ordered: list.ordered, items });
        break;
      }
      case "table": {
        const table = token as Tokens.Table;
        blocks.push({
          type: "table",
          ...(caption === undefined ? {} : { caption }),
          header: table.header.map((cell) => inline(cell.tokens)),
          rows: table.rows.map((row) => row.map((cell) => inline(cell.tokens))),
        });
        caption = undefined;
        break;
      }
      default:
        fail(`Markdown '${token.type}' is not allowed in the site's content`);
    }
  }
  if (caption !== undefined) fail(`'Table: ${caption}' is not followed by a table`);
  return blocks;
}

function toInline(tokens: Token[], fail: (problem: string) => never): MarkdownInline[] {
  return tokens.map((token): MarkdownInline => {
    switch (token.type) {
      case "text":
      case "escape":
        // A line break inside a paragraph is a space, as in HTML.
        return { type: "text", text: (token as Tokens.Text).text.replace(/\s*\n\s*/g, " ") };
      case "strong":
      case "em":
        return { type: token.type, tokens: toInline((token as Tokens.Strong).tokens, fail) };
      case "link":
        return { type: "link", href: (token as Tokens.Link).href, tokens: toInline((token as Tokens.Link).tokens, fail) };
      case "codespan":
        return { type: "codespan", text: (token as Tokens.Codespan).text };
      case "br":
        return { type: "br" };
      default:
        return fail(`Markdown '${token.type}' is not allowed in the site's content`);
    }
  });
}
