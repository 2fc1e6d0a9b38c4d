import { Link } from "react-router";
import type { LegalContent } from "../../components/content/legal-document";
import { localizedPath } from "../../lib/localized-path";
import { SITE } from "../../lib/site";

const mail = <a href={`mailto:${SITE.email}`}>{SITE.email}</a>;

export const content: LegalContent = {
  lastUpdated: "5 januari 2025",
  intro: (
    <p>
      Deze algemene voorwaarden gelden voor alle diensten van {SITE.name}: het ontwerpen, ontwikkelen, hosten en
      onderhouden van websites. Lees ze goed door voordat je een opdracht geeft.
    </p>
  ),
  sections: [
    {
      title: "Definities",
      body: (
        <ul>
          <li>
            <strong>Opdrachtnemer:</strong> {SITE.name}, de partij die de diensten levert.
          </li>
          <li>
            <strong>Opdrachtgever:</strong> de natuurlijke persoon of rechtspersoon die een overeenkomst sluit met
            Opdrachtnemer.
          </li>
          <li>
            <strong>Overeenkomst:</strong> elke afspraak tussen Opdrachtnemer en Opdrachtgever, waaronder een
            geaccepteerde offerte en een abonnement voor hosting en onderhoud.
          </li>
          <li>
            <strong>Website:</strong> de website of webapplicatie die Opdrachtnemer voor Opdrachtgever ontwikkelt.
          </li>
          <li>
            <strong>Diensten:</strong> ontwikkeling, hosting, onderhoud en support door Opdrachtnemer.
          </li>
        </ul>
      ),
    },
    {
      title: "Toepasselijkheid",
      body: (
        <p>
          Deze voorwaarden gelden voor elke offerte, aanbieding en overeenkomst van Opdrachtnemer. Afwijkingen gelden
          alleen als ze schriftelijk zijn overeengekomen. Algemene voorwaarden van Opdrachtgever gelden niet, tenzij
          Opdrachtnemer die schriftelijk aanvaardt. Is een bepaling uit deze voorwaarden nietig of wordt die vernietigd,
          dan blijven de overige bepalingen van kracht.
        </p>
      ),
    },
    {
      title: "Offertes en totstandkoming van de overeenkomst",
      body: (
        <p>
          Offertes zijn vrijblijvend en 30 dagen geldig vanaf de offertedatum, tenzij anders vermeld. De overeenkomst
          komt tot stand zodra Opdrachtgever de offerte schriftelijk of per e-mail accepteert, of zodra Opdrachtnemer op
          verzoek van Opdrachtgever met het werk begint. Kennelijke vergissingen of fouten in een offerte binden
          Opdrachtnemer niet.
        </p>
      ),
    },
    {
      title: "Prijzen en betaling",
      body: (
        <ul>
          <li>Alle prijzen zijn exclusief 21% btw, tenzij anders vermeld.</li>
          <li>De eenmalige ontwikkelkosten worden in twee delen gefactureerd: 50% bij opdracht en 50% bij oplevering.</li>
          <li>Maandelijkse kosten voor hosting, onderhoud en support worden aan het begin van elke maand via automatische incasso afgeschreven.</li>
          <li>De betalingstermijn van facturen is 14 dagen na factuurdatum.</li>
          <li>
            Betaalt Opdrachtgever niet op tijd, dan is Opdrachtgever zonder ingebrekestelling in verzuim. Opdrachtnemer
            mag dan de wettelijke handelsrente en redelijke incassokosten in rekening brengen en na een schriftelijke
            herinnering haar diensten opschorten.
          </li>
        </ul>
      ),
    },
    {
      title: "Uitvoering van de werkzaamheden",
      body: (
        <p>
          Opdrachtnemer voert de overeenkomst naar beste inzicht en vermogen en volgens goed vakmanschap uit.
          Opdrachtgever levert alle informatie, teksten en beelden die Opdrachtnemer nodig heeft op tijd aan.
          Levertermijnen zijn indicatief en geen fatale termijnen, tenzij uitdrukkelijk anders afgesproken; vertraging
          door te late aanlevering van content of feedback door Opdrachtgever verlengt de levertermijn met dezelfde
          periode. Opdrachtnemer mag derden inschakelen bij de uitvoering van de overeenkomst.
        </p>
      ),
    },
    {
      title: "Oplevering, feedback en acceptatie",
      body: (
        <p>
          Na oplevering heeft Opdrachtgever 7 dagen om de website te beoordelen en feedback te geven. Opdrachtnemer
          verwerkt terechte feedback binnen de afgesproken omvang. Heeft Opdrachtgever binnen 7 dagen na oplevering geen
          feedback gegeven, of neemt Opdrachtgever de website in gebruik, dan geldt de website als geaccepteerd.
        </p>
      ),
    },
    {
      title: "Garantie en bugfixes",
      body: (
        <p>
          Bugs die Opdrachtgever binnen 30 dagen na oplevering meldt, worden kosteloos opgelost. Een bug is een
          reproduceerbare fout waardoor de website niet werkt zoals afgesproken. Wijzigingen, nieuwe functies en problemen
          door aanpassingen van Opdrachtgever of derden zijn geen bugs; dat werk mag Opdrachtnemer tegen haar gebruikelijke
          tarieven in rekening brengen.
        </p>
      ),
    },
    {
      title: "Hosting, onderhoud en support",
      body: (
        <p>
          Opdrachtnemer streeft naar een uptime van 99,9%, exclusief aangekondigd onderhoud en storingen buiten haar
          invloed, zoals storingen bij internet- of energieleveranciers. Dit streven is een inspanningsverplichting, geen
          resultaatsverplichting. Onderhoud omvat beveiligingsupdates, automatische updates, dagelijkse back-ups en de
          contentupdates die bij het pakket van Opdrachtgever horen. Opdrachtnemer streeft ernaar supportvragen binnen 24
          uur te beantwoorden.
        </p>
      ),
    },
    {
      title: "Duur en beëindiging",
      body: (
        <ul>
          <li>Een overeenkomst voor hosting en onderhoud heeft een minimale looptijd van 12 maanden.</li>
          <li>
            Na de minimale looptijd loopt de overeenkomst voor onbepaalde tijd door en is die maandelijks opzegbaar met
            een opzegtermijn van 1 maand.
          </li>
          <li>
            Beëindigt Opdrachtgever de overeenkomst voor het einde van de minimale looptijd, dan zijn de kosten voor de
            resterende maanden van de minimale looptijd direct in één keer verschuldigd.
          </li>
          <li>
            Elke partij mag de overeenkomst met directe ingang beëindigen als de andere partij failliet wordt verklaard,
            surseance van betaling krijgt, of na een schriftelijke ingebrekestelling met een redelijke hersteltermijn
            ernstig tekortschiet in haar verplichtingen.
          </li>
          <li>
            Na het einde van de overeenkomst stopt Opdrachtnemer met het hosten van de website. Op verzoek van
            Opdrachtgever, en zodra alle facturen zijn betaald, werkt Opdrachtnemer mee aan de verhuizing van de website
            naar een andere aanbieder.
          </li>
        </ul>
      ),
    },
    {
      title: "Intellectueel eigendom",
      body: (
        <p>
          Zodra alle facturen zijn betaald, is Opdrachtgever eigenaar van de website, inclusief het ontwerp en de content
          die speciaal voor Opdrachtgever zijn gemaakt. Opdrachtnemer behoudt de intellectuele eigendomsrechten op haar
          platform, software, tools, templates en kennis; Opdrachtgever krijgt een niet-exclusief recht om die te gebruiken
          voor zover de website dat nodig heeft. Opdrachtnemer mag de website in haar portfolio tonen, tenzij
          Opdrachtgever daar schriftelijk bezwaar tegen maakt.
        </p>
      ),
    },
    {
      title: "Verplichtingen van Opdrachtgever",
      body: (
        <p>
          Opdrachtgever is verantwoordelijk voor de content die Opdrachtgever aanlevert of op de website plaatst en staat ervoor in
          dat die content geen rechten van derden schendt en niet onrechtmatig is. Opdrachtgever vrijwaart Opdrachtnemer
          tegen aanspraken van derden over die content. Opdrachtgever houdt inloggegevens geheim en meldt misbruik direct
          aan Opdrachtnemer.
        </p>
      ),
    },
    {
      title: "Aansprakelijkheid",
      body: (
        <p>
          De aansprakelijkheid van Opdrachtnemer is beperkt tot directe schade en tot maximaal €5.000 per gebeurtenis of
          reeks samenhangende gebeurtenissen. Opdrachtnemer is niet aansprakelijk voor indirecte schade, waaronder
          gevolgschade, gederfde winst, gemiste besparingen, verlies van gegevens en schade door bedrijfsstagnatie, en
          evenmin voor tekortkomingen door overmacht. Deze beperkingen gelden niet als de schade is veroorzaakt door opzet
          of bewuste roekeloosheid van de leiding van Opdrachtnemer.
        </p>
      ),
    },
    {
      title: "Privacy en geheimhouding",
      body: (
        <p>
          Beide partijen houden vertrouwelijke informatie die zij van elkaar ontvangen geheim. Opdrachtnemer verwerkt
          persoonsgegevens volgens de AVG en haar{" "}
          <Link to={localizedPath("/privacy-policy", "nl")}>privacybeleid</Link>. Verwerkt Opdrachtnemer
          persoonsgegevens in opdracht van Opdrachtgever, zoals gegevens van bezoekers van de website van Opdrachtgever,
          dan sluiten partijen een verwerkersovereenkomst.
        </p>
      ),
    },
    {
      title: "Toepasselijk recht en geschillen",
      body: (
        <p>
          Op deze voorwaarden en alle overeenkomsten met Opdrachtnemer is Nederlands recht van toepassing. Partijen
          proberen een geschil eerst in overleg op te lossen. Lukt dat niet, dan wordt het geschil voorgelegd aan de
          bevoegde rechter in het arrondissement waar Opdrachtnemer is gevestigd.
        </p>
      ),
    },
  ],
  contact: {
    title: "Contact",
    body: (
      <p>
        Vragen over deze algemene voorwaarden? Neem contact op met {SITE.name} via {mail}.
      </p>
    ),
  },
};
