import { Type, type Static } from "@sinclair/typebox";
import { BLOG_MAX_LIMIT, BLOG_PAGE_SIZE } from "../values";
import { LOCALES } from "../rules";
import { DateTimeSchema, StringEnum } from "./common";

/** The same article in another language: that version's id and language. */
export const BlogTranslationSchema = Type.Object({
  id: Type.String(),
  language: StringEnum(LOCALES),
});
export type BlogTranslation = Static<typeof BlogTranslationSchema>;

export const BlogPostSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  excerpt: Type.Optional(Type.String()),
  content: Type.String({ description: "Sanitised HTML" }),
  language: StringEnum(LOCALES, { description: "Language the post is written in" }),
  category: Type.Optional(Type.String()),
  author_name: Type.String(),
  created_at: DateTimeSchema(),
  updated_at: DateTimeSchema(),
  featured_image: Type.Optional(Type.String()),
  tags: Type.Array(Type.String()),
  translations: Type.Optional(
    Type.Array(BlogTranslationSchema, { description: "The same article in the other languages it is written in, when there are any" }),
  ),
});
export type BlogPost = Static<typeof BlogPostSchema>;

export const PaginationSchema = Type.Object({ page: Type.Integer(), limit: Type.Integer(), total: Type.Integer(), pages: Type.Integer() });
export type Pagination = Static<typeof PaginationSchema>;

export const BlogListQuerySchema = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: BLOG_MAX_LIMIT, default: BLOG_PAGE_SIZE }),
  language: Type.Optional(
    StringEnum(LOCALES, {
      description: "Lists each article in this language when it is written in it, else in its original language; without it, the originals",
    }),
  ),
});

export const BlogListResponseSchema = Type.Object({ success: Type.Literal(true), posts: Type.Array(BlogPostSchema), pagination: PaginationSchema });
export type BlogListResponse = Static<typeof BlogListResponseSchema>;

/** No length limit: an id no post has, however long, is `blog.not_found` (the route answers those without a query). */
export const BlogPostParamsSchema = Type.Object({ id: Type.String({ minLength: 1 }) });

export const BlogPostResponseSchema = Type.Object({ success: Type.Literal(true), post: BlogPostSchema });
export type BlogPostResponse = Static<typeof BlogPostResponseSchema>;

export const BlogNotFoundResponseSchema = Type.Object({
  success: Type.Literal(false),
  error: Type.String(),
  code: Type.Literal("blog.not_found"),
});
export type BlogNotFoundResponse = Static<typeof BlogNotFoundResponseSchema>;
