import { apiErrorMessage, apiStatus, navigation, resolveSettings, subscriptionsApi } from "@agency/core";
import { Spinner } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { hostApi } from "../../lib/api";
import { loadCatalog } from "../../lib/i18n";
import { PageMeta } from "../../lib/page-meta";
import { useLocale } from "../../lib/use-locale";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";

loadCatalog({ nl, en });

type State = { kind: "opening" } | { kind: "none" } | { kind: "nothing_due" } | { kind: "failed"; message: string };

/**
 * 'Manage billing' as an address, for the mails (a failed payment: update the card): opens the payment provider's
 * billing portal straight away, which leads back to the settings page. Open to every signed-in customer, whatever
 * the state of their subscription: the one whose payment failed is the one who needs it. With `?pay=1` (the
 * payment-failed mail's link) it opens the page where the owed payment is paid or confirmed instead, as the
 * settings page's notice does.
 */
export default function BillingPage() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [state, setState] = useState<State>({ kind: "opening" });
  const [attempt, setAttempt] = useState(0);
  const pay = useSearchParams()[0].has("pay");

  useEffect(() => {
    let current = true;
    const returnUrl = new URL(`${resolveSettings().basePath}dashboard/settings`, location.origin).href;
    (pay ? subscriptionsApi.openPayment : subscriptionsApi.openBillingPortal)(hostApi(locale), { returnUrl, language: locale })
      .then((url) => navigation.assign(url))
      .catch((error: unknown) => {
        if (!current || apiStatus(error) === 401) return;
        console.error("The billing portal could not be opened", error);
        if (apiStatus(error) === 404) setState({ kind: pay ? "nothing_due" : "none" });
        else setState({ kind: "failed", message: apiErrorMessage(error, i18n) ?? t`Billing could not be opened. Please try again later.` });
      });
    return () => {
      current = false;
    };
    // Opens again for 'Try again' (a new attempt), not when the language changes.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  return (
    <div className="page page--narrow">
      <PageMeta title={t`Manage billing`} description={t`Your card, billing address, VAT number and invoices.`} locale={locale} path="/billing" noindex />
      <h1 className="page__title">
        <Trans>Manage billing</Trans>
      </h1>
      {state.kind === "opening" ? (
        <Spinner label={t`Opening your billing page...`} />
      ) : (
        <>
          <p className="page__lead" role="alert">
            {state.kind === "none" ? (
              <Trans>There is no billing to manage for your account yet.</Trans>
            ) : state.kind === "nothing_due" ? (
              <Trans>There is no payment to make right now.</Trans>
            ) : (
              state.message
            )}
          </p>
          <div className="actions">
            {state.kind === "failed" ? (
              <button
                type="button"
                className="ag-button"
                onClick={() => {
                  setState({ kind: "opening" });
                  setAttempt((n) => n + 1);
                }}
              >
                <Trans>Try again</Trans>
              </button>
            ) : null}
            <Link to="/dashboard/settings">
              <Trans>Go to your settings</Trans>
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
