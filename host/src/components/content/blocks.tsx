import { useId, type ReactNode } from "react";

/** The page's one <h1>, on the brand gradient. */
export function Hero({ title, lead, eyebrow, children }: { title: ReactNode; lead?: ReactNode; eyebrow?: ReactNode; children?: ReactNode }) {
  return (
    <header className="c-hero">
      <div className="c-container">
        {eyebrow && <p className="c-hero__eyebrow">{eyebrow}</p>}
        <h1 className="c-hero__title">{title}</h1>
        {lead && <p className="c-hero__lead">{lead}</p>}
        {children}
      </div>
    </header>
  );
}

export interface SectionProps {
  title: ReactNode;
  intro?: ReactNode;
  /** Alternating background, so long pages read as separate blocks. */
  alt?: boolean;
  narrow?: boolean;
  className?: string;
  children?: ReactNode;
}

/** A landmark section named by its <h2>. */
export function Section({ title, intro, alt = false, narrow = false, className, children }: SectionProps) {
  const headingId = useId();
  const classes = ["c-section", alt && "c-section--alt", className].filter(Boolean).join(" ");
  return (
    <section className={classes} aria-labelledby={headingId}>
      <div className={narrow ? "c-container c-container--narrow" : "c-container"}>
        <h2 id={headingId} className="c-section__title">
          {title}
        </h2>
        {intro && <p className="c-section__intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}

export interface CardItem {
  title: ReactNode;
  text: ReactNode;
  /** A short mark beside the title ("Included"), part of the heading's name: "Blog system, included". */
  badge?: string;
  points?: ReactNode[];
}

export function CardGrid({ items, columns = 3 }: { items: CardItem[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={`c-grid c-grid--${columns}`}>
      {items.map((item, index) => (
        <li key={index} className="c-card">
          <h3 className="c-card__title">
            {item.badge ? (
              <>
                {/*
                  The badge is read as its own word after a pause ("Blogsysteem, inbegrepen"): the heading's name
                  comes from one hidden line, since browsers put their own space around a hidden piece of a name.
                */}
                <span aria-hidden="true">
                  {item.title}
                  <span className="c-badge">{item.badge}</span>
                </span>
                <span className="ag-visually-hidden">
                  {item.title}, {item.badge.toLocaleLowerCase()}
                </span>
              </>
            ) : (
              item.title
            )}
          </h3>
          <p className="c-card__text">{item.text}</p>
          {item.points && (
            <ul className="c-card__list">
              {item.points.map((point, i) => (
                <li key={i}>{point}</li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A numbered process; the numbers come from the list itself, so they are read out as list positions. */
export function Steps({ items }: { items: { title: ReactNode; text: ReactNode }[] }) {
  return (
    <ol className="c-steps">
      {items.map((item, index) => (
        <li key={index}>
          <h3 className="c-card__title">{item.title}</h3>
          <p className="c-card__text">{item.text}</p>
        </li>
      ))}
    </ol>
  );
}

interface CompareColumn {
  title: ReactNode;
  items: ReactNode[];
}

/** Two columns side by side: the problem (or "before") and the solution (or "after"). */
export function Compare({ before, after }: { before: CompareColumn; after: CompareColumn }) {
  return (
    <div className="c-compare">
      {[
        { column: before, modifier: "before" },
        { column: after, modifier: "after" },
      ].map(({ column, modifier }) => (
        <div key={modifier} className={`c-compare__column c-compare__column--${modifier}`}>
          <h3>{column.title}</h3>
          <ul>
            {column.items.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

export function Callout({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="c-callout">
      <h3 className="c-callout__title">{title}</h3>
      {children}
    </div>
  );
}
