import type { BlogPost, BlogTranslation, Locale } from "@agency/contract";
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
  /** The id of the post this one translates; null for an original. */
  translation_of: string | null;
  category: string | null;
  author_name: string;
  featured_image: string | null;
  tags: string[];
  created_at: Date;
  updated_at: Date;
}

/** A post as the sync writes it: its row plus the hash of the file it came from. */
export type BlogPostSource = BlogPostRow & { source_hash: string };

/** A post as read: its row plus the other languages the same article is written in. */
export type BlogPostRead = BlogPostRow & { translations: BlogTranslation[] };

/** An original and its translations are one article; this is its key. */
const ARTICLE = "coalesce(translation_of, id)";

const COLUMNS = `id, title, excerpt, content, language, translation_of, category, author_name, featured_image, tags, created_at, updated_at,
  (SELECT coalesce(json_agg(json_build_object('id', t.id, 'language', t.language) ORDER BY t.language), '[]'::json)
     FROM blog_posts t WHERE coalesce(t.translation_of, t.id) = coalesce(blog_posts.translation_of, blog_posts.id) AND t.id <> blog_posts.id
  ) AS translations`;

/** The post as answered to clients: optional fields are left out when empty. */
export function publicPost(row: BlogPostRead): BlogPost {
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
    ...(row.translations.length > 0 ? { translations: row.translations } : {}),
  };
}

/**
 * One page of articles, newest first, and how many there are in all. Each article is listed once: in `language`
 * when it is written in it, else in its original language. Without a language, the originals.
 */
export async function listPosts(
  db: Db,
  { page, limit, language }: { page: number; limit: number; language?: Locale },
): Promise<{ posts: BlogPostRead[]; total: number }> {
  const [list, count] = await Promise.all([
    db.query<BlogPostRead>(
      `SELECT * FROM (
         SELECT DISTINCT ON (${ARTICLE}) ${COLUMNS} FROM blog_posts
         ORDER BY ${ARTICLE}, (language = $3) DESC, (translation_of IS NULL) DESC
       ) AS articles ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`,
      [limit, (page - 1) * limit, language ?? null],
    ),
    db.query<{ total: number }>(`SELECT count(DISTINCT ${ARTICLE})::int AS total FROM blog_posts`),
  ]);
  return { posts: list.rows, total: count.rows[0]?.total ?? 0 };
}

export async function findPost(db: Db, id: string): Promise<BlogPostRead | null> {
  const { rows } = await db.query<BlogPostRead>(`SELECT ${COLUMNS} FROM blog_posts WHERE id = $1`, [id]);
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
        `INSERT INTO blog_posts (id, title, excerpt, content, language, category, author_name, featured_image, tags, created_at, updated_at, source_hash, translation_of)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)
         ON CONFLICT (id) DO UPDATE SET title = $2, excerpt = $3, content = $4, language = $5, category = $6, author_name = $7,
           featured_image = $8, tags = $9, created_at = $10, updated_at = $11, source_hash = $12, translation_of = $13`,
        [p.id, p.title, p.excerpt, p.content, p.language, p.category, p.author_name, p.featured_image, p.tags, p.created_at, p.updated_at, p.source_hash, p.translation_of],
      );
      upserted++;
    }
    const gone = [...known.keys()].filter((id) => !ids.has(id));
    if (gone.length > 0) await tx.query("DELETE FROM blog_posts WHERE id = ANY($1::text[])", [gone]);
    return { upserted, deleted: gone.length };
  });
}


/** A post as the sitemap lists it: its address, language, the article it belongs to and when it last changed. */
export interface SitemapPost {
  id: string;
  language: Locale;
  /** The original's id: the same for an article and each of its translations. */
  article: string;
  updated_at: Date;
}

/** Every post, grouped by article (the original first), for the sitemap. */
export async function sitemapPosts(db: Db): Promise<SitemapPost[]> {
  const { rows } = await db.query<SitemapPost>(
    `SELECT id, language, ${ARTICLE} AS article, greatest(created_at, updated_at) AS updated_at FROM blog_posts
      ORDER BY article, (translation_of IS NULL) DESC, language`,
  );
  return rows;
}
