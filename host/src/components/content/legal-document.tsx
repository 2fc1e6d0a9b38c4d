import { useEffect, useId, type ReactNode } from "react";

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** A legal text in one language, edited as a whole (content.nl.tsx / content.en.tsx beside each page). */
export interface LegalContent {
  /** The date as written in that language, e.g. "5 November 2025". */
  lastUpdated: string;
  intro?: ReactNode;
  /** Numbered in order: "1. …", "2. …". */
  sections: LegalSection[];
  contact?: { title: string; body: ReactNode };
}

export interface LegalDocumentProps {
  title: ReactNode;
  /** The page's "Last updated: …" line, already translated. */
  updatedLabel: ReactNode;
  content: LegalContent;
}

export function LegalDocument({ title, updatedLabel, content }: LegalDocumentProps) {
  const baseId = useId();
  // A legal page opened from the footer must start at its title, not at the previous page's scroll position.
  // A block body on purpose: newer browsers return a Promise from scrollTo, which React would take for a cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <article className="c-legal">
      <div className="c-container c-container--narrow">
        <h1 className="c-legal__title">{title}</h1>
        <p className="c-legal__updated">{updatedLabel}</p>
        {content.intro && <div className="c-legal__intro">{content.intro}</div>}
        {content.sections.map((section, index) => {
          const headingId = `${baseId}-s${index + 1}`;
          return (
            <section key={index} className="c-legal__section" aria-labelledby={headingId} data-legal-section={index + 1}>
              <h2 id={headingId}>
                {index + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          );
        })}
        {content.contact && (
          <section className="c-legal__section c-legal__contact" aria-labelledby={`${baseId}-contact`}>
            <h2 id={`${baseId}-contact`}>{content.contact.title}</h2>
            {content.contact.body}
          </section>
        )}
      </div>
    </article>
  );
}
