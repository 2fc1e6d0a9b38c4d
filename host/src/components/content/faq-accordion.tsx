import { useState } from "react";

export interface FaqItem {
  question: string;
  answer: string;
}

export interface FaqAccordionProps {
  /** Unique on the page: the questions' and answers' ids start with it. */
  id: string;
  items: FaqItem[];
  /**
   * "single": one answer open at a time, opening another closes the first (home page);
   * "multiple": every answer opens and closes on its own (pricing page).
   */
  mode: "single" | "multiple";
}

/**
 * Questions as disclosure buttons (aria-expanded, aria-controls) under h3 headings. The answers are no regions: the
 * ARIA practices advise against them in an accordion with more than about six panels open at once (the home page
 * has eight), where they crowd the landmarks.
 */
export function FaqAccordion({ id, items, mode }: FaqAccordionProps) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());

  const toggle = (index: number) =>
    setOpen((current) => {
      if (current.has(index)) {
        const next = new Set(current);
        next.delete(index);
        return next;
      }
      return mode === "single" ? new Set([index]) : new Set(current).add(index);
    });

  return (
    <ul className="c-faq">
      {items.map((item, index) => {
        const buttonId = `${id}-q${index}`;
        const panelId = `${id}-a${index}`;
        const expanded = open.has(index);
        return (
          <li key={index} className="c-faq__item">
            <h3 className="c-faq__heading">
              <button
                type="button"
                id={buttonId}
                className="c-faq__button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(index)}
              >
                <span>{item.question}</span>
                <svg className="c-faq__icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                  <path d="M10 4v12M4 10h12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </h3>
            <div id={panelId} className="c-faq__panel" hidden={!expanded}>
              <p>{item.answer}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
