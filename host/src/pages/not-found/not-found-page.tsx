import { Trans, useLingui } from "@lingui/react/macro";
import { data, Link, useLocation } from "react-router";
import { loadCatalog } from "../../lib/i18n";
import { localizedPath } from "@agency/contract";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

/** The route's loader: the server answers an address that is no page with this page and status 404. */
export function loader() {
  return data(null, { status: 404 });
}

/** Unknown paths: a real page in the visitor's language, kept out of search results. */
export default function NotFoundPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const { pathname } = useLocation();
  return (
    <div className="page page--narrow not-found">
      <PageMeta
        title={t`Page not found`}
        description={t`The page you are looking for does not exist or has moved.`}
        locale={locale}
        path={pathname}
        noindex
      />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="page__title">
        <Trans>Page not found</Trans>
      </h1>
      <p className="page__lead">
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      <div className="actions">
        <Link to={localizedPath("/", locale)} className="ag-button">
          <Trans>Go to the home page</Trans>
        </Link>
        <Link to={localizedPath("/contact", locale)} className="ag-button ag-button--secondary">
          <Trans>Contact us</Trans>
        </Link>
      </div>
    </div>
  );
}
