import type { ApiClient } from "../api-client";
import { BLOG_PAGE_SIZE, type BlogListResponse, type BlogNotFoundResponse, type BlogPostResponse } from "@agency/contract";

export async function listBlogPosts(api: ApiClient, page: number): Promise<BlogListResponse> {
  const { data } = await api.get<BlogListResponse>("/blog", { params: { page, limit: BLOG_PAGE_SIZE } });
  return data;
}

export async function getBlogPost(api: ApiClient, id: string): Promise<BlogPostResponse | BlogNotFoundResponse> {
  const { data } = await api.get<BlogPostResponse>(`/blog/${encodeURIComponent(id)}`);
  return data;
}
