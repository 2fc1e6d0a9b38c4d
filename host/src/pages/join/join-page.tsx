import "@agency/widgets/agency-login.js";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useSearchParams } from "react-router";
import { AuthLayout } from "../../components/auth-layout";
import { loadCatalog } from "../../lib/i18n";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

/**
 * The page an invitation mail's link opens (/join?token=…&lang=…, /en/join in English): the login element with the
 * invitation's token, which shows who invites the visitor to which company, lets them log in or register with the
 * invited address and then accepts, and goes on to the settings, where the company and its subscription are. Opening
 * it changes nothing (a mail scanner uses nothing up); it works in any browser, signed in or not, in the link's
 * language.
 */
export default function JoinPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  return (
    <>
      <PageMeta title={t`Join your company`} description={t`Accept an invitation to your company's account.`} locale={locale} path="/join" noindex />
      {token ? (
        <AuthLayout title={t`Join your company`}>
          <agency-login view="login" invitation-token={token} redirect-to="/dashboard/settings" locale={locale} />
        </AuthLayout>
      ) : (
        <div className="page page--narrow">
          <h1 className="page__title">
            <Trans>This invitation link is incomplete</Trans>
          </h1>
          <p className="page__lead">
            <Trans>Open the link from the invitation mail again, or ask the person who invited you for a new one.</Trans>
          </p>
          <div className="actions">
            <Link to="/login" className="ag-button">
              <Trans>Log in</Trans>
            </Link>
          </div>
        </div>
      )}
    </>
  );
}
