import { Link } from "react-router";
import { ExternalLink } from "../../components/content/external-link";
import type { LegalContent } from "../../components/content/legal-document";
import { localizedPath } from "../../lib/localized-path";
import { SITE } from "../../lib/site";

const mail = <a href={`mailto:${SITE.email}`}>{SITE.email}</a>;
const newTab = "(opent in een nieuw tabblad)";

export const content: LegalContent = {
  lastUpdated: "5 november 2025",
  intro: (
    <p>
      {SITE.name} respecteert je privacy. In dit privacybeleid lees je welke persoonsgegevens we verwerken als je onze
      website bezoekt, een offerte aanvraagt, een account aanmaakt of klant wordt, waarom we dat doen, hoe lang we de
      gegevens bewaren en welke rechten je hebt. We verwerken persoonsgegevens volgens de Algemene Verordening
      Gegevensbescherming (AVG) en de Nederlandse wet.
    </p>
  ),
  sections: [
    {
      title: "Wie we zijn",
      body: (
        <p>
          {SITE.name} is een webdesign- en ontwikkelbureau gevestigd in Nederland. Wij zijn de verwerkingsverantwoordelijke
          voor de verwerking van persoonsgegevens die in dit beleid wordt beschreven. Met vragen over privacy kun je ons
          bereiken via {mail}.
        </p>
      ),
    },
    {
      title: "Welke persoonsgegevens we verwerken",
      body: (
        <>
          <ul>
            <li>
              <strong>Offerte- en contactaanvragen:</strong> je naam, e-mailadres, telefoonnummer en landcode,
              bedrijfsnaam, huidige website en wat je ons vertelt over je project (zoals het soort project, budget,
              planning, gewenste functies, domeinstatus, hoe je ons gevonden hebt en je bericht).
            </li>
            <li>
              <strong>Accountgegevens:</strong> je naam, e-mailadres en wachtwoord. Het wachtwoord bewaren we alleen als
              veilige hash, nooit leesbaar.
            </li>
            <li>
              <strong>Klant- en abonnementsgegevens:</strong> je pakket of abonnement, de abonnementsstatus, de
              factuurperiode, facturen en de betaalstatus. Betalingen lopen via onze betaalprovider; wij bewaren geen
              volledige kaartgegevens.
            </li>
            <li>
              <strong>Technische gegevens en gebruiksgegevens:</strong> IP-adres, browsertype, bezochte pagina's en
              vergelijkbare gegevens, voor zover nodig om de website te laten werken en te beveiligen en, met je
              toestemming, voor analyse.
            </li>
            <li>
              <strong>Correspondentie:</strong> de inhoud van e-mails en andere berichten die je ons stuurt.
            </li>
          </ul>
          <p>
            We verwerken niet bewust bijzondere persoonsgegevens, zoals gegevens over gezondheid of godsdienst. Stuur ons
            zulke gegevens alsjeblieft niet.
          </p>
        </>
      ),
    },
    {
      title: "Doelen en grondslagen",
      body: (
        <>
          <ul>
            <li>
              Je offerte- of contactaanvraag beantwoorden en een offerte opstellen: maatregelen op jouw verzoek vóór het
              sluiten van een overeenkomst (artikel 6 lid 1 sub b AVG).
            </li>
            <li>
              Onze overeenkomst met je uitvoeren: je website bouwen, hosten en onderhouden, je account en abonnement
              leveren, support en facturatie (uitvoering van een overeenkomst, artikel 6 lid 1 sub b AVG).
            </li>
            <li>
              Voldoen aan wettelijke verplichtingen, zoals de fiscale bewaarplicht (wettelijke verplichting, artikel 6
              lid 1 sub c AVG).
            </li>
            <li>
              Onze website en diensten beveiligen en misbruik en fraude voorkomen (gerechtvaardigd belang, artikel 6 lid
              1 sub f AVG).
            </li>
            <li>
              Het gebruik van onze website analyseren en verbeteren met analytische en marketingcookies, alleen met je
              toestemming (toestemming, artikel 6 lid 1 sub a AVG). Je kunt je toestemming altijd intrekken.
            </li>
          </ul>
          <p>
            We nemen geen besluiten die uitsluitend gebaseerd zijn op geautomatiseerde verwerking, waaronder profilering,
            en die rechtsgevolgen voor je hebben of je op een vergelijkbare manier aanzienlijk treffen.
          </p>
        </>
      ),
    },
    {
      title: "Cookies en vergelijkbare technieken",
      body: (
        <p>
          Onze website gebruikt cookies en vergelijkbare technieken, zoals lokale opslag in je browser. Noodzakelijke
          cookies gebruiken we altijd; analytische en marketingcookies alleen met je toestemming. In ons{" "}
          <Link to={localizedPath("/cookie-policy", "nl")}>cookiebeleid</Link> lees je welke cookies we gebruiken, hoe
          lang, en hoe je ze beheert.
        </p>
      ),
    },
    {
      title: "Met wie we je gegevens delen",
      body: (
        <>
          <p>
            We verkopen je persoonsgegevens niet. We delen ze alleen met partijen die ons helpen onze diensten te leveren,
            zoals onze hostingprovider, e-mailprovider en betaalprovider. Zij verwerken de gegevens in onze opdracht en
            alleen volgens onze instructies; met hen hebben we verwerkersovereenkomsten gesloten.
          </p>
          <p>We verstrekken ook gegevens als de wet ons daartoe verplicht, bijvoorbeeld aan de Belastingdienst.</p>
        </>
      ),
    },
    {
      title: "Doorgifte buiten de Europese Economische Ruimte",
      body: (
        <p>
          We bewaren je gegevens waar mogelijk binnen de Europese Economische Ruimte (EER). Verwerkt een dienstverlener
          gegevens buiten de EER, dan staan we dat alleen toe met passende waarborgen, zoals een adequaatheidsbesluit van
          de Europese Commissie of de modelcontractbepalingen van de Europese Commissie.
        </p>
      ),
    },
    {
      title: "Hoe lang we je gegevens bewaren",
      body: (
        <>
          <p>We bewaren persoonsgegevens niet langer dan nodig voor het doel waarvoor we ze verzameld hebben:</p>
          <ul>
            <li>Gegevens uit het contactformulier en offerteaanvragen: 2 jaar na ons laatste contact.</li>
            <li>Klantgegevens, waaronder facturen en administratie: 7 jaar, de wettelijke fiscale bewaartermijn.</li>
            <li>Analytische gegevens: 14 maanden.</li>
            <li>
              Accountgegevens: zolang je account bestaat. Na het opheffen van je account verwijderen we ze, behalve de
              gegevens die we als klantgegevens moeten bewaren.
            </li>
          </ul>
          <p>Na afloop van een bewaartermijn verwijderen of anonimiseren we de gegevens.</p>
        </>
      ),
    },
    {
      title: "Hoe we je gegevens beveiligen",
      body: (
        <p>
          We nemen passende technische en organisatorische maatregelen om je persoonsgegevens te beschermen tegen verlies
          en onrechtmatige verwerking. Denk aan versleutelde verbindingen (SSL), wachtwoorden die alleen als hash worden
          opgeslagen, toegang alleen voor mensen die de gegevens voor hun werk nodig hebben, regelmatige updates en
          dagelijkse back-ups. Gaat er toch iets mis, dan handelen we volgens de wettelijke meldplicht datalekken.
        </p>
      ),
    },
    {
      title: "Je rechten",
      body: (
        <>
          <p>Op grond van de AVG heb je het recht om:</p>
          <ul>
            <li>de persoonsgegevens in te zien die we over je verwerken;</li>
            <li>onjuiste gegevens te laten corrigeren (rectificatie);</li>
            <li>je gegevens te laten verwijderen;</li>
            <li>de verwerking te laten beperken;</li>
            <li>je gegevens in een gestructureerde, gangbare vorm te ontvangen of aan een andere partij te laten overdragen (dataportabiliteit);</li>
            <li>bezwaar te maken tegen verwerking op basis van ons gerechtvaardigd belang;</li>
            <li>je toestemming altijd in te trekken, zonder dat dit gevolgen heeft voor de verwerking daarvoor.</li>
          </ul>
          <p>
            Stuur je verzoek naar {mail}. We reageren binnen 1 maand. Om te voorkomen dat we je gegevens aan iemand anders
            geven, kunnen we je vragen je identiteit te bevestigen. Het uitoefenen van je rechten is gratis.
          </p>
        </>
      ),
    },
    {
      title: "Klachten",
      body: (
        <p>
          Heb je een klacht over hoe we met je persoonsgegevens omgaan? Laat het ons eerst weten, dan lossen we het samen
          op. Je hebt ook het recht een klacht in te dienen bij de Nederlandse toezichthouder, de{" "}
          <ExternalLink href="https://autoriteitpersoonsgegevens.nl" newTabHint={newTab}>
            Autoriteit Persoonsgegevens
          </ExternalLink>
          .
        </p>
      ),
    },
    {
      title: "Wijzigingen in dit privacybeleid",
      body: (
        <p>
          We kunnen dit privacybeleid aanpassen, bijvoorbeeld als onze diensten of de wet veranderen. De nieuwste versie
          staat altijd op deze pagina; de datum bovenaan laat zien wanneer het beleid voor het laatst is bijgewerkt.
          Belangrijke wijzigingen laten we je weten per e-mail of op onze website.
        </p>
      ),
    },
    {
      title: "Contact",
      body: (
        <p>
          Vragen over dit privacybeleid of over je persoonsgegevens? Neem contact op met {SITE.name} via {mail}.
        </p>
      ),
    },
  ],
};
