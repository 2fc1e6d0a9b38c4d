import { type Locale, localizedPath } from "@agency/contract";
import { useLingui } from "@lingui/react/macro";
import { hasEnglishVersion, markLanguageToggle, rememberLanguage } from "../lib/language";
import { useSiteNavigation } from "../runtime";
import { useLocale } from "../lib/use-locale";

/**
 * NL/EN switch. On a page with an English duplicate it adds or removes /en; on the others
 * (portal, blog, about) the page stays and only the remembered language changes. Either way it refreshes the
 * language-guard marker and scrolls to the top.
 */
export function LanguageToggle() {
  const { t } = useLingui();
  const locale = useLocale();
  const { pathname, search, navigate, switchLanguage } = useSiteNavigation();

  function choose(next: Locale) {
    markLanguageToggle();
    rememberLanguage(next);
    if (hasEnglishVersion(pathname)) {
      const target = localizedPath(pathname, next);
      if (target !== pathname) navigate(target + search);
    } else {
      switchLanguage(next);
    }
    window.scrollTo(0, 0);
  }

  return (
    <div className="language-toggle" role="group" aria-label={t`Language`}>
      <button type="button" lang="nl" aria-pressed={locale === "nl"} onClick={() => choose("nl")}>
        NL<span className="ag-visually-hidden"> Nederlands</span>
      </button>
      <button type="button" lang="en" aria-pressed={locale === "en"} onClick={() => choose("en")}>
        EN<span className="ag-visually-hidden"> English</span>
      </button>
    </div>
  );
}
