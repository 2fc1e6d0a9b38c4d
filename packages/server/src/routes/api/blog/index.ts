import {
  BlogListQuerySchema,
  BlogListResponseSchema,
  BlogNotFoundResponseSchema,
  BlogPostParamsSchema,
  BlogPostResponseSchema,
  errorResponses,
} from "@agency/contract/schemas";
import type { BlogListResponse } from "@agency/contract";
import type { FastifyPluginAsyncTypebox } from "../../../lib/type-provider";
import { blogContentVersion } from "../../../blog/sync";
import { findPost, listPosts, publicPost } from "../../../blog/repository";
import { errorBody } from "../../../lib/api-error";
import { requestLocale } from "../../../i18n";
import { assertMatches } from "../../../plugins/response-validation";

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

/** No post's id (its file name) is longer; a longer one is not looked up. */
const BLOG_ID_MAX_LENGTH = 200;

const blogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const lists = new AnswerCache(200);

  app.get(
    "/",
    {
      schema: {
        tags: ["blog"],
        summary: "Blog posts, newest first",
        querystring: BlogListQuerySchema,
        response: { 200: BlogListResponseSchema, ...errorResponses({ 400: [] }) },
      },
    },
    async (request, reply) => {
      const { page, limit, language } = request.query;
      const json = await lists.get(`${page}:${limit}:${language ?? ""}`, async () => {
        const { posts, total } = await listPosts(app.db, { page, limit, language });
        const answer: BlogListResponse = {
          success: true,
          posts: posts.map(publicPost),
          pagination: { page, limit, total, pages: Math.ceil(total / limit) },
        };
        assertMatches(BlogListResponseSchema, answer, "The blog list");
        return answer;
      });
      // Already serialised (and checked against its schema when it was made): a string goes out as it is.
      return reply.type("application/json; charset=utf-8").send(json as never);
    },
  );

  app.get(
    "/:id",
    {
      schema: {
        tags: ["blog"],
        summary: "One blog post",
        params: BlogPostParamsSchema,
        response: { 200: BlogPostResponseSchema, 404: BlogNotFoundResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const row = id.length > BLOG_ID_MAX_LENGTH ? null : await findPost(app.db, id);
      if (!row) return reply.code(404).send({ success: false as const, ...errorBody(requestLocale(request), "blog.not_found") });
      return { success: true as const, post: publicPost(row) };
    },
  );
};

export default blogRoutes;
