import { formatDateTime, type Locale } from "@agency/contract";
import { say } from "../i18n";
import { accountLink } from "./links";
import { defineMail, SAMPLE_TOKEN } from "./registry";
import { greeting } from "./templates";

/** The new-sign-in alert, nl and en (src/locales): what signed in and when, and the way out when it was not the reader. */
const m = {
  subject: /*i18n*/ { id: "mail.sign_in_alert.subject", message: "New sign-in to your account" },
  body: /*i18n*/ {
    id: "mail.sign_in_alert.body",
    message: "Your account was just signed in to from a device or browser it has not used before: {device}, on {time}.",
  },
  device: /*i18n*/ { id: "mail.sign_in_alert.device", message: "{browser} on {os}" },
  unknownBrowser: /*i18n*/ { id: "mail.sign_in_alert.unknown_browser", message: "an unknown browser" },
  unknownSystem: /*i18n*/ { id: "mail.sign_in_alert.unknown_system", message: "an unknown system" },
  itWasYou: /*i18n*/ { id: "mail.sign_in_alert.was_you", message: "If this was you, there is nothing to do." },
  notYou: /*i18n*/ {
    id: "mail.sign_in_alert.not_you",
    message:
      "If this wasn't you, open this link. It signs your account out on every device, stops its password from working and mails you a link to choose a new one:",
  },
  footer: /*i18n*/ {
    id: "mail.sign_in_alert.footer",
    message: "The link works once and expires in 7 days. Opening it changes nothing until you confirm on the page.",
  },
};

/** "Chrome on macOS", in the reader's language, with a plain word for what the user agent did not say. */
export function deviceText(locale: Locale, device: { browser: string | null; os: string | null }): string {
  return say(locale, m.device, { browser: device.browser ?? say(locale, m.unknownBrowser), os: device.os ?? say(locale, m.unknownSystem) });
}

export const signInAlertMail = defineMail<{ name: string | undefined; device: { browser: string | null; os: string | null }; at: Date; link: string }>({
  name: "account.sign_in_alert",
  render: (locale, { name, device, at, link }) => {
    const body = say(locale, m.body, { device: deviceText(locale, device), time: formatDateTime(at, locale) });
    return {
      subject: say(locale, m.subject),
      text: [greeting(locale, name), "", body, "", say(locale, m.itWasYou), "", say(locale, m.notYou), "", link, "", say(locale, m.footer)].join(
        "\n",
      ),
    };
  },
  samples: (site, locale) => [
    {
      name: "Eva",
      device: { browser: "Firefox", os: "Android" },
      at: new Date("2026-03-05T10:30:00Z"),
      link: accountLink(site.publicUrl, site.basePath, "secure-account", SAMPLE_TOKEN, locale),
    },
  ],
});
