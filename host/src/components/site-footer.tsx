import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { localizedPath } from "@agency/contract";
import { SITE } from "../lib/site";
import { useLocale } from "../lib/use-locale";

const YEAR = new Date().getFullYear();

/** The footer: quick links, the contact e-mail, the legal pages in the page's language, cookie settings. */
export function SiteFooter() {
  const { t } = useLingui();
  const locale = useLocale();
  const to = (path: string) => localizedPath(path, locale);
  const year = YEAR;
  const company = SITE.name;

  return (
    <footer className="site-footer">
      <div className="site-footer__grid container">
        {/* Groups under the footer's headings, not landmarks of their own: a legal page has a "Contact" region too. */}
        <div>
          <h2 className="site-footer__title">
            {SITE.name}
          </h2>
          <p>
            <Trans>Websites that win customers: designed, built, hosted and maintained by us.</Trans>
          </p>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="site-footer__title">
            <Trans>Quick links</Trans>
          </h2>
          <ul>
            <li><Link to={to("/")}>{t`Home`}</Link></li>
            <li><Link to={to("/services")}>{t`Services`}</Link></li>
            <li><Link to={to("/portfolio")}>{t`Portfolio`}</Link></li>
            <li><Link to={to("/pricing")}>{t`Pricing`}</Link></li>
            <li><Link to={to("/contact")}>{t`Contact`}</Link></li>
            <li><Link to="/blog">{t`Blog`}</Link></li>
            <li><Link to="/about">{t`About`}</Link></li>
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__title">
            <Trans>Contact</Trans>
          </h2>
          <p>
            <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
          </p>
          <p>
            <Trans>We reply within 24 hours.</Trans>
          </p>
        </div>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="site-footer__title">
            <Trans>Legal</Trans>
          </h2>
          <ul>
            <li><Link to={to("/privacy-policy")}>{t`Privacy Policy`}</Link></li>
            <li><Link to={to("/terms")}>{t`Terms and Conditions`}</Link></li>
            <li><Link to={to("/cookie-policy")}>{t`Cookie Policy`}</Link></li>
            {/* The withdrawal function (Consumer Rights Directive, Art. 11a): on every page, in the page's language. */}
            <li><Link to={to("/withdraw")}>{t`Withdraw from contract`}</Link></li>
            <li>
              {/* The cookie banner element listens for clicks on this attribute and reopens its preferences. */}
              <button type="button" className="site-footer__link-button" data-agency-cookie-settings="">
                <Trans>Cookie settings</Trans>
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container">
        <p className="site-footer__copyright">
          <Trans>© {year} {company}. All rights reserved.</Trans>
        </p>
      </div>
    </footer>
  );
}
