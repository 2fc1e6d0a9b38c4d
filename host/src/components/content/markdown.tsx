import { useLingui } from "@lingui/react/macro";
import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import type { MarkdownBlock, MarkdownInline } from "../../lib/markdown-document";
import { SITE } from "../../lib/site";
import { ExternalLink } from "./external-link";

/**
 * Renders a content document's blocks as React elements. Its links follow the site's rules: an address on the site
 * ("/en/cookie-policy") is a router link (it keeps the preview base and needs no reload), another site's opens in
 * a new tab and says so. `{name}` and `{email}` stand for the agency's name and its e-mail address, linked.
 */
export function MarkdownBlocks({ blocks }: { blocks: MarkdownBlock[] }) {
  return blocks.map((block, index) => <Block key={index} block={block} />);
}

function Block({ block }: { block: MarkdownBlock }) {
  switch (block.type) {
    case "paragraph":
      return (
        <p>
          <Inline tokens={block.tokens} />
        </p>
      );
    case "heading": {
      const Heading = `h${Math.min(Math.max(block.depth, 2), 6)}` as "h2";
      return (
        <Heading>
          <Inline tokens={block.tokens} />
        </Heading>
      );
    }
    case "list": {
      const List = block.ordered ? "ol" : "ul";
      return (
        <List>
          {block.items.map((item, index) => (
            <li key={index}>
              <Inline tokens={item} />
            </li>
          ))}
        </List>
      );
    }
    case "table":
      return (
        <div className="c-table-wrap">
          <table className="c-table">
            {/* The section's heading names the table on screen; the caption names it for assistive technology. */}
            {block.caption ? <caption className="c-visually-hidden">{block.caption}</caption> : null}
            <thead>
              <tr>
                {block.header.map((cell, index) => (
                  <th key={index} scope="col">
                    <Inline tokens={cell} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) =>
                    index === 0 ? (
                      <th key={index} scope="row">
                        <Inline tokens={cell} />
                      </th>
                    ) : (
                      <td key={index}>
                        <Inline tokens={cell} />
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

/** Inline content (a heading's, a list item's) on its own. */
export function Inline({ tokens }: { tokens: MarkdownInline[] }) {
  return tokens.map((token, index) => <Fragment key={index}>{inline(token)}</Fragment>);
}

function inline(token: MarkdownInline): ReactNode {
  switch (token.type) {
    case "text":
      return <Text text={token.text} />;
    case "strong":
      return (
        <strong>
          <Inline tokens={token.tokens} />
        </strong>
      );
    case "em":
      return (
        <em>
          <Inline tokens={token.tokens} />
        </em>
      );
    case "codespan":
      return <code>{token.text}</code>;
    case "br":
      return <br />;
    case "link":
      return <DocumentLink href={token.href} tokens={token.tokens} />;
  }
}

const PLACEHOLDER = /\{(name|email)\}/;

/** Text with the agency's `{name}` and `{email}` filled in. */
function Text({ text }: { text: string }) {
  // split() with a capturing group: the placeholders' names sit at the odd positions.
  return text.split(PLACEHOLDER).map((part, index) => {
    if (index % 2 === 0) return part;
    if (part === "name") return SITE.name;
    return (
      <a key={index} href={`mailto:${SITE.email}`}>
        {SITE.email}
      </a>
    );
  });
}

function DocumentLink({ href, tokens }: { href: string; tokens: MarkdownInline[] }) {
  const { t } = useLingui();
  const children = <Inline tokens={tokens} />;
  if (href.startsWith("/")) return <Link to={href}>{children}</Link>;
  if (/^https?:\/\//.test(href)) {
    return (
      <ExternalLink href={href} newTabHint={t`(opens in a new tab)`}>
        {children}
      </ExternalLink>
    );
  }
  return <a href={href}>{children}</a>;
}
