import { Link } from "react-router";
import { ExternalLink } from "../../components/content/external-link";
import type { LegalContent } from "../../components/content/legal-document";
import { localizedPath } from "../../lib/localized-path";
import { SITE } from "../../lib/site";

const mail = <a href={`mailto:${SITE.email}`}>{SITE.email}</a>;
const newTab = "(opent in een nieuw tabblad)";

export const content: LegalContent = {
  lastUpdated: "5 januari 2025",
  intro: (
    <p>
      In dit cookiebeleid lees je hoe {SITE.name} cookies en vergelijkbare technieken gebruikt op deze website, en hoe je
      ze kunt beheren.
    </p>
  ),
  sections: [
    {
      title: "Wat zijn cookies?",
      body: (
        <p>
          Cookies zijn kleine tekstbestanden die een website op je computer, tablet of telefoon opslaat als je die website
          bezoekt. Vergelijkbare technieken, zoals lokale opslag en sessieopslag in je browser, werken op een vergelijkbare
          manier; in dit beleid noemen we ze allemaal cookies. Sessiecookies verdwijnen als je je browser sluit;
          permanente cookies blijven een vastgestelde periode bewaard.
        </p>
      ),
    },
    {
      title: "Welke cookies gebruiken we?",
      body: (
        <div className="c-table-wrap">
          <table className="c-table">
            <caption className="c-visually-hidden">Cookies op deze website</caption>
            <thead>
              <tr>
                <th scope="col">Cookie</th>
                <th scope="col">Soort</th>
                <th scope="col">Doel</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Cookietoestemming (cookieConsent)</th>
                <td>Noodzakelijk</td>
                <td>Onthoudt je cookiekeuze, zodat we je niet bij elk bezoek opnieuw vragen.</td>
              </tr>
              <tr>
                <th scope="row">Taal</th>
                <td>Noodzakelijk</td>
                <td>Onthoudt of je de website in het Nederlands of het Engels leest.</td>
              </tr>
              <tr>
                <th scope="row">Thema</th>
                <td>Noodzakelijk</td>
                <td>Onthoudt je weergavevoorkeuren.</td>
              </tr>
              <tr>
                <th scope="row">Inloggen (token, user)</th>
                <td>Noodzakelijk</td>
                <td>Houdt je ingelogd in je klantaccount tot je uitlogt.</td>
              </tr>
              <tr>
                <th scope="row">Sessie</th>
                <td>Noodzakelijk</td>
                <td>Laat de website werken tijdens je bezoek, bijvoorbeeld als je van taal wisselt.</td>
              </tr>
              <tr>
                <th scope="row">Analytische cookies</th>
                <td>Analytisch (alleen met toestemming)</td>
                <td>Laten ons zien hoe bezoekers de website gebruiken, zodat we die kunnen verbeteren.</td>
              </tr>
              <tr>
                <th scope="row">Marketingcookies</th>
                <td>Marketing (alleen met toestemming)</td>
                <td>Meten de resultaten van onze campagnes en tonen relevante advertenties op andere websites.</td>
              </tr>
            </tbody>
          </table>
        </div>
      ),
    },
    {
      title: "Cookies van derden",
      body: (
        <p>
          Sommige cookies worden geplaatst door andere partijen van wie we diensten gebruiken: analysediensten en
          marketingpartners, alleen met je toestemming, en onze betaalprovider, die tijdens het betalen noodzakelijke
          cookies gebruikt om de betaling veilig af te handelen en fraude te voorkomen. Deze partijen hebben hun eigen
          privacy- en cookiebeleid, waarop wij geen invloed hebben. Lees dat beleid voor de details.
        </p>
      ),
    },
    {
      title: "Waarom we cookies gebruiken",
      body: (
        <ul>
          <li>
            <strong>Noodzakelijk:</strong> om de website te laten werken, je ingelogd te houden, je taal te onthouden en
            je cookiekeuze op te slaan. Voor deze cookies is geen toestemming nodig.
          </li>
          <li>
            <strong>Analytisch:</strong> om te begrijpen hoe bezoekers onze website gebruiken, zodat we die kunnen
            verbeteren. Alleen met je toestemming.
          </li>
          <li>
            <strong>Marketing:</strong> om onze campagnes te meten en relevante advertenties te tonen. Alleen met je
            toestemming.
          </li>
        </ul>
      ),
    },
    {
      title: "Cookies beheren",
      body: (
        <p>
          Bij je eerste bezoek vragen we je toestemming voor analytische en marketingcookies. Je kunt je keuze altijd
          wijzigen via de link 'Cookie-instellingen' onderaan elke pagina. Je kunt cookies ook verwijderen of blokkeren
          in de instellingen van je browser; in artikel 9 vind je links naar de uitleg voor de meestgebruikte browsers.
          Blokkeer je noodzakelijke cookies, dan werken delen van de website mogelijk niet meer goed.
        </p>
      ),
    },
    {
      title: "Hoe lang cookies bewaard blijven",
      body: (
        <ul>
          <li>Sessiecookies: tot je je browser sluit.</li>
          <li>Cookies voor je cookietoestemming, taal en thema: 365 dagen.</li>
          <li>Analytische cookies: 24 maanden.</li>
          <li>Overige permanente cookies: meestal 1-24 maanden.</li>
        </ul>
      ),
    },
    {
      title: "Je rechten onder de AVG",
      body: (
        <p>
          Als cookies persoonsgegevens verzamelen, heb je rechten onder de Algemene Verordening Gegevensbescherming (AVG):
          het recht op inzage, rectificatie, verwijdering, beperking en dataportabiliteit, het recht van bezwaar, en het
          recht je toestemming altijd in te trekken. Je kunt ook een klacht indienen bij de Autoriteit
          Persoonsgegevens. Lees meer in ons <Link to={localizedPath("/privacy-policy", "nl")}>privacybeleid</Link>.
        </p>
      ),
    },
    {
      title: "Wijzigingen in dit cookiebeleid",
      body: (
        <p>
          We kunnen dit cookiebeleid aanpassen, bijvoorbeeld als we nieuwe cookies gaan gebruiken. De nieuwste versie
          staat altijd op deze pagina. Raakt een wijziging aan waarvoor je toestemming hebt gegeven, dan vragen we je
          toestemming opnieuw.
        </p>
      ),
    },
    {
      title: "Externe links",
      body: (
        <>
          <p>
            Onze website kan links naar andere websites bevatten. Dit cookiebeleid geldt niet voor die websites; lees hun
            eigen beleid. Zo beheer je cookies in je browser, en hier lees je meer:
          </p>
          <ul>
            <li>
              <ExternalLink href="https://support.google.com/chrome/answer/95647?hl=nl" newTabHint={newTab}>
                Google Chrome
              </ExternalLink>
            </li>
            <li>
              <ExternalLink href="https://support.mozilla.org/nl/kb/cookies-en-websitegegevens-wissen-firefox" newTabHint={newTab}>
                Mozilla Firefox
              </ExternalLink>
            </li>
            <li>
              <ExternalLink href="https://support.apple.com/nl-nl/guide/safari/sfri11471/mac" newTabHint={newTab}>
                Apple Safari
              </ExternalLink>
            </li>
            <li>
              <ExternalLink
                href="https://support.microsoft.com/nl-nl/microsoft-edge/cookies-verwijderen-in-microsoft-edge-63947406-40ac-c3b8-57b9-2a946a29ae09"
                newTabHint={newTab}
              >
                Microsoft Edge
              </ExternalLink>
            </li>
            <li>
              <ExternalLink href="https://www.youronlinechoices.com/nl/" newTabHint={newTab}>
                Your Online Choices
              </ExternalLink>{" "}
              (online advertenties uitzetten)
            </li>
            <li>
              <ExternalLink href="https://autoriteitpersoonsgegevens.nl" newTabHint={newTab}>
                Autoriteit Persoonsgegevens
              </ExternalLink>{" "}
              (de Nederlandse toezichthouder op privacy)
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
        Vragen over cookies of dit cookiebeleid? Neem contact op met {SITE.name} via {mail}.
      </p>
    ),
  },
};
