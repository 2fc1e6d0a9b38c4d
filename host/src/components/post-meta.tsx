import type { BlogPost } from "@agency/contract";
import { useLingui } from "@lingui/react/macro";
import { formatPostDate, readingTime } from "../lib/blog";
import { useLocale } from "../lib/use-locale";

/**
 * Author, date and reading time of a blog post, in the page's language whatever the post's; the article shows its
 * author separately (withAuthor=false). A post written in another language than the page says so ("in het
 * Engels"), so a Dutch visitor knows before opening it.
 */
export function PostMeta({ post, withAuthor = true }: { post: BlogPost; withAuthor?: boolean }) {
  const { t } = useLingui();
  const locale = useLocale();
  const minutes = readingTime(post.content);
  return (
    <p className="post-meta">
      {withAuthor ? (
        <>
          <span>{post.author_name}</span>
          <span aria-hidden="true"> · </span>
        </>
      ) : null}
      <time dateTime={post.created_at}>{formatPostDate(post.created_at, locale)}</time>
      <span aria-hidden="true"> · </span>
      <span>{t`${minutes} min read`}</span>
      {post.language !== locale ? (
        <>
          <span aria-hidden="true"> · </span>
          <span className="post-meta__language">{post.language === "en" ? t`in English` : t`in Dutch`}</span>
        </>
      ) : null}
    </p>
  );
}
