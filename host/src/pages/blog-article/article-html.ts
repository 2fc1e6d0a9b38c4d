import DOMPurify from "dompurify";

const HAS_TAGS = /<[a-z][^>]*>/i;

/**
 * Article body ready for dangerouslySetInnerHTML: plain-text posts get their newlines as <br>, and everything
 * goes through DOMPurify, because posts are authored outside this app and must not run script in it.
 */
export function articleHtml(content: string): string {
  const html = HAS_TAGS.test(content) ? content : content.replace(/\r?\n/g, "<br>");
  // On the server there is no DOM for DOMPurify. The server renders only its own posts, whose HTML it sanitised
  // when it read them from the content folder (sanitize-html); in the browser every body goes through DOMPurify.
  if (!DOMPurify.isSupported) return html;
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
