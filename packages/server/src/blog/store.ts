import type { BlogPost, Locale } from "@agency/contract";
import type { Db } from "../db/db";

/**
 * Blog posts: a read model of the Markdown files in content/blog, rewritten by the sync at start and read by the
 * API. Every query about them lives here.
 */

export interface BlogPostRow {
  id: string;
  title: string;
  excerpt: string | null;
  content: string;
  language: Locale;
  category: string | null;
  author_name: string;
  featured_image: string | null;
  tags: string[];
  created_at: Date;
  updated_at: Date;
}

/** A post as the sync writes it: its row plus the hash of the file it came from. */
export type BlogPostSource = BlogPostRow & { source_hash: string };

const COLUMNS = "id, title, excerpt, content, language, category, author_name, featured_image, tags, created_at, updated_at";

/** The post as answered to clients: optional fields are left out when empty. */
export function publicPost(row: BlogPostRow): BlogPost {
  return {
    id: row.id,
    title: row.title,
    ...(row.excerpt ? { excerpt: row.excerpt } : {}),
    content: row.content,
    language: row.language,
    ...(row.category ? { category: row.category } : {}),
    author_name: row.author_name,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    ...(row.featured_image ? { featured_image: row.featured_image } : {}),
    tags: row.tags,
  };
}

/** One page of posts, newest first, and how many there are in all. */
export async function listPosts(db: Db, { page, limit }: { page: number; limit: number }): Promise<{ posts: BlogPostRow[]; total: number }> {
  const [list, count] = await Promise.all([
    db.query<BlogPostRow>(`SELECT ${COLUMNS} FROM blog_posts ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`, [limit, (page - 1) * limit]),
    db.query<{ total: number }>("SELECT count(*)::int AS total FROM blog_posts"),
  ]);
  return { posts: list.rows, total: count.rows[0]?.total ?? 0 };
}

export async function findPost(db: Db, id: string): Promise<BlogPostRow | null> {
  const { rows } = await db.query<BlogPostRow>(`SELECT ${COLUMNS} FROM blog_posts WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/**
 * Makes `blog_posts` equal to `posts`: new and changed ones (by source hash) are upserted, the others deleted.
 * One transaction, so readers never see a half-synced blog.
 */
export async function replacePosts(db: Db, posts: BlogPostSource[]): Promise<{ upserted: number; deleted: number }> {
  const ids = new Set(posts.map((p) => p.id));
  return db.transaction(async (tx) => {
    const existing = await tx.query<{ id: string; source_hash: string }>("SELECT id, source_hash FROM blog_posts");
    const known = new Map(existing.rows.map((r) => [r.id, r.source_hash]));
    let upserted = 0;
    for (const p of posts) {
      if (known.get(p.id) === p.source_hash) continue;
      await tx.query(
        `INSERT INTO blog_posts (id, title, excerpt, content, language, category, author_name, featured_image, tags, created_at, updated_at, source_hash)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)
         ON CONFLICT (id) DO UPDATE SET title = $2, excerpt = $3, content = $4, language = $5, category = $6, author_name = $7,
           featured_image = $8, tags = $9, created_at = $10, updated_at = $11, source_hash = $12`,
        [p.id, p.title, p.excerpt, p.content, p.language, p.category, p.author_name, p.featured_image, p.tags, p.created_at, p.updated_at, p.source_hash],
      );
      upserted++;
    }
    const gone = [...known.keys()].filter((id) => !ids.has(id));
    if (gone.length > 0) await tx.query("DELETE FROM blog_posts WHERE id = ANY($1::text[])", [gone]);
    return { upserted, deleted: gone.length };
  });
}

