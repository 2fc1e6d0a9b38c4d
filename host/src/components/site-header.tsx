import { authApi, useSession } from "@agency/core";
import { toast } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { hostApi } from "../lib/api";
import { localizedPath } from "@agency/contract";
import { SiteLink, useSiteNavigation } from "../runtime";
import { SITE } from "../lib/site";
import { useLocale } from "../lib/use-locale";
import { LanguageToggle } from "./language-toggle";

/** "/en/pricing/" and "/en/pricing" are the same page. */
const samePage = (a: string, b: string) => a.replace(/(.)\/+$/, "$1") === b.replace(/(.)\/+$/, "$1");

/**
 * The navigation bar: five links, the language toggle and, on small screens, a menu button. A signed-in visitor
 * also gets 'Logout' beside 'Dashboard' (in the menu on small screens): they stay on the page, signed out.
 */
export function SiteHeader() {
  const { t } = useLingui();
  const locale = useLocale();
  const { isAuthenticated } = useSession();
  const { pathname } = useSiteNavigation();
  // The menu belongs to the page it was opened on: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const loginLink = useRef<HTMLAnchorElement>(null);
  const [leaving, setLeaving] = useState(false);
  const focusAfterLogout = useRef<"login" | "menu" | null>(null);

  // After 'Logout' the button is gone: focus goes to the 'Login' link that took its place, or, when the visitor
  // logged out from the mobile menu (which then closes: its work is done), to the menu button.
  useEffect(() => {
    if (isAuthenticated || !focusAfterLogout.current) return;
    const target = focusAfterLogout.current === "menu" ? menuButton : loginLink;
    focusAfterLogout.current = null;
    target.current?.focus();
  }, [isAuthenticated]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenOn(null);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  async function logout() {
    setLeaving(true);
    focusAfterLogout.current = menuOpen ? "menu" : "login";
    await authApi.logout(hostApi(locale));
    setLeaving(false);
    setOpenOn(null);
    toast.success(t`Logged out successfully`, { locale });
  }

  const links = [
    { to: "/", label: t`Home` },
    { to: "/services", label: t`Services` },
    { to: "/portfolio", label: t`Portfolio` },
    { to: "/pricing", label: t`Pricing` },
    { to: "/contact", label: t`Contact` },
  ];

  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <SiteLink to={localizedPath("/", locale)} className="site-header__brand">
          {SITE.name}
        </SiteLink>
        <button
          ref={menuButton}
          type="button"
          className="site-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => setOpenOn(menuOpen ? null : pathname)}
        >
          <span className="menu-icon" aria-hidden="true" />
          {menuOpen ? t`Close menu` : t`Menu`}
        </button>
        <nav id="site-menu" aria-label={t`Main navigation`} className="site-nav" data-open={menuOpen}>
          <ul className="site-nav__links">
            {links.map((link) => {
              const to = localizedPath(link.to, locale);
              return (
                <li key={link.to}>
                  <SiteLink to={to} className="site-nav__link" aria-current={samePage(to, pathname) ? "page" : undefined}>
                    {link.label}
                  </SiteLink>
                </li>
              );
            })}
          </ul>
          <div className="site-nav__actions">
            <LanguageToggle />
            {isAuthenticated ? (
              <>
                <SiteLink to="/dashboard" className="ag-button site-nav__account">
                  <Trans>Dashboard</Trans>
                </SiteLink>
                <button type="button" className="ag-button ag-button--secondary" disabled={leaving} aria-busy={leaving} onClick={() => void logout()}>
                  <Trans>Logout</Trans>
                </button>
              </>
            ) : (
              <SiteLink ref={loginLink} to="/login" className="ag-button site-nav__account">
                <Trans>Login</Trans>
              </SiteLink>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
