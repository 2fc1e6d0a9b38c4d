// The site's Markdown content (host/content/) arrives parsed: see host/markdown-plugin.ts.
declare module "*.md" {
  const document: import("./lib/markdown-document").MarkdownDocument;
  export default document;
}
