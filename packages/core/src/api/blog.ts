import type { ApiClient } from "../api-client";
import { BLOG_PAGE_SIZE, type BlogListResponse, type BlogNotFoundResponse, type BlogPostResponse, type Locale } from "@agency/contract";

/** One page of the blog: each article in `language` when it is written in it, else in its original language. */
export async function listBlogPosts(api: ApiClient, page: number, language?: Locale): Promise<BlogListResponse> {
  const params = language ? { page, limit: BLOG_PAGE_SIZE, language } : { page, limit: BLOG_PAGE_SIZE };
  const { data } = await api.get<BlogListResponse>("/blog", { params });
  return data;
}

export async function getBlogPost(api: ApiClient, id: string): Promise<BlogPostResponse | BlogNotFoundResponse> {
  const { data } = await api.get<BlogPostResponse>(`/blog/${encodeURIComponent(id)}`);
  return data;
}
