import { type BlogPost, type BlogPostResponse, localizedPath } from "@agency/contract";
import { apiStatus, blogApi } from "@agency/core";
import { Spinner } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useMemo, useRef, useState } from "react";
import { data, Link, useLoaderData, useParams, type LoaderFunctionArgs } from "react-router";
import { PostMeta } from "../../components/post-meta";
import { hostApi } from "../../lib/api";
import { excerptOf, formatPostDate, postLang } from "../../lib/blog";
import { loadCatalog } from "../../lib/i18n";
import { PageMeta } from "../../lib/page-meta";
import { serverContextFrom } from "../../lib/server-data";
import { useLocale } from "../../lib/use-locale";
import { articleHtml } from "./article-html";
import "./blog-article.css";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

type ArticleState =
  | { status: "loading" }
  | { status: "error"; reason: "not-found" | "failed" }
  | { status: "loaded"; post: BlogPost | null };

/** What came back for which id: an answer for another article means this one is still loading. */
type Answer = { id: string } & ArticleState;

/**
 * The route's loader: when the server renders the page, the article comes with it (and an unknown id answers
 * 404). In the browser it loads nothing; the page fetches the article itself, with its loading state.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const server = serverContextFrom(context);
  if (!server) return null;
  const id = params.id ?? "";
  const { locale } = server;
  const { status, body } = await server.get(`/blog/${encodeURIComponent(id)}`, locale);
  const answer: Answer =
    status === 200 && (body as BlogPostResponse).success
      ? { id, status: "loaded", post: (body as BlogPostResponse).post ?? null }
      : { id, status: "error", reason: status === 404 || status === 200 ? "not-found" : "failed" };
  return data(answer, { status: answer.status === "error" && answer.reason === "not-found" ? 404 : 200 });
}

/**
 * A blog article: loading, then the article or 'Article Not Found'. An article written in other languages too
 * links to each version.
 */
export default function BlogArticlePage() {
  const { t } = useLingui();
  const locale = useLocale();
  const { id = "" } = useParams();
  // The article the server rendered; its own fetch is then not needed.
  const loaded = useLoaderData() as Answer | null | undefined;
  const rendered = useRef(loaded ?? null);
  const [answer, setAnswer] = useState<Answer | null>(loaded ?? null);
  const state: ArticleState = answer?.id === id ? answer : { status: "loading" };

  useEffect(() => {
    if (rendered.current?.id === id) return;
    rendered.current = null;
    let current = true;
    blogApi
      .getBlogPost(hostApi(locale), id)
      .then((response) => {
        if (!current) return;
        setAnswer(
          response.success
            ? { id, status: "loaded", post: response.post ?? null }
            : { id, status: "error", reason: "not-found" },
        );
      })
      .catch((error: unknown) => {
        if (!current) return;
        // The server answers an unknown id with 404 and { success: false, error: "Blog post not found" }.
        if (apiStatus(error) !== 404) console.error("Failed to load blog post", error);
        setAnswer({ id, status: "error", reason: apiStatus(error) === 404 ? "not-found" : "failed" });
      });
    return () => {
      current = false;
    };
  }, [id, locale]);

  if (state.status === "loading") {
    return (
      <div className="page page--narrow">
        <PageMeta title={t`Blog`} description={t`Loading article...`} locale={locale} path={`/blog/${id}`} />
        <Spinner label={t`Loading article...`} />
      </div>
    );
  }
  if (state.status === "error") {
    return (
      <div className="page page--narrow article-missing">
        <PageMeta title={t`Article Not Found`} description={t`Article Not Found`} locale={locale} path={`/blog/${id}`} noindex />
        <h1 className="page__title">
          <Trans>Article Not Found</Trans>
        </h1>
        <p className="page__lead">{state.reason === "not-found" ? t`Blog post not found` : t`Failed to load blog post`}</p>
        <div className="actions">
          <Link to="/blog" className="ag-button">
            <Trans>Back to Blog</Trans>
          </Link>
          <Link to={localizedPath("/", locale)} className="ag-button ag-button--secondary">
            <Trans>Go Home</Trans>
          </Link>
        </div>
      </div>
    );
  }
  return state.post ? <Article post={state.post} /> : null;
}

