import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { errors } from "../../schemas";
import { BLOG_PAGE_SIZE, type BlogPost } from "../../../types";
import { blogContentVersion } from "../../../blog/sync";

/**
 * Serialised answers, per content version: the blog only changes when the Markdown folder is synced (at start),
 * so the list — the busiest public call — is served from memory instead of two queries and a serialisation.
 * Bounded: a few pages and limits, and one entry per post.
 */
class AnswerCache {
  private version = -1;
  private readonly answers = new Map<string, string>();
  constructor(private readonly maxEntries: number) {}

  async get(key: string, compute: () => Promise<unknown>): Promise<string> {
    if (this.version !== blogContentVersion()) {
      this.answers.clear();
      this.version = blogContentVersion();
    }
    const hit = this.answers.get(key);
    if (hit !== undefined) return hit;
    const json = JSON.stringify(await compute());
    if (this.answers.size >= this.maxEntries) this.answers.clear();
    this.answers.set(key, json);
    return json;
  }
}

export const BLOG_MAX_LIMIT = 50;

const Post = Type.Object({
  id: Type.String(),
  title: Type.String(),
  excerpt: Type.Optional(Type.String()),
  content: Type.String({ description: "Sanitised HTML" }),
  category: Type.Optional(Type.String()),
  author_name: Type.String(),
  created_at: Type.String({ format: "date-time" }),
  updated_at: Type.String({ format: "date-time" }),
  featured_image: Type.Optional(Type.String()),
  tags: Type.Array(Type.String()),
});

interface PostRow {
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
}

function toPost(row: PostRow): BlogPost & { tags: string[] } {
  return {
    id: row.id,
    title: row.title,
    ...(row.excerpt ? { excerpt: row.excerpt } : {}),
    content: row.content,
    ...(row.category ? { category: row.category } : {}),
    author_name: row.author_name,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    ...(row.featured_image ? { featured_image: row.featured_image } : {}),
    tags: row.tags,
  };
}

const COLUMNS = "id, title, excerpt, content, category, author_name, featured_image, tags, created_at, updated_at";

const blogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const lists = new AnswerCache(200);

  app.get(
    "/",
    {
      schema: {
        tags: ["blog"],
        summary: "Blog posts, newest first",
        querystring: Type.Object({
          page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
          limit: Type.Integer({ minimum: 1, maximum: BLOG_MAX_LIMIT, default: BLOG_PAGE_SIZE }),
        }),
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            posts: Type.Array(Post),
            pagination: Type.Object({ page: Type.Integer(), limit: Type.Integer(), total: Type.Integer(), pages: Type.Integer() }),
          }),
          ...errors(400),
        },
      },
    },
    async (request, reply) => {
      const { page, limit } = request.query;
      const json = await lists.get(`${page}:${limit}`, async () => {
        const [list, count] = await Promise.all([
          app.db.query<PostRow>(`SELECT ${COLUMNS} FROM blog_posts ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`, [
            limit,
            (page - 1) * limit,
          ]),
          app.db.query<{ total: number }>("SELECT count(*)::int AS total FROM blog_posts"),
        ]);
        const total = count.rows[0]?.total ?? 0;
        return {
          success: true as const,
          posts: list.rows.map(toPost),
          pagination: { page, limit, total, pages: Math.ceil(total / limit) },
        };
      });
      // Already serialised (and validated when it was made): a string goes out as it is.
      return reply.type("application/json; charset=utf-8").send(json as never);
    },
  );

  app.get(
    "/:id",
    {
      schema: {
        tags: ["blog"],
        summary: "One blog post",
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: {
          200: Type.Object({ success: Type.Literal(true), post: Post }),
          404: Type.Object({ success: Type.Literal(false), error: Type.Literal("Blog post not found") }),
          ...errors(400),
        },
      },
    },
    async (request, reply) => {
      const { rows } = await app.db.query<PostRow>(`SELECT ${COLUMNS} FROM blog_posts WHERE id = $1`, [request.params.id]);
      const row = rows[0];
      if (!row) return reply.code(404).send({ success: false as const, error: "Blog post not found" as const });
      return { success: true as const, post: toPost(row) };
    },
  );
};

export default blogRoutes;
