import "@agency/widgets/agency-quote-form.js";
import { Trans, useLingui } from "@lingui/react/macro";
import { Callout, Hero, Section } from "../../components/content/blocks";
import "../../components/content/content.css";
import { loadCatalog } from "../../lib/i18n";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { SITE } from "../../lib/site";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

export default function ContactPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const email = SITE.email;

  return (
    <div className="c-page">
      <PageMeta
        title={t`Let's Build Your Website`}
        description={t`Request a free, no-obligation quote for your new website. We typically reply within 24 hours.`}
        locale={locale}
        path="/contact"
        bilingual
      />

      <Hero
        title={<Trans>Let's Build Your Website</Trans>}
        lead={<Trans>Tell us about your project and receive a free, no-obligation quote.</Trans>}
      />

      <Section title={<Trans>Request your free quote</Trans>}>
        <div className="c-contact">
          <agency-quote-form locale={locale} source="website" />
          <aside className="c-contact__aside" aria-label={t`Good to know`}>
            <Callout title={<Trans>Quick Response</Trans>}>
              <p>
                <Trans>We typically reply within 24 hours.</Trans>
              </p>
            </Callout>
            <Callout title={<Trans>Prefer e-mail?</Trans>}>
              <p>
                <Trans>
                  Write to us at <a href={`mailto:${email}`}>{email}</a>.
                </Trans>
              </p>
            </Callout>
          </aside>
        </div>
      </Section>
    </div>
  );
}
