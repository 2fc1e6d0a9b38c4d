import { apiBaseFrom, basePathFrom, isLocale, localeFromLanguageTag, localeFromPath, THEMES, type Locale, type Theme } from "@agency/contract";

/** Page-level settings every element shares; each element's `locale` / `api-base` attribute overrides them. */
export interface AgencySettings {
  /**
   * Language of every element on the page. Default: the nearest `lang` attribute around the element when it names
   * nl or en (`<html lang="en">`), else the URL (`/en` prefix), else "nl".
   */
  locale?: Locale;
  /** Where the API lives, e.g. "https://agency.example/api". Default: the base path + "api" on this origin. */
  apiBase?: string;
  /**
   * Colour theme of every element: "light" (default), "dark", or "auto", which follows the visitor's
   * `prefers-color-scheme`. Each element's `theme` attribute overrides it.
   */
  theme?: Theme;
  /** The site's base path ("/" or "/preview/{first}/{second}/"). Default: derived from the URL. */
  basePath?: string;
  /** Where a 401 sends the visitor. Default: base path + "login". */
  loginUrl?: string;
  /**
   * The cookies each optional consent category covers, as name patterns (`*` for any characters), deleted when the
   * visitor refuses or withdraws that category. The cookie banner's `analytics-cookies` / `marketing-cookies`
   * attributes override them. Default: Google Analytics 4 (`_ga`, `_ga_*`, `_gid`, `_gat`, `_gat_*`) for analytics;
   * Google Ads (`_gcl_*`) and Meta (`_fbp`, `_fbc`) for marketing.
   */
  consentCookies?: { analytics?: string[]; marketing?: string[] };
}

export interface ResolvedSettings {
  locale: Locale;
  theme: Theme;
  apiBase: string;
  basePath: string;
  loginUrl: string;
}

// Settings live on window so that two copies of the bundle on one page (a partner loading two per-element
// entries from different releases, say) still share one configuration.
const SETTINGS_KEY = "__agencyWidgetsSettings__";
export const SETTINGS_EVENT = "agency-settings-change";

type SettingsWindow = Window & { [SETTINGS_KEY]?: AgencySettings };

function pageSettings(): AgencySettings {
  if (typeof window === "undefined") return {};
  const w = window as SettingsWindow;
  w[SETTINGS_KEY] ??= {};
  return w[SETTINGS_KEY];
}

/** `AgencyWidgets.configure({ apiBase, locale })`: merges into the page settings and re-renders every element. */
export function configure(next: AgencySettings): AgencySettings {
  if (next.locale !== undefined && !isLocale(next.locale)) {
    throw new Error(`AgencyWidgets.configure: locale must be "nl" or "en", got ${JSON.stringify(next.locale)}`);
  }
  if (next.theme !== undefined && !isTheme(next.theme)) {
    throw new Error(`AgencyWidgets.configure: theme must be "light", "dark" or "auto", got ${JSON.stringify(next.theme)}`);
  }
  const merged = Object.assign(pageSettings(), next);
  window.dispatchEvent(new CustomEvent(SETTINGS_EVENT, { detail: { ...merged } }));
  return { ...merged };
}

export function getPageSettings(): AgencySettings {
  return { ...pageSettings() };
}

export function subscribeSettings(listener: () => void): () => void {
  window.addEventListener(SETTINGS_EVENT, listener);
  return () => window.removeEventListener(SETTINGS_EVENT, listener);
}

const isTheme = (value: unknown): value is Theme => (THEMES as readonly unknown[]).includes(value);

/**
 * Element attribute > page configuration > the page's language (`pageLanguage`: the nearest `lang` attribute, when
 * it names nl or en) > what the URL says > Dutch.
 */
export function resolveSettings(
  overrides: { locale?: string | null; apiBase?: string | null; theme?: string | null; pageLanguage?: string | null } = {},
): ResolvedSettings {
  const page = pageSettings();
  const pathname = typeof location === "undefined" ? "/" : location.pathname;
  const basePath = page.basePath ?? basePathFrom(pathname);
  const explicit = overrides.locale ?? page.locale;
  const theme = overrides.theme ?? page.theme;
  return {
    locale: isLocale(explicit) ? explicit : (localeFromLanguageTag(overrides.pageLanguage) ?? localeFromPath(pathname)),
    theme: isTheme(theme) ? theme : "light",
    apiBase: (overrides.apiBase || page.apiBase || apiBaseFrom(basePath)).replace(/\/+$/, ""),
    basePath,
    loginUrl: page.loginUrl ?? `${basePath}login`,
  };
}
