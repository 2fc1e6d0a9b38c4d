import type { Locale } from "@agency/contract";

/**
 * What the API server hands the site's server entry for a request: the site's own API, answered inside the same
 * process. In the browser there is none, and a page fetches its data itself as it always has.
 */
export interface ServerData {
  /** GET of an API path (without /api), e.g. "/blog?page=1&limit=6", in the page's language. */
  get(path: string, locale: Locale): Promise<{ status: number; body: unknown }>;
}

/** What the route loaders get when the server renders a page: the API, and the page's language. */
export interface ServerContext extends ServerData {
  /** The language the page is rendered in, decided once for the request (entry-server.tsx). */
  locale: Locale;
}

/** The server's context from a loader's `context`, or undefined in the browser. */
export function serverContextFrom(context: unknown): ServerContext | undefined {
  const server = (context as { server?: ServerContext } | null | undefined)?.server;
  return server && typeof server.get === "function" ? server : undefined;
}
