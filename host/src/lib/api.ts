import { getApiClient, resolveSettings } from "@agency/core";

/** The host's API client: the same instance (and session) the elements use for this page's settings. */
export function hostApi(): ReturnType<typeof getApiClient> {
  return getApiClient(resolveSettings());
}
