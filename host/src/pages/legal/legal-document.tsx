import { Trans } from "@lingui/react/macro";
import { useEffect, useId, useMemo } from "react";
import type { Locale } from "@agency/contract";
import { Inline, MarkdownBlocks } from "../../components/content/markdown";
import "../../components/content/content.css";
import { loadCatalog } from "../../lib/i18n";
import type { MarkdownBlock, MarkdownDocument, MarkdownInline } from "../../lib/markdown-document";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

export interface LegalDocumentProps {
  /** The page's app path without /en, e.g. "/terms". */
  path: string;
  /** The document in each language (host/content/legal/<name>.<locale>.md). */
  documents: Record<Locale, MarkdownDocument>;
}

interface LegalSection {
  heading: MarkdownInline[];
  /** From the heading ("## 3. …"); a section without one is the closing contact block. */
  number: number | null;
  blocks: MarkdownBlock[];
}

const plainText = (tokens: MarkdownInline[]): string =>
  tokens.map((token) => ("text" in token ? token.text : "tokens" in token ? plainText(token.tokens) : "")).join("");

/** What comes before the first "##" heading is the introduction; each "##" heading opens a section. */
function sectionsOf(blocks: MarkdownBlock[]): { intro: MarkdownBlock[]; sections: LegalSection[] } {
  const intro: MarkdownBlock[] = [];
  const sections: LegalSection[] = [];
  for (const block of blocks) {
    if (block.type === "heading" && block.depth === 2) {
      const number = /^(\d+)\.\s/.exec(plainText(block.tokens))?.[1];
      sections.push({ heading: block.tokens, number: number ? Number(number) : null, blocks: [] });
    } else (sections.at(-1)?.blocks ?? intro).push(block);
  }
  return { intro, sections };
}

/**
 * The one component of the legal pages (privacy policy, terms, cookie policy): the page's Markdown document in the
 * page's language, with its title, its date and its numbered sections, each a region named by its heading.
 */
export function LegalDocument({ path, documents }: LegalDocumentProps) {
  const locale = useLocale();
  const document = documents[locale];
  const { title = "", description = "", lastUpdated: date = "" } = document.attributes;
  const { intro, sections } = useMemo(() => sectionsOf(document.blocks), [document]);
  const baseId = useId();
  // A legal page opened from the footer must start at its title, not at the previous page's scroll position.
  // A block body on purpose: newer browsers return a Promise from scrollTo, which React would take for a cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <div className="c-page">
      <PageMeta title={title} description={description} locale={locale} path={path} bilingual />
      <article className="c-legal">
        <div className="c-container c-container--narrow">
          <h1 className="c-legal__title">{title}</h1>
          <p className="c-legal__updated">
            <Trans>Last updated: {date}</Trans>
          </p>
          {intro.length > 0 && (
            <div className="c-legal__intro">
              <MarkdownBlocks blocks={intro} />
            </div>
          )}
          {sections.map((section, index) => {
            const headingId = `${baseId}-s${index + 1}`;
            return (
              <section
                key={index}
                className={section.number === null ? "c-legal__section c-legal__contact" : "c-legal__section"}
                aria-labelledby={headingId}
                data-legal-section={section.number ?? undefined}
              >
                <h2 id={headingId}>
                  <Inline tokens={section.heading} />
                </h2>
                <MarkdownBlocks blocks={section.blocks} />
              </section>
            );
          })}
        </div>
      </article>
    </div>
  );
}
