import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Only pages of the site itself or of ALLOWED_ORIGINS: anything else would make a checkout's or the billing portal's
 * way back an open redirect. @returns the address as the WHATWG URL parser (and so a browser) reads it, which is what
 * is stored and handed on, or null when it is not allowed. Never the raw text: `https://site\evil.example` or a tab
 * inside a host reads differently to other parsers than to the check made here.
 */
export function allowedRedirect(app: FastifyInstance, value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password) return null;
  return app.isAllowedOrigin(url.origin) ? url.href : null;
}

/**
 * Absolute URL of the API base this request came in under: `${PUBLIC_URL}/api`, or
 * `${PUBLIC_URL}/preview/{first}/{second}/api`, so the pages the server renders itself (test checkout, test portal,
 * invoice documents) open under the same base.
 */
export function apiBaseUrl(request: FastifyRequest, publicUrl: string): string {
  const path = request.url.split("?")[0] ?? "";
  const at = path.lastIndexOf("/subscriptions/");
  return `${publicUrl}${at >= 0 ? path.slice(0, at) : "/api"}`;
}

export const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};
