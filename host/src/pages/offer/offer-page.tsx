import { formatDate, type PublicOffer } from "@agency/contract";
import { apiErrorCode, apiErrorMessage, offersApi } from "@agency/core";
import { Spinner } from "@agency/ui";
import { formCatalog } from "@agency/ui/form";
import "@agency/ui/styles/form.css";
import "@agency/ui/styles/choices.css";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { hostApi } from "../../lib/api";
import { loadCatalog } from "../../lib/i18n";
import { PageMeta } from "../../lib/page-meta";
import { SITE } from "../../lib/site";
import { useLocale } from "../../lib/use-locale";
import { AcceptForm, OrderStatus } from "./offer-actions";
import { OfferSections } from "./offer-sections";
import { messages as en } from "./locales/en.po";
import { messages as nl } from "./locales/nl.po";
import "./offer.css";

loadCatalog(formCatalog);
loadCatalog({ nl, en });

type State = { name: "loading" } | { name: "done"; offer: PublicOffer } | { name: "failed"; code: string | undefined; message: string };

/** How long the page waits for a provider's report of a payment the visitor has just made (a webhook on its way). */
const SETTLING_MS = [1000, 2000, 4000];

/**
 * An offer's page, the link of its mail (`/offer?token=…`, `/en/offer` in English), opened in any browser without a
 * session: the offer, signing it and paying its deposit; later the order's state, its invoices and what is due.
 */
export default function OfferPage() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const paid = params.get("paid");
  const [state, setState] = useState<State>({ name: "loading" });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let current = true;
    let attempt = 0;
    const load = () =>
      offersApi.fetchOffer(hostApi(locale), token).then(
        (offer) => {
          if (!current) return;
          setState({ name: "done", offer });
          // Back from paying: the provider's report may be a moment behind the visitor.
          const waiting = (paid === "deposit" && offer.payable === "deposit") || (paid === "balance" && offer.payable === "balance");
          if (waiting && attempt < SETTLING_MS.length) setTimeout(load, SETTLING_MS[attempt++]);
        },
        (error: unknown) => {
          if (current) setState({ name: "failed", code: apiErrorCode(error), message: apiErrorMessage(error, i18n) ?? t`The offer could not be loaded. Please try again later.` });
        },
      );
    if (token) void load();
    else setState({ name: "failed", code: "offers.not_found", message: t`This link has no offer in it. Open the link in your e-mail again.` });
    return () => {
      current = false;
    };
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [token, locale]);

  useEffect(() => {
    if (state.name === "failed") heading.current?.focus();
  }, [state.name]);

  const offer = state.name === "done" ? state.offer : null;
  const title = offer ? t`Offer ${offer.number}` : t`Your offer`;
  return (
    <div className="page offer">
      <PageMeta title={title} description={t`An offer of ${SITE.name}: read it, accept it and pay the deposit.`} locale={locale} path="/offer" noindex />
      <h1 className="page__title" ref={heading} tabIndex={-1}>
        {state.name === "failed" ? state.code === "offers.expired" ? <Trans>This offer has expired</Trans> : <Trans>Offer not found</Trans> : title}
      </h1>
      {state.name === "loading" ? <Spinner label={t`Loading the offer...`} /> : null}
      {state.name === "failed" ? (
        <>
          <p className="notice notice--error" role="alert">
            {state.message}
          </p>
          <p>
            <Trans>
              Questions? Write to us at <a href={`mailto:${SITE.email}`}>{SITE.email}</a>.
            </Trans>
          </p>
        </>
      ) : null}
      {offer ? (
        <>
          <p className="page__lead">
            {offer.customer.company ? (
              <Trans>
                For {offer.customer.name}, {offer.customer.company} · valid until {formatDate(offer.expiresAt, locale)}
              </Trans>
            ) : (
              <Trans>
                For {offer.customer.name} · valid until {formatDate(offer.expiresAt, locale)}
              </Trans>
            )}
          </p>
          {offer.status === "declined" ? (
            <p className="notice" role="status">
              <Trans>You declined this offer. Changed your mind? Write to us and we will gladly send you a new one.</Trans>
            </p>
          ) : null}
          {paid === "mandate" && !offer.needsMandate ? (
            <p className="notice" role="status">
              <Trans>Thank you, your direct debit mandate was received.</Trans>
            </p>
          ) : (paid === "deposit" && offer.paidAt) || (paid === "balance" && offer.invoices.some((i) => i.kind === "balance" && i.status === "paid")) ? (
            <p className="notice" role="status">
              <Trans>Thank you, your payment was received.</Trans>
            </p>
          ) : null}
          {offer.status === "accepted" || offer.status === "delivered" ? <OrderStatus offer={offer} token={token} locale={locale} /> : null}
          <OfferSections offer={offer} locale={locale} />
          {offer.status === "sent" || offer.status === "viewed" ? (
            <AcceptForm offer={offer} token={token} locale={locale} onDeclined={(declined) => setState({ name: "done", offer: declined })} />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
