import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import matter from "gray-matter";
import { marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { isLocale } from "@agency/contract";
import type { Db } from "../db/db";
import { sha256 } from "../lib/crypto";
import { replacePosts, type BlogPostSource } from "./repository";

export type BlogSource = BlogPostSource;

/**
 * Markdown is ours, but the HTML is still sanitised: a pasted snippet with a script or an on* attribute must not
 * end up executing on the site (the client renders `content` as HTML).
 */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "h1", "h2"],
    allowedAttributes: {
      a: ["href", "title", "target", "rel"],
      img: ["src", "alt", "title", "width", "height"],
      code: ["class"],
      th: ["align"],
      td: ["align"],
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https"] },
    transformTags: {
      // External links open in a new tab without handing the opener to the other site.
      a: (tagName, attribs) =>
        /^https?:\/\//.test(attribs.href ?? "")
          ? { tagName, attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer" } }
          : { tagName, attribs },
    },
  });
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function toDate(value: unknown, field: string, file: string): Date {
  const date = value instanceof Date ? value : typeof value === "string" ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) throw new Error(`${file}: front matter '${field}' must be a date like 2025-03-14`);
  return date;
}

function optionalString(value: unknown, field: string, file: string): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string") throw new Error(`${file}: front matter '${field}' must be text`);
  return value;
}

/**
 * gray-matter evaluates `---js` / `---javascript` front matter with eval by default. Posts are content, never code:
 * those engines refuse instead, so a post cannot run anything on the server.
 */
const refuseCode = (): never => {
  throw new Error("front matter must be YAML; JavaScript front matter is not allowed");
};
const MATTER_OPTIONS = { engines: { js: refuseCode, javascript: refuseCode } };

/** Parses one post; throws with the file name and the field at fault, so a broken post stops the start loudly. */
export function parsePost(file: string, source: string): BlogSource {
  let parsed: ReturnType<typeof matter>;
  try {
    parsed = matter(source, MATTER_OPTIONS);
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
  }
  const { data, content } = parsed;
  const id = data.id ?? path.basename(file, ".md");
  if (typeof id !== "string" || !SLUG.test(id)) throw new Error(`${file}: front matter 'id' must be a kebab-case slug`);
  const title = optionalString(data.title, "title", file);
  if (!title) throw new Error(`${file}: front matter 'title' is required`);
  const author = optionalString(data.author_name, "author_name", file);
  if (!author) throw new Error(`${file}: front matter 'author_name' is required`);
  const tags = data.tags ?? [];
  if (!Array.isArray(tags) || !tags.every((t) => typeof t === "string")) {
    throw new Error(`${file}: front matter 'tags' must be a list of text`);
  }
  const language = data.language ?? "en";
  if (!isLocale(language)) throw new Error(`${file}: front matter 'language' must be nl or en`);
  const created = toDate(data.created_at, "created_at", file);
  const translationOf = optionalString(data.translation_of, "translation_of", file);
  if (translationOf !== null && !SLUG.test(translationOf)) throw new Error(`${file}: front matter 'translation_of' must be a post's id`);
  return {
    id,
    title,
    excerpt: optionalString(data.excerpt, "excerpt", file),
    content: renderMarkdown(content),
    language,
    translation_of: translationOf,
    category: optionalString(data.category, "category", file),
    author_name: author,
    featured_image: optionalString(data.featured_image, "featured_image", file),
    tags,
    created_at: created,
    updated_at: data.updated_at === undefined ? created : toDate(data.updated_at, "updated_at", file),
    source_hash: sha256(source),
  };
}

// Posts change only when a sync runs (at start). The API caches its answers per content version.
let contentVersion = 0;
export const blogContentVersion = () => contentVersion;

/**
 * Makes `blog_posts` equal to the Markdown files in `dir`: new and changed files are upserted, posts whose file
 * is gone are deleted. One transaction, so readers never see a half-synced blog.
 */
export async function syncBlog(db: Db, dir: string): Promise<{ upserted: number; deleted: number; total: number }> {
  try {
    return await syncBlogFiles(db, dir);
  } finally {
    contentVersion++;
  }
}

/**
 * Ids are unique, and a translation names an original (a post that translates nothing) written in another
 * language; an article has at most one version per language.
 */
function checkArticles(posts: BlogSource[]): void {
  const byId = new Map<string, BlogSource>();
  for (const post of posts) {
    if (byId.has(post.id)) throw new Error(`Two blog posts share the id '${post.id}'`);
    byId.set(post.id, post);
  }
  const versions = new Set(posts.filter((p) => p.translation_of === null).map((p) => `${p.id}:${p.language}`));
  for (const post of posts) {
    if (post.translation_of === null) continue;
    const original = byId.get(post.translation_of);
    if (!original || original.translation_of !== null) {
      throw new Error(`${post.id}: 'translation_of' must name an original post, and '${post.translation_of}' is none`);
    }
    const version = `${original.id}:${post.language}`;
    if (versions.has(version)) throw new Error(`${post.id}: '${original.id}' is already written in '${post.language}'`);
    versions.add(version);
  }
}

async function syncBlogFiles(db: Db, dir: string): Promise<{ upserted: number; deleted: number; total: number }> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith(".md")).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") files = [];
    else throw error;
  }
  const posts = await Promise.all(files.map(async (f) => parsePost(f, await readFile(path.join(dir, f), "utf8"))));
  checkArticles(posts);
  const { upserted, deleted } = await replacePosts(db, posts);
  return { upserted, deleted, total: posts.length };
}
