import type { ReactNode } from "react";

/**
 * A table that may be wider than a phone's screen scrolls sideways in a named region, which takes focus so the
 * keyboard can scroll it too (arrow keys), whether or not the table has links.
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="desk-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
