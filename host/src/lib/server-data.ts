import type { Locale } from "@agency/contract";

/**
 * What the server hands the route loaders when it renders a page: the site's own API, answered inside the same
 * process. In the browser there is none, and a page fetches its data itself as it always has.
 */
export interface ServerData {
  /** GET of an API path (without /api), e.g. "/blog?page=1&limit=6", in the page's language. */
  get(path: string, locale: Locale): Promise<{ status: number; body: unknown }>;
  /** The visitor's chosen language (the language cookie, or the link's `?lang=`), for the pages that exist once. */
  preferred?: Locale;
}

/** The server's data source from a loader's `context`, or undefined in the browser. */
export function serverDataFrom(context: unknown): ServerData | undefined {
  const data = (context as { serverData?: ServerData } | null | undefined)?.serverData;
  return data && typeof data.get === "function" ? data : undefined;
}
