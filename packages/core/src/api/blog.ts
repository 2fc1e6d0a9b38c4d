import type { AxiosInstance } from "axios";
import type { BlogListResponse, BlogPostResponse } from "../contract";

/** Spec §9: the blog's page size. */
export const BLOG_PAGE_SIZE = 6;

export async function listBlogPosts(api: AxiosInstance, page: number): Promise<BlogListResponse> {
  const { data } = await api.get<BlogListResponse>("/blog", { params: { page, limit: BLOG_PAGE_SIZE } });
  return data;
}

export async function getBlogPost(api: AxiosInstance, id: string): Promise<BlogPostResponse> {
  const { data } = await api.get<BlogPostResponse>(`/blog/${encodeURIComponent(id)}`);
  return data;
}
