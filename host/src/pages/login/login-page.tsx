import "@agency/widgets/agency-login.js";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { AuthLayout, TrustBadges } from "../../components/auth-layout";
import { loadCatalog } from "../../lib/i18n";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

/** `?next=` as the guards write it: a path of this site (never `//host`, which would leave it). */
const nextPage = (next: string | null) => (next && /^\/(?![/\\])/.test(next) ? next : undefined);

/**
 * Login: the login element (with its forgot, register and support links), trust badges and a teaser. A visitor a
 * guard sent here (a mail's link to a page that needs the session) goes back to that page once logged in (`?next=`).
 */
export default function LoginPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const element = useRef<HTMLElementTagNameMap["agency-login"]>(null);
  const next = nextPage(useSearchParams()[0].get("next"));
  // Set after the first render, so a page built ahead of time (it knows no query) hydrates as it was sent.
  useEffect(() => {
    if (next) element.current?.setAttribute("redirect-to", next);
    else element.current?.removeAttribute("redirect-to");
  }, [next]);
  return (
    <>
      {/* Indexed: customers search for the way in ('Pixelwerf inloggen'), and the page shows nothing private. */}
      <PageMeta title={t`Log in`} description={t`Log in to your account to manage your subscription.`} locale={locale} path="/login" />
      <AuthLayout
        title={t`Log in`}
        aside={
          <>
            <section className="auth-teaser" aria-labelledby="whats-new">
              <p className="auth-teaser__label">
                <Trans>What's new</Trans>
              </p>
              <h2 id="whats-new">
                <Trans>Faster builds on our AI platform</Trans>
              </h2>
              <p>
                <Trans>
                  Our site builder now delivers websites 2-3x faster, with free SSL, daily backups and automatic
                  updates included.
                </Trans>
              </p>
            </section>
            <TrustBadges />
          </>
        }
      >
        <agency-login ref={element} view="login" locale={locale} />
      </AuthLayout>
    </>
  );
}
