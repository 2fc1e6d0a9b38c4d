import { deskApi, useDeskSession } from "@agency/core";
import { toast } from "@agency/ui";
import { formCatalog } from "@agency/ui/form";
import "@agency/ui/styles/form.css";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { SkipLink } from "../../components/skip-link";
import { loadCatalog } from "../../lib/i18n";
import { SITE } from "../../lib/site";
import { useLocale } from "../../lib/use-locale";
import { deskRoot, useDeskApi, useDeskPath } from "./desk-lib";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";
import "./desk.css";
import "./desk-detail.css";

loadCatalog(formCatalog);
loadCatalog({ nl, en });

/**
 * The desk's frame: its own header (the desk's sections, the language, who is signed in and 'Sign out'), no
 * marketing header or footer. The views sit in <main>, whose heading gets focus after each navigation.
 */
export default function DeskFrame() {
  const { t } = useLingui();
  const locale = useLocale();
  const to = useDeskPath();
  const api = useDeskApi();
  const { staff } = useDeskSession();
  const { pathname, search } = useLocation();
  const [leaving, setLeaving] = useState(false);
  const other = locale === "en" ? "nl" : "en";
  const otherPath = `${deskRoot(other)}${pathname.slice(deskRoot(locale).length)}${search}`;

  async function signOut() {
    setLeaving(true);
    await deskApi.logout(api);
    setLeaving(false);
    toast.success(t`Signed out of the desk`, { locale });
  }

  return (
    <div className="desk">
      <SkipLink />
      <header className="desk__header">
        <Link to={to("/")} className="desk__brand">
          {SITE.name} <span className="desk__brand-tag">{t`Desk`}</span>
        </Link>
        {staff ? (
          <nav aria-label={t`Desk sections`} className="desk__nav">
            <NavLink to={to("/")} end className="desk__nav-link">
              <Trans>Leads</Trans>
            </NavLink>
            <NavLink to={to("/requests")} className="desk__nav-link">
              <Trans>Requests</Trans>
            </NavLink>
            <NavLink to={to("/customers")} className="desk__nav-link">
              <Trans>Customers</Trans>
            </NavLink>
            <NavLink to={to("/offers")} className="desk__nav-link">
              <Trans>Offers</Trans>
            </NavLink>
            {staff.role === "admin" ? (
              <>
                <NavLink to={to("/audit")} className="desk__nav-link">
                  <Trans>Audit log</Trans>
                </NavLink>
                <NavLink to={to("/staff")} className="desk__nav-link">
                  <Trans>Staff</Trans>
                </NavLink>
              </>
            ) : null}
          </nav>
        ) : null}
        <div className="desk__tools">
          <Link to={otherPath} lang={other} hrefLang={other} className="ag-link">
            {other === "en" ? "English" : "Nederlands"}
          </Link>
          {staff ? (
            <>
              <span className="desk__who">{staff.email}</span>
              <button type="button" className="ag-button ag-button--secondary desk__small-button" disabled={leaving} onClick={signOut}>
                <Trans>Sign out</Trans>
              </button>
            </>
          ) : null}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="desk__main">
        <Outlet />
      </main>
    </div>
  );
}
