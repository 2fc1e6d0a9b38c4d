import { Link } from "react-router";
import { ExternalLink } from "../../components/content/external-link";
import type { LegalContent } from "../../components/content/legal-document";
import { localizedPath } from "../../lib/localized-path";
import { SITE } from "../../lib/site";

const mail = <a href={`mailto:${SITE.email}`}>{SITE.email}</a>;
const newTab = "(opens in a new tab)";

export const content: LegalContent = {
  lastUpdated: "5 January 2025",
  intro: (
    <p>
      This cookie policy explains how {SITE.name} uses cookies and similar technologies on this website, and how you can
      manage them.
    </p>
  ),
  sections: [
    {
      title: "What are cookies?",
      body: (
        <p>
          Cookies are small text files that a website stores on your computer, tablet or phone when you visit it. Similar
          technologies, such as local storage and session storage in your browser, work in a comparable way; in this
          policy we call all of them cookies. Session cookies disappear when you close your browser; persistent cookies
          stay for a set period.
        </p>
      ),
    },
    {
      title: "Which cookies do we use?",
      body: (
        <div className="c-table-wrap">
          <table className="c-table">
            <caption className="c-visually-hidden">Cookies on this website</caption>
            <thead>
              <tr>
                <th scope="col">Cookie</th>
                <th scope="col">Type</th>
                <th scope="col">Purpose</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Cookie consent (cookieConsent)</th>
                <td>Necessary</td>
                <td>Remembers your cookie choices, so we do not ask again on every visit.</td>
              </tr>
              <tr>
                <th scope="row">Language</th>
                <td>Necessary</td>
                <td>Remembers whether you read the website in Dutch or English.</td>
              </tr>
              <tr>
                <th scope="row">Theme</th>
                <td>Necessary</td>
                <td>Remembers your display preferences.</td>
              </tr>
              <tr>
                <th scope="row">Login (token, user)</th>
                <td>Necessary</td>
                <td>Keeps you logged in to your customer account until you log out.</td>
              </tr>
              <tr>
                <th scope="row">Session</th>
                <td>Necessary</td>
                <td>Keeps the website working during your visit, for example when you switch language.</td>
              </tr>
              <tr>
                <th scope="row">Analytics cookies</th>
                <td>Analytics (only with consent)</td>
                <td>Show us how visitors use the website, so that we can improve it.</td>
              </tr>
              <tr>
                <th scope="row">Marketing cookies</th>
                <td>Marketing (only with consent)</td>
                <td>Measure the results of our campaigns and show relevant advertisements on other websites.</td>
              </tr>
            </tbody>
          </table>
        </div>
      ),
    },
    {
      title: "Third-party cookies",
      body: (
        <p>
          Some cookies are placed by other parties whose services we use: analytics services and marketing partners, only
          with your consent, and our payment provider, which uses necessary cookies during payment to process it securely
          and prevent fraud. These parties have their own privacy and cookie policies, which we do not control. Please
          read them for details.
        </p>
      ),
    },
    {
      title: "Why we use cookies",
      body: (
        <ul>
          <li>
            <strong>Necessary:</strong> to make the website work, keep you logged in, remember your language and save
            your cookie choices. These cookies do not need your consent.
          </li>
          <li>
            <strong>Analytics:</strong> to understand how visitors use our website, so that we can improve it. Only with
            your consent.
          </li>
          <li>
            <strong>Marketing:</strong> to measure our campaigns and show relevant advertisements. Only with your consent.
          </li>
        </ul>
      ),
    },
    {
      title: "Managing cookies",
      body: (
        <p>
          On your first visit we ask for your consent for analytics and marketing cookies. You can change your choice at
          any time with the 'Cookie settings' link at the bottom of every page. You can also delete or block cookies in
          your browser settings; section 9 links to the instructions for the most common browsers. If you block necessary
          cookies, parts of the website may no longer work properly.
        </p>
      ),
    },
    {
      title: "How long cookies are kept",
      body: (
        <ul>
          <li>Session cookies: until you close your browser.</li>
          <li>Cookies for your cookie consent, language and theme: 365 days.</li>
          <li>Analytics cookies: 24 months.</li>
          <li>Other persistent cookies: usually 1-24 months.</li>
        </ul>
      ),
    },
    {
      title: "Your rights under the GDPR",
      body: (
        <p>
          Where cookies collect personal data, you have rights under the General Data Protection Regulation (GDPR): the
          rights of access, rectification, erasure, restriction and data portability, the right to object, and the right
          to withdraw your consent at any time. You can also lodge a complaint with the Autoriteit Persoonsgegevens. Read
          more in our <Link to={localizedPath("/privacy-policy", "en")}>privacy policy</Link>.
        </p>
      ),
    },
    {
      title: "Changes to this cookie policy",
      body: (
        <p>
          We may change this cookie policy, for example when we start using new cookies. The latest version is always on
          this page. If a change affects what you consented to, we will ask for your consent again.
        </p>
      ),
    },
    {
      title: "External links",
      body: (
        <>
          <p>
            Our website may link to other websites. This cookie policy does not apply to them; please read their own
            policies. How to manage cookies in your browser, and where to learn more:
          </p>
          <ul>
            <li>
              <ExternalLink href="https://support.google.com/chrome/answer/95647?hl=en" newTabHint={newTab}>
                Google Chrome
              </ExternalLink>
            </li>
            <li>
              <ExternalLink href="https://support.mozilla.org/en-US/kb/clear-cookies-and-site-data-firefox" newTabHint={newTab}>
                Mozilla Firefox
              </ExternalLink>
            </li>
            <li>
              <ExternalLink href="https://support.apple.com/guide/safari/manage-cookies-sfri11471/mac" newTabHint={newTab}>
                Apple Safari
              </ExternalLink>
            </li>
            <li>
              <ExternalLink
                href="https://support.microsoft.com/en-us/microsoft-edge/delete-cookies-in-microsoft-edge-63947406-40ac-c3b8-57b9-2a946a29ae09"
                newTabHint={newTab}
              >
                Microsoft Edge
              </ExternalLink>
            </li>
            <li>
              <ExternalLink href="https://www.youronlinechoices.com/uk/" newTabHint={newTab}>
                Your Online Choices
              </ExternalLink>{" "}
              (opting out of online advertising)
            </li>
            <li>
              <ExternalLink href="https://autoriteitpersoonsgegevens.nl/en" newTabHint={newTab}>
                Autoriteit Persoonsgegevens
              </ExternalLink>{" "}
              (the Dutch Data Protection Authority)
            </li>
          </ul>
        </>
      ),
    },
  ],
  contact: {
    title: "Contact",
    body: (
      <p>
        Questions about cookies or this cookie policy? Contact {SITE.name} at {mail}.
      </p>
    ),
  },
};
