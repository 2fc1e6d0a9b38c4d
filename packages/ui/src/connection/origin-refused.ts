import { isOriginRefused } from "@agency/core";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

const refused = msg`This page's address ({origin}) is not allowed to use the agency's service. The site's owner can allow it on the server (ALLOWED_ORIGINS).`;

/**
 * What to say when a call failed because the API refuses this page's origin (CORS), in the language of `i18n`:
 * neither the visitor's network nor their input is at fault. Undefined for any other failure.
 */
export function originRefusedMessage(i18n: I18n, error: unknown): string | undefined {
  return isOriginRefused(error) ? i18n._({ ...refused, values: { origin: window.location.origin } }) : undefined;
}
