import type { Locale } from "@agency/contract";
import { getApiClient, resolveSettings } from "@agency/core";

/**
 * The host's API client in the page's language (which the route decided and passes down): the same instance, and
 * session, the elements of that language use.
 */
export function hostApi(locale: Locale): ReturnType<typeof getApiClient> {
  return getApiClient(resolveSettings({ locale }));
}
