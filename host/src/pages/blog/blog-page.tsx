import {
  BLOG_PAGE_SIZE,
  type BlogListResponse,
  type BlogPost,
  type Locale,
  localizedPath,
  type Pagination,
} from "@agency/contract";
import { blogApi } from "@agency/core";
import { Spinner } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Link, useLoaderData, useSearchParams, type LoaderFunctionArgs } from "react-router";
import { PostMeta } from "../../components/post-meta";
import { hostApi } from "../../lib/api";
import { excerptOf, FEATURED_EXCERPT_LENGTH, postLang } from "../../lib/blog";
import { loadCatalog } from "../../lib/i18n";
import { PageMeta } from "../../lib/page-meta";
import { serverContextFrom } from "../../lib/server-data";
import { useLocale } from "../../lib/use-locale";
import { Island } from "../../site-islands";
import { BlogPagination } from "./blog-pagination";
import "./blog.css";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

type ListState =
  | { status: "loading" }
  | { status: "error" }
  | { status: "loaded"; posts: BlogPost[]; pagination: Pagination };

/** What came back for which page and language: an answer for another one means this one is still loading. */
type Answer = { page: number; locale: Locale } & ListState;

/** The page number in ?page=, 1 when absent or nonsense. */
function pageFrom(params: URLSearchParams): number {
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
}

/**
 * The route's loader: when the server renders the page, the posts of the requested page come with it. In the
 * browser it loads nothing; the page fetches each page of posts itself, with its loading state.
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<Answer | null> {
  const server = serverContextFrom(context);
  if (!server) return null;
  const page = pageFrom(new URL(request.url).searchParams);
  const { locale } = server;
  const { status, body } = await server.get(`/blog?page=${page}&limit=${BLOG_PAGE_SIZE}&language=${locale}`, locale);
  if (status !== 200) return { page, locale, status: "error" };
  const { posts, pagination } = body as BlogListResponse;
  return { page, locale, status: "loaded", posts: posts ?? [], pagination };
}

/**
 * The blog list: the latest article featured, then a grid, 'Page X of Y' with Previous/Next. The page's own
 * texts, dates and reading times follow the visitor's language. Each article is listed in that language when it
 * is written in it; otherwise its text carries its own language and its details say which.
 */
export default function BlogPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const [params] = useSearchParams();
  const page = pageFrom(params);
  // The page the server rendered with its posts; its own fetch is then not needed.
  const loaded = useLoaderData() as Answer | null | undefined;
  const rendered = useRef(loaded ?? null);
  const [answer, setAnswer] = useState<Answer | null>(loaded ?? null);
  const state: ListState = answer?.page === page && answer.locale === locale ? answer : { status: "loading" };

  useEffect(() => {
    if (rendered.current?.page === page && rendered.current.locale === locale) return;
    rendered.current = null;
    let current = true;
    blogApi
      .listBlogPosts(hostApi(locale), page, locale)
      .then(({ posts, pagination }) => {
        if (current) setAnswer({ page, locale, status: "loaded", posts: posts ?? [], pagination });
      })
      .catch((error: unknown) => {
        console.error("Failed to load blog posts", error);
        if (current) setAnswer({ page, locale, status: "error" });
      });
    return () => {
      current = false;
    };
  }, [page, locale]);

  return (
    <div className="blog">
      <PageMeta
        title={t`Blog`}
        description={t`Insights & Updates: news, tips and ideas about websites and growing your business online.`}
        locale={locale}
        path="/blog"
      />
      <header className="hero">
        <h1 className="hero__title">
          <Trans>Insights & Updates</Trans>
        </h1>
        <p className="hero__text">
          <Trans>News, tips and ideas from our team about websites, design and growing your business online.</Trans>
        </p>
      </header>
      <div className="page blog__body">
        {state.status === "loading" ? <Spinner label={t`Loading articles...`} /> : null}
        {state.status === "error" ? (
          <div className="notice notice--error" role="alert">
            <h2 className="blog__notice-title">
              <Trans>Failed to load blog posts</Trans>
            </h2>
            <p>
              <Trans>Please try again later or contact support if the issue persists.</Trans>
            </p>
          </div>
        ) : null}
        {state.status === "loaded" && state.posts.length === 0 ? (
          <div className="blog__empty">
            <h2>
              <Trans>Coming Soon!</Trans>
            </h2>
            <p>
              <Trans>We're working on our first articles. Want to hear when they're out?</Trans>
            </p>
            <Link to={localizedPath("/contact", locale)} className="ag-button">
              <Trans>Get Notified</Trans>
            </Link>
          </div>
        ) : null}
        {state.status === "loaded" && state.posts.length > 0 ? (
          <PostList posts={state.posts} pagination={state.pagination} page={page} />
        ) : null}
      </div>
    </div>
  );
}

function PostList({
  posts,
  pagination,
  page,
}: {
  posts: BlogPost[];
  pagination: Pagination;
  page: number;
}) {
  const locale = useLocale();
  // The newest article leads the first page; later pages are all grid.
  const featured = page === 1 ? posts[0] : undefined;
  const rest = featured ? posts.slice(1) : posts;
  const pages = Math.max(1, pagination.pages);
  return (
    <>
      {featured ? (
        <article className="post-card post-card--featured" aria-labelledby={`post-${featured.id}`}>
          {featured.featured_image ? <img src={featured.featured_image} alt="" className="post-card__image" /> : null}
          <div className="post-card__body">
            <p className="post-card__label">
              <Trans>Latest article</Trans>
            </p>
            {featured.category ? (
              <p className="badge" lang={postLang(featured, locale)}>
                {featured.category}
              </p>
            ) : null}
            <h2 id={`post-${featured.id}`} className="post-card__title" lang={postLang(featured, locale)}>
              <Link to={`/blog/${featured.id}`}>{featured.title}</Link>
            </h2>
            <p className="post-card__excerpt" lang={postLang(featured, locale)}>
              {excerptOf(featured, FEATURED_EXCERPT_LENGTH)}
            </p>
            <PostMeta post={featured} />
          </div>
        </article>
      ) : null}
      {rest.length > 0 ? (
        <section aria-labelledby="more-articles">
          <h2 id="more-articles" className={featured ? "blog__section-title" : "ag-visually-hidden"}>
            <Trans>More articles</Trans>
          </h2>
          <ul className="post-grid">
            {rest.map((post) => (
                <li key={post.id}>
                  <article className="post-card" aria-labelledby={`post-${post.id}`}>
                    {post.featured_image ? <img src={post.featured_image} alt="" className="post-card__image" /> : null}
                    <div className="post-card__body">
                      {post.category ? (
                        <p className="badge" lang={postLang(post, locale)}>
                          {post.category}
                        </p>
                      ) : null}
                      <h3 id={`post-${post.id}`} className="post-card__title" lang={postLang(post, locale)}>
                        <Link to={`/blog/${post.id}`}>{post.title}</Link>
                      </h3>
                      <p className="post-card__excerpt" lang={postLang(post, locale)}>
                        {excerptOf(post)}
                      </p>
                      <PostMeta post={post} />
                    </div>
                  </article>
                </li>
            ))}
          </ul>
        </section>
      ) : null}
      {pages > 1 ? <Island name="blog-pagination" component={BlogPagination} props={{ page, pages }} /> : null}
    </>
  );
}
