import { Trans, useLingui } from "@lingui/react/macro";
import { loadCatalog } from "../../lib/i18n";
import { useSiteNavigation } from "../../runtime";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

// This module is also an island's own chunk (site-islands.ts), which brings the blog's texts with it.
loadCatalog({ nl, en });

export interface BlogPaginationProps {
  page: number;
  pages: number;
}

/** 'Page X of Y' with Previous and Next; page 1 is the blog's address without a query. */
export function BlogPagination({ page, pages }: BlogPaginationProps) {
  const { t } = useLingui();
  const { pathname, navigate } = useSiteNavigation();
  const goTo = (next: number) => {
    navigate(next === 1 ? pathname : `${pathname}?page=${next}`);
    window.scrollTo(0, 0);
  };
  return (
    <nav className="pagination" aria-label={t`Blog pages`}>
      <button type="button" className="ag-button ag-button--secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
        <Trans>Previous</Trans>
      </button>
      <p className="pagination__status" aria-live="polite">
        <Trans>
          Page {page} of {pages}
        </Trans>
      </p>
      <button type="button" className="ag-button ag-button--secondary" disabled={page >= pages} onClick={() => goTo(page + 1)}>
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}
