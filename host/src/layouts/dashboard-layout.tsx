import { authApi } from "@agency/core";
import { toast } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { SkipLink } from "../components/skip-link";
import { hostApi } from "../lib/api";
import { localizedPath } from "@agency/contract";
import { SITE } from "../lib/site";
import { useLocale } from "../lib/use-locale";
import "./dashboard-layout.css";

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The dashboard layout: a sidebar (navigation list, Settings, Logout) that is a slide-over on small
 * screens, and the 'Dashboard' title.
 */
export default function DashboardLayout() {
  const { t } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The slide-over belongs to the page it was opened on: following a link in it closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const [leaving, setLeaving] = useState(false);
  const sidebar = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // While the slide-over is open it behaves as a modal: focus moves in, stays in, and Escape closes it.
  useEffect(() => {
    const panel = sidebar.current;
    if (!open || !panel) return;
    const items = () => Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
    items()[0]?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpenOn(null);
        toggle.current?.focus();
        return;
      }
      if (event.key !== "Tab") return;
      const list = items();
      const first = list[0];
      const last = list.at(-1);
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  async function logout() {
    setLeaving(true);
    await authApi.logout(hostApi(locale));
    toast.success(t`Logged out successfully`, { locale });
    navigate("/login", { replace: true });
  }

  return (
    <div className="dashboard" data-sidebar-open={open}>
      <SkipLink />
      <header className="dashboard__topbar">
        <button
          ref={toggle}
          type="button"
          className="dashboard__menu-button"
          aria-expanded={open}
          aria-controls="dashboard-sidebar"
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          <span className="menu-icon" aria-hidden="true" />
          {open ? t`Close menu` : t`Menu`}
        </button>
        <Link to={localizedPath("/", locale)} className="dashboard__brand">
          {SITE.name}
        </Link>
      </header>
      {open ? <div className="dashboard__backdrop" aria-hidden="true" onClick={() => setOpenOn(null)} /> : null}
      <aside
        ref={sidebar}
        id="dashboard-sidebar"
        className="dashboard__sidebar"
        aria-label={t`Dashboard menu`}
        {...(open ? { role: "dialog", "aria-modal": true } : {})}
      >
        <Link to={localizedPath("/", locale)} className="dashboard__sidebar-brand">
          {SITE.name}
        </Link>
        <nav aria-label={t`Dashboard navigation`}>
          <ul className="dashboard__nav">
            <li>
              <NavLink to="/dashboard/requests" className="dashboard__link">
                <Trans>Requests</Trans>
              </NavLink>
            </li>
          </ul>
          <NavLink to="/dashboard/settings" className="dashboard__link">
            <Trans>Settings</Trans>
          </NavLink>
        </nav>
        <button type="button" className="ag-button ag-button--secondary dashboard__logout" disabled={leaving} onClick={logout}>
          <Trans>Logout</Trans>
        </button>
      </aside>
      <main id="main" tabIndex={-1} className="dashboard__main">
        <h1 className="dashboard__title">
          <Trans>Dashboard</Trans>
        </h1>
        <Outlet />
      </main>
    </div>
  );
}
