import type { Locale } from "@agency/contract";
import type { RemovedFactors } from "../accounts/factors-repository";
import { say } from "../i18n";

/**
 * The sentence a mail adds when proving the mailbox removed ways into the account (a reset, a first confirmation,
 * 'this wasn't me'), nl and en (src/locales). Apart from the templates so each of them can use it.
 */
const m = {
  removed: /*i18n*/ {
    id: "mail.factors_removed",
    message: "For your safety we removed from your account: {list}. If you added that yourself, you can add it again in your account settings.",
  },
  onePasskey: /*i18n*/ { id: "mail.factors_removed.one_passkey", message: "a passkey" },
  passkeys: /*i18n*/ { id: "mail.factors_removed.passkeys", message: "{count} passkeys" },
  authenticator: /*i18n*/ { id: "mail.factors_removed.authenticator", message: "the authenticator app (two-step verification)" },
  codes: /*i18n*/ { id: "mail.factors_removed.recovery_codes", message: "the recovery codes" },
};

/** What the mails of a proof say was removed; null when nothing was. */
export function removedFactorsLine(locale: Locale, removed: RemovedFactors): string | null {
  const items = [
    ...(removed.passkeys === 1 ? [say(locale, m.onePasskey)] : removed.passkeys > 1 ? [say(locale, m.passkeys, { count: removed.passkeys })] : []),
    ...(removed.authenticator ? [say(locale, m.authenticator)] : []),
    ...(removed.recoveryCodes && !removed.authenticator ? [say(locale, m.codes)] : []),
  ];
  if (items.length === 0) return null;
  return say(locale, m.removed, { list: new Intl.ListFormat(locale, { type: "conjunction" }).format(items) });
}