function Article({ post }: { post: BlogPost }) {
  const { t } = useLingui();
  const locale = useLocale();
  const html = useMemo(() => articleHtml(post.content), [post.content]);
  const author = post.author_name;
  const initial = author.trim().charAt(0).toUpperCase();
  const updated = formatPostDate(post.updated_at, locale);
  // The post's own words carry its language when it differs from the page's (screen readers, hyphenation).
  const lang = postLang(post, locale);
  // The same article in other languages: linked from the page, and hreflang alternates for search engines.
  const translations = post.translations ?? [];
  const alternates =
    translations.length > 0 ? [{ language: post.language, path: `/blog/${post.id}` }, ...translations.map((v) => ({ language: v.language, path: `/blog/${v.id}` }))] : [];

  return (
    <article className="article page">
      <PageMeta
        title={post.title}
        description={excerptOf(post)}
        locale={locale}
        path={`/blog/${post.id}`}
        type="article"
        image={post.featured_image}
        alternates={alternates}
      />
      <nav className="article__breadcrumb" aria-label={t`Breadcrumb`}>
        <ol>
          <li>
            <Link to="/blog">
              <span aria-hidden="true">← </span>
              <Trans>Back to Blog</Trans>
            </Link>
          </li>
          <li aria-current="page" lang={lang}>
            {post.title}
          </li>
        </ol>
      </nav>
      <header className="article__header">
        {post.category ? (
          <p className="badge" lang={lang}>
            {post.category}
          </p>
        ) : null}
        <h1 className="article__title" lang={lang}>
          {post.title}
        </h1>
        {post.excerpt ? (
          <p className="article__excerpt" lang={lang}>
            {post.excerpt}
          </p>
        ) : null}
        <div className="article__byline">
          <span className="article__avatar" aria-hidden="true">
            {initial}
          </span>
          <div>
            <p className="article__author-label">
              <Trans>Author</Trans>
            </p>
            <p className="article__author">{author}</p>
          </div>
        </div>
        <PostMeta post={post} withAuthor={false} />
        {translations.map((version) => (
          <p key={version.id} className="article__translation">
            <Link to={`/blog/${version.id}`} hrefLang={version.language}>
              {version.language === "nl" ? t`Read this article in Dutch` : t`Read this article in English`}
            </Link>
          </p>
        ))}
      </header>
      {post.featured_image ? <img src={post.featured_image} alt={post.title} className="article__image" /> : null}
      {/* Sanitised by DOMPurify in articleHtml. */}
      <div className="article__body" lang={lang} dangerouslySetInnerHTML={{ __html: html }} />
      <footer className="article__footer">
        {post.updated_at !== post.created_at ? (
          <p className="article__updated">
            <Trans>
              Last updated: <time dateTime={post.updated_at}>{updated}</time>
            </Trans>
          </p>
        ) : null}
        {post.tags && post.tags.length > 0 ? (
          <div className="article__tags">
            <p className="article__tags-label">
              <Trans>Tagged in:</Trans>
            </p>
            <ul>
              {post.tags.map((tag) => (
                <li key={tag} className="article__tag" lang={lang}>
                  #{tag}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <section className="article__more" aria-labelledby="article-more">
          <h2 id="article-more">
            <Trans>Enjoyed this article?</Trans>
          </h2>
          <p>
            <Trans>Read more insights and updates from our team.</Trans>
          </p>
          <Link to="/blog" className="ag-button">
            <Trans>Read More Articles</Trans>
          </Link>
        </section>
      </footer>
    </article>
  );
}
