import "@agency/widgets/agency-login.js";
import { Trans, useLingui } from "@lingui/react/macro";
import { AuthLayout, TrustBadges } from "../../components/auth-layout";
import { loadCatalog } from "../../lib/i18n";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

/** Register: the element's register view; it continues to /subscribe itself after success. */
export default function RegisterPage() {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <>
      <PageMeta title={t`Create an account`} description={t`Create your account and choose your plan.`} locale={locale} path="/register" noindex />
      <AuthLayout
        title={t`Create an account`}
        aside={
          <>
            <section className="auth-teaser" aria-labelledby="register-next">
              <h2 id="register-next">
                <Trans>What happens next?</Trans>
              </h2>
              <p>
                <Trans>After signing up you choose your plan. You can cancel anytime.</Trans>
              </p>
            </section>
            <TrustBadges />
          </>
        }
      >
        <agency-login view="register" locale={locale} />
      </AuthLayout>
    </>
  );
}
