import type { ReactNode } from "react";

export interface ExternalLinkProps {
  href: string;
  /** Read after the link text by screen readers, e.g. "(opens in a new tab)". */
  newTabHint: string;
  className?: string;
  children: ReactNode;
}

/**
 * A link to another site in a new tab. `noopener` keeps the opened page from reaching back into this one
 * through window.opener; `noreferrer` keeps our URL out of its logs.
 */
export function ExternalLink({ href, newTabHint, className, children }: ExternalLinkProps) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children} <span className="c-visually-hidden">{newTabHint}</span>
    </a>
  );
}
