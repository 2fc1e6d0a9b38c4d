import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { CardGrid, Hero, Section } from "../../components/content/blocks";
import "../../components/content/content.css";
import { loadCatalog } from "../../lib/i18n";
import { localizedPath } from "@agency/contract";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { SITE } from "../../lib/site";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

/** A placeholder portrait until real team photos exist: the person's initials on a tinted circle. */
function PlaceholderPhoto({ name, label }: { name: string; label: string }) {
  const initials = name
    .split(" ")
    .filter((part) => /^[A-Z]/.test(part))
    .map((part) => part[0])
    .join("");
  return (
    <svg className="c-person__photo" viewBox="0 0 112 112" role="img" aria-label={label}>
      <circle cx="56" cy="56" r="56" fill="#dbeafe" />
      <text x="56" y="66" textAnchor="middle" fontSize="32" fontWeight="700" fill="#1e3a8a" fontFamily="system-ui, sans-serif">
        {initials}
      </text>
    </svg>
  );
}

export default function AboutPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const name = SITE.name;
  const team = [
    {
      name: "Sanne de Vries",
      role: t`Founder & Strategy`,
      bio: t`Sanne helps clients turn their goals into a clear plan for their website.`,
    },
    {
      name: "Daan Bakker",
      role: t`Lead Developer`,
      bio: t`Daan builds our platform and makes sure every website is fast and secure.`,
    },
    {
      name: "Lisa Jansen",
      role: t`Designer`,
      bio: t`Lisa designs websites that are clear, attractive and built to convert.`,
    },
  ];

  return (
    <div className="c-page">
      <PageMeta
        title={t`About us`}
        description={t`Meet the small Dutch web agency behind websites that bring in customers: our story, mission, vision, values and team.`}
        locale={locale}
        path="/about"
        bilingual={false}
      />

      <Hero
        title={<Trans>About us</Trans>}
        lead={<Trans>We are a small Dutch web agency that builds websites that bring in customers.</Trans>}
      />

      <Section narrow title={<Trans>Our story</Trans>}>
        <p>
          <Trans>
            {name} started with a simple observation: many entrepreneurs have a website that looks fine but brings in
            nothing. We set out to change that, with websites built around results and a team that stays involved after
            launch.
          </Trans>
        </p>
        <p>
          <Trans>
            To work faster without cutting corners, we built our own AI-based site-builder platform. It does the
            repetitive work, so we can spend our time on design, content and conversion.
          </Trans>
        </p>
      </Section>

      <Section alt title={<Trans>Mission and vision</Trans>}>
        <CardGrid
          columns={2}
          items={[
            {
              title: <Trans>Our mission</Trans>,
              text: (
                <Trans>
                  To give every business a fast, findable website that turns visitors into customers, at a fair and
                  predictable price.
                </Trans>
              ),
            },
            {
              title: <Trans>Our vision</Trans>,
              text: (
                <Trans>
                  A web where small businesses get the same quality as large companies, because smart tools make
                  craftsmanship affordable.
                </Trans>
              ),
            },
          ]}
        />
      </Section>

      <Section title={<Trans>Our values</Trans>}>
        <CardGrid
          columns={4}
          items={[
            {
              title: <Trans>Innovation</Trans>,
              text: <Trans>We keep improving our tools and methods, so you benefit from the latest technology.</Trans>,
            },
            {
              title: <Trans>User-Centric</Trans>,
              text: <Trans>Every decision starts with your visitors: what they need and how they find it.</Trans>,
            },
            {
              title: <Trans>Transparency</Trans>,
              text: <Trans>Clear agreements, fixed prices and honest advice, even when that means advising against something.</Trans>,
            },
            {
              title: <Trans>Excellence</Trans>,
              text: <Trans>We deliver work we are proud of, down to the last detail.</Trans>,
            },
          ]}
        />
      </Section>

      <Section alt title={<Trans>Meet the team</Trans>}>
        <ul className="c-grid c-grid--3">
          {team.map((person) => (
            <li key={person.name} className="c-card c-person">
              <PlaceholderPhoto name={person.name} label={t`Placeholder photo of ${person.name}`} />
              <h3 className="c-card__title">{person.name}</h3>
              <p className="c-person__role">{person.role}</p>
              <p className="c-card__text">{person.bio}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section narrow className="c-cta" title={<Trans>Want to work with us?</Trans>}>
        <p>
          <Trans>Tell us about your plans. We reply within 24 hours.</Trans>
        </p>
        <div className="c-actions">
          {/* About exists only at /about; its contact link goes to the contact page in the page's language. */}
          <Link to={localizedPath("/contact", locale)} className="c-button">
            <Trans>Get In Touch</Trans>
          </Link>
        </div>
      </Section>
    </div>
  );
}
