import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { useDeskPath } from "./desk-lib";

/** An address below /desk that is no view of the desk. */
export default function DeskNotFound() {
  const { t } = useLingui();
  const locale = useLocale();
  const to = useDeskPath();
  return (
    <div className="desk-view">
      <PageMeta title={t`Not found`} description={t`The agency's desk, for staff.`} locale={locale} path="/desk" noindex />
      <h1 className="desk-view__title">
        <Trans>This part of the desk does not exist</Trans>
      </h1>
      <p>
        <Link to={to("/")} className="ag-link">
          <Trans>Back to the leads</Trans>
        </Link>
      </p>
    </div>
  );
}
