import type { Locale } from "@agency/contract";
import { createContext, useContext, type AnchorHTMLAttributes, type Ref } from "react";
import { useSiteAddress } from "../lib/site-address";

/**
 * What the site's shared parts (header, language toggle, blog pages) need of navigation, without importing the
 * router: in the running app React Router provides it (app/root.tsx); in a server-rendered page whose islands
 * are hydrated before the router has started, the islands provide it, and a navigation starts the router first
 * (take-over.ts). So these components stay small enough to hydrate on their own.
 */
export interface SiteNavigation {
  /** The app path shown, without base path or query: "/en/pricing". */
  pathname: string;
  /** The query of the address shown, "" or "?page=2". */
  search: string;
  /** Goes to an app path ("/pricing", "/blog?page=2"), as a new history entry. */
  navigate(to: string): void;
  /** Shows the page in another language without leaving it (pages that exist in one version only). */
  switchLanguage(locale: Locale): void;
}

export const SiteNavigationContext = createContext<SiteNavigation | null>(null);

export function useSiteNavigation(): SiteNavigation {
  const navigation = useContext(SiteNavigationContext);
  if (!navigation) throw new Error("useSiteNavigation() needs a SiteNavigationContext provider");
  return navigation;
}

/** The href of an app path ("/pricing") at the site's base path ("/preview/a/b/pricing" under a preview base). */
export function useSiteHref(): (path: string) => string {
  const { base } = useSiteAddress();
  return (path) => `${base}${path.replace(/^\//, "")}`;
}

export interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** An app path: "/pricing", "/en/contact". */
  to: string;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link to a page of the site, as a plain anchor at the base path. The app follows it without loading a new
 * document (link-navigation.ts), like a React Router <Link>, and without the router's code in the islands.
 */
export function SiteLink({ to, children, ...rest }: SiteLinkProps) {
  const href = useSiteHref();
  return (
    <a href={href(to)} {...rest}>
      {children}
    </a>
  );
}
