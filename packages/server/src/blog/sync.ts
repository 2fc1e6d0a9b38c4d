import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import matter from "gray-matter";
import { marked } from "marked";
import sanitizeHtml from "sanitize-html";
import type { Db } from "../db/db";
import { sha256 } from "../lib/crypto";

export interface BlogSource {
  id: string;
  title: string;
  excerpt: string | null;
  content: string;
  category: string | null;
  author_name: string;
  featured_image: string | null;
  tags: string[];
  created_at: Date;
  updated_at: Date;
  source_hash: string;
}

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

/** Parses one post; throws with the file name and the field at fault, so a broken post stops the start loudly. */
export function parsePost(file: string, source: string): BlogSource {
  const { data, content } = matter(source);
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
  const created = toDate(data.created_at, "created_at", file);
  return {
    id,
    title,
    excerpt: optionalString(data.excerpt, "excerpt", file),
    content: renderMarkdown(content),
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

async function syncBlogFiles(db: Db, dir: string): Promise<{ upserted: number; deleted: number; total: number }> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith(".md")).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") files = [];
    else throw error;
  }
  const posts = await Promise.all(files.map(async (f) => parsePost(f, await readFile(path.join(dir, f), "utf8"))));
  const ids = new Set<string>();
  for (const post of posts) {
    if (ids.has(post.id)) throw new Error(`Two blog posts share the id '${post.id}'`);
    ids.add(post.id);
  }
  return db.transaction(async (tx) => {
    const existing = await tx.query<{ id: string; source_hash: string }>("SELECT id, source_hash FROM blog_posts");
    const known = new Map(existing.rows.map((r) => [r.id, r.source_hash]));
    let upserted = 0;
    for (const p of posts) {
      if (known.get(p.id) === p.source_hash) continue;
      await tx.query(
        `INSERT INTO blog_posts (id, title, excerpt, content, category, author_name, featured_image, tags, created_at, updated_at, source_hash)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)
         ON CONFLICT (id) DO UPDATE SET title = $2, excerpt = $3, content = $4, category = $5, author_name = $6,
           featured_image = $7, tags = $8, created_at = $9, updated_at = $10, source_hash = $11`,
        [p.id, p.title, p.excerpt, p.content, p.category, p.author_name, p.featured_image, p.tags, p.created_at, p.updated_at, p.source_hash],
      );
      upserted++;
    }
    const gone = [...known.keys()].filter((id) => !ids.has(id));
    if (gone.length > 0) await tx.query("DELETE FROM blog_posts WHERE id = ANY($1::text[])", [gone]);
    return { upserted, deleted: gone.length, total: posts.length };
  });
}
