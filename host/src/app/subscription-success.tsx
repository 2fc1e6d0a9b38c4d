import { CHECKOUT_RETURN_PARAM, type CheckoutOutcome, grantsAccess, localizedPath } from "@agency/contract";
import { subscriptionsApi } from "@agency/core";
import { getToasts, Spinner, toast } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, Navigate, useLocation } from "react-router";
import { hostApi } from "../lib/api";
import { useLocale } from "../lib/use-locale";

/** How often, and how long, the subscription is asked for after a payment. */
export const CONFIRM_POLL_INTERVAL_MS = 2000;
export const CONFIRM_TIMEOUT_MS = 30_000;

type Confirmation = "checking" | "confirming" | "confirmed" | "processing" | "debit" | "refunded" | "nothing";

/**
 * The page a payment provider returns to. Its address carries the id of the visitor's checkout, and the server says
 * what became of it: only a checkout of this visitor's, paid within the last hour, gets the payment confirmation.
 * Anyone else (no checkout id, someone else's, an unpaid or old one: a bookmark, a typed address) goes to the
 * settings page as the spec says, without a success toast.
 *
 * After a real payment the subscription only grants access once the provider's webhook has arrived, which can take a
 * moment. Until then this page says the payment is being confirmed and asks for the subscription again every few
 * seconds — so no guard sends a paying customer to /subscribe. Once it grants access: 'Subscription successful!' and
 * on to the settings page. After about thirty seconds without it: the payment is received and still being
 * processed, with a way to ask. A payment the server refunded (the customer already had a subscription) says so. A
 * direct debit (SEPA) completes the checkout before its money arrives, days later: that says the payment is being
 * processed, never that the subscription succeeded.
 */
export function SubscriptionSuccess() {
  const { t } = useLingui();
  const locale = useLocale();
  const checkout = new URLSearchParams(useLocation().search).get(CHECKOUT_RETURN_PARAM);
  const [confirmation, setConfirmation] = useState<Confirmation>(checkout ? "checking" : "nothing");
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!checkout) return;
    let current = true;
    subscriptionsApi
      .getCheckoutOutcome(hostApi(locale), checkout)
      .catch((error: unknown): CheckoutOutcome => {
        console.warn("The checkout could not be checked; no payment is confirmed", error);
        return "closed";
      })
      .then((outcome) => {
        if (!current) return;
        setConfirmation(outcome === "paid" ? "confirming" : outcome === "refunded" ? "refunded" : outcome === "processing" ? "debit" : "nothing");
      });
    return () => {
      current = false;
    };
  }, [checkout, locale]);

  const polling = confirmation === "confirming";
  useEffect(() => {
    if (!polling) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asked = 0;
    const ask = async () => {
      asked += 1;
      let allowed = false;
      try {
        allowed = grantsAccess((await subscriptionsApi.getCurrentSubscription(hostApi(locale)))?.status);
      } catch (error) {
        console.warn("Subscription check after payment failed; asking again", error);
      }
      if (stopped) return;
      if (allowed) setConfirmation("confirmed");
      else if (asked * CONFIRM_POLL_INTERVAL_MS >= CONFIRM_TIMEOUT_MS) setConfirmation("processing");
      else timer = setTimeout(ask, CONFIRM_POLL_INTERVAL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // `round` is not read here: a new round (the retry button) is what starts the polling again.
    // oxlint-disable-next-line react/exhaustive-effect-dependencies
  }, [polling, round, locale]);

  // One toast, also when the embedded checkout has just shown the same one.
  const toasted = useRef(false);
  useEffect(() => {
    if (confirmation !== "confirmed" || toasted.current) return;
    toasted.current = true;
    const message = t`Subscription successful!`;
    if (!getToasts().some((shown) => shown.message === message)) toast.success(message, { locale });
  }, [confirmation, t, locale]);

  if (confirmation === "confirmed" || confirmation === "nothing") return <Navigate to="/dashboard/settings" replace />;
  // Nothing is said about a payment until the server has said there was one.
  if (confirmation === "checking") {
    return (
      <div className="page page--narrow">
        <Spinner label={t`Loading...`} />
      </div>
    );
  }
  if (confirmation === "confirming") {
    return (
      <div className="page page--narrow">
        <h1 className="page__title">
          <Trans>Confirming your payment…</Trans>
        </h1>
        <Spinner label={t`This takes a few seconds.`} />
      </div>
    );
  }
  if (confirmation === "debit") {
    return (
      <SettledPayment title={<Trans>Your payment is being processed</Trans>}>
        <Trans>
          You pay by direct debit, and your bank takes a few working days to transfer the money. We will e-mail you
          if the payment does not go through.
        </Trans>
      </SettledPayment>
    );
  }
  if (confirmation === "refunded") {
    return (
      <SettledPayment title={<Trans>You already have a subscription</Trans>}>
        <Trans>
          So we cancelled the second one straight away and refunded this payment in full. We have sent you an e-mail
          about it.
        </Trans>
      </SettledPayment>
    );
  }
  return (
    <div className="page page--narrow">
      <h1 className="page__title">
        <Trans>Payment received</Trans>
      </h1>
      <div role="status">
        <p className="page__lead">
          <Trans>
            We have received your payment and are still processing it. This can take a few minutes; your subscription
            starts as soon as it is done.
          </Trans>
        </p>
        <p>
          <Trans>
            Still not active after a while? <Link to={localizedPath("/contact", locale)}>Contact us</Link> and we will
            sort it out.
          </Trans>
        </p>
      </div>
      <div className="actions">
        <button type="button" className="ag-button" onClick={() => {
            setConfirmation("confirming");
            setRound((n) => n + 1);
          }}>
          <Trans>Check again</Trans>
        </button>
      </div>
    </div>
  );
}

/** What the payment came to, said once and for good, with the way on to the subscription. */
function SettledPayment({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="page page--narrow">
      <h1 className="page__title">{title}</h1>
      <div role="status">
        <p className="page__lead">{children}</p>
      </div>
      <div className="actions">
        <Link className="ag-button" to="/dashboard/settings">
          <Trans>Go to your subscription</Trans>
        </Link>
      </div>
    </div>
  );
}
