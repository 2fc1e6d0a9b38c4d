import type { ReactNode } from "react";
import { ExternalLink } from "./external-link";

/** The two live projects shown on Home and Portfolio. */
export const SHOWCASES = {
  builder: "https://builder.pixelwerf.nl",
  trading: "https://trading.pixelwerf.nl",
} as const;

export type ShowcaseKind = keyof typeof SHOWCASES;

export interface ShowcaseCardProps {
  kind: ShowcaseKind;
  title: ReactNode;
  tag: ReactNode;
  description: ReactNode;
  linkLabel: ReactNode;
  newTabHint: string;
}

/** Decorative sketches of the two projects: inline SVG keeps the page free of image requests. */
function ShowcaseArt({ kind }: { kind: ShowcaseKind }) {
  return (
    <svg className="c-showcase__art" viewBox="0 0 320 160" aria-hidden="true" focusable="false">
      <rect width="320" height="160" fill="#e0e7ff" />
      <rect x="20" y="16" width="280" height="132" rx="8" fill="#ffffff" />
      <circle cx="34" cy="28" r="4" fill="#f87171" />
      <circle cx="46" cy="28" r="4" fill="#fbbf24" />
      <circle cx="58" cy="28" r="4" fill="#34d399" />
      {kind === "builder" ? (
        <g>
          <rect x="32" y="44" width="80" height="92" rx="4" fill="#eef2ff" />
          <rect x="40" y="54" width="64" height="8" rx="4" fill="#a5b4fc" />
          <rect x="40" y="70" width="52" height="8" rx="4" fill="#c7d2fe" />
          <rect x="40" y="86" width="58" height="8" rx="4" fill="#c7d2fe" />
          <rect x="124" y="44" width="164" height="40" rx="4" fill="#1d4ed8" />
          <rect x="124" y="92" width="78" height="44" rx="4" fill="#dbeafe" />
          <rect x="210" y="92" width="78" height="44" rx="4" fill="#dbeafe" />
        </g>
      ) : (
        <g>
          <rect x="32" y="44" width="256" height="92" rx="4" fill="#f8fafc" />
          <polyline
            points="40,120 80,100 115,108 150,78 185,88 220,60 255,70 280,52"
            fill="none"
            stroke="#1d4ed8"
            strokeWidth="3"
            strokeLinejoin="round"
          />
          <rect x="60" y="112" width="10" height="20" fill="#34d399" />
          <rect x="130" y="104" width="10" height="28" fill="#f87171" />
          <rect x="200" y="96" width="10" height="36" fill="#34d399" />
        </g>
      )}
    </svg>
  );
}

/** A portfolio project; the whole card opens the live site in a new tab. */
export function ShowcaseCard({ kind, title, tag, description, linkLabel, newTabHint }: ShowcaseCardProps) {
  return (
    <li className="c-card c-showcase">
      <ShowcaseArt kind={kind} />
      <div className="c-showcase__body">
        <p className="c-showcase__tag">{tag}</p>
        <h3 className="c-card__title">{title}</h3>
        <p className="c-card__text">{description}</p>
        <ExternalLink href={SHOWCASES[kind]} newTabHint={newTabHint} className="c-showcase__link">
          {linkLabel}
        </ExternalLink>
      </div>
    </li>
  );
}
