import { LANGUAGE_PARAM, localizedPath, type Locale } from "@agency/contract";
import type { MailSite } from "./registry";

export type { MailSite };

/**
 * The address of a page of the site that a mail links to: PUBLIC_URL + base path + the page, and the mail's language
 * (`lang`), so the page opens in that language in any browser (a phone, another browser), with no session and no
 * remembered choice, and the pages after it stay in it. A page that has an English twin under /en is given in the
 * mail's language by the caller (`localizedPath`); the others exist once and take `lang`.
 */
export function pageLink(site: MailSite, appPath: string, locale: Locale, params: Record<string, string> = {}): string {
  const query = new URLSearchParams({ ...params, [LANGUAGE_PARAM]: locale });
  return `${site.publicUrl}${site.basePath}${appPath.replace(/^\//, "")}?${query}`;
}

/** The pages a mail links to with a token: a reset, a verification, a withdrawal's undo, 'this wasn't me'. */
export type TokenPage = "verify-email" | "reset-password" | "withdraw/undo" | "secure-account";

/**
 * The address of a page a mail links to with a token: PUBLIC_URL + basePath + page, the token, and the mail's
 * language (see pageLink).
 */
export function accountLink(publicUrl: string, basePath: string, page: TokenPage, token: string, locale: Locale): string {
  return pageLink({ publicUrl, basePath }, page, locale, { token });
}

/** The address an invitation to a company opens: /join, /en/join in English, with its token (see pageLink). */
export function invitationLink(site: MailSite, token: string, locale: Locale): string {
  return pageLink(site, localizedPath("/join", locale), locale, { token });
}

/** The address of a page of the desk a mail links to: /desk/…, /en/desk/… in English (see pageLink). */
export function deskLink(site: MailSite, deskPath: string, locale: Locale): string {
  return pageLink(site, localizedPath(`/desk/${deskPath}`, locale), locale);
}

/** The address of one of a company's requests in the portal (see pageLink). */
export function requestLink(site: MailSite, id: string, locale: Locale): string {
  return pageLink(site, `/dashboard/requests/${id}`, locale);
}

/** The address of an offer's page: /offer, /en/offer in English, with its token (see pageLink). */
export function offerLink(site: MailSite, token: string, locale: Locale): string {
  return pageLink(site, localizedPath("/offer", locale), locale, { token });
}
