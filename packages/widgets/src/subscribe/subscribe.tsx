import { type BillingPeriod, CHECKOUT_RETURN_PARAM, grantsAccess, type Plan, roleCan, type TeamMember } from "@agency/contract";
import { apiErrorMessage, apiStatus, navigation, subscriptionsApi } from "@agency/core";
import { originRefusedMessage, Spinner, toast } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { ElementLink, useElement } from "../element/element-context";
import { useElementSession } from "../element/element-session";
import { laterPart } from "../element/later-part";
import { usablePlan, useDefaultPlan } from "./default-plan";
import type { OpenCheckout } from "./embedded-checkout";
import type { CheckoutState } from "./plan-card";

/**
 * The offer (billing toggle, immediate start, the plan's card) and the trust list, with their texts: fetched with the
 * plans, so the element's first screen, the spinner in the element's room, does not carry them (the page then
 * renders once, whole). Kept once here; offline the failure view shows, and 'Try Again' asks again.
 */
type OfferModule = typeof import("./offer");
let Parts: { Offer: OfferModule["Offer"]; TrustList: OfferModule["TrustList"] } | null = null;
const loadParts = async () => {
  if (Parts) return Parts;
  const offer = import("./offer");
  const [Offer, TrustList] = await Promise.all([
    laterPart(offer.then((m) => m.Offer), import("./later-texts")),
    laterPart(offer.then((m) => m.TrustList), import("./later-texts")),
  ]);
  return (Parts = { Offer, TrustList });
};

/** Who in the visitor's company can buy, for a member who cannot; fetched only for such a visitor. */
const BuyerNotice = lazy(() => import("./buyer-notice"));

export interface SubscribeProps {
  /**
   * Where the payment provider returns after paying (absolute, or relative to this page); also where the embedded
   * checkout goes on success. Default: `<base>dashboard?subscription=success` on this origin.
   */
  successUrl?: string;
  /** Where it returns after cancelling (absolute, or relative to this page). Default: this page with `?subscription=cancelled`. */
  cancelUrl?: string;
  /** The link of the failure view. Default: "/pricing". */
  pricingHref?: string;
  /** The contact link under the card. Default: "/contact". */
  contactHref?: string;
}

/** "default": the server has no plan or could not be reached, so the built-in Pro plan shows; null: its first plan is unusable. */
interface Loaded {
  plan: Plan | "default" | null;
  failed: boolean;
}

/**
 * Subscribe: one plan, monthly or annual billing, and the way to the payment provider. Prices are in the plan's own
 * currency in both languages (docs/decisions/0003-euro-in-both-languages.md).
 */
export function Subscribe({ successUrl, cancelUrl, pricingHref = "/pricing", contactHref = "/contact" }: SubscribeProps) {
  const { t, i18n } = useLingui();
  const { api, settings, navigate, emit, host } = useElement();
  const { isAuthenticated } = useElementSession();
  const defaultPlan = useDefaultPlan();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // Set when the visitor's role in their company does not let them buy: its name and who can.
  const [buyers, setBuyers] = useState<{ company: string; members: TeamMember[] } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [period, setPeriod] = useState<BillingPeriod>("yearly");
  const [checkout, setCheckout] = useState<CheckoutState>("idle");
  const [immediateStart, setImmediateStart] = useState(false);
  const openCheckout = useRef<OpenCheckout | null>(null);
  const [returnedCancelled] = useState(() => new URLSearchParams(location.search).get("subscription") === "cancelled");
  const locale = settings.locale;

  useEffect(() => {
    // Once, for the visit that came back from the provider: the marker leaves the address (the history entry is
    // replaced, its state kept for the page's router), so a reload or a return by Back says nothing again.
    const address = new URL(location.href);
    if (!returnedCancelled || address.searchParams.get("subscription") !== "cancelled") return;
    toast.info(t`Subscription cancelled`, { locale });
    address.searchParams.delete("subscription");
    history.replaceState(history.state, "", address.href);
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => () => openCheckout.current?.close(), []);

  useEffect(() => {
    let current = true;
    setLoaded(null);
    const subscription = isAuthenticated
      ? subscriptionsApi.getCurrentSubscription(api).catch(() => null)
      : Promise.resolve(null);
    // The subscription is the company's: only its owner and billing members buy it (the server refuses the others).
    // Its calls come with the question (../element/team-api.ts): a visitor who is not signed in never downloads them.
    const team = isAuthenticated
      ? import("../element/team-api").then(({ teamApi }) => teamApi.getTeam(api)).catch(() => null)
      : Promise.resolve(null);
    const plans = subscriptionsApi.getPlans(api).then(
      (list) => ({ ok: true as const, list }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    const parts = loadParts().catch((error: unknown) => {
      console.error("agency-subscribe: could not load the offer", error);
      return null;
    });
    void Promise.all([subscription, plans, team, parts]).then(([existing, result, company, offer]) => {
      if (!current) return;
      setBuyers(
        company && !roleCan(company.role, "billing.manage")
          ? { company: company.team.name, members: company.members.filter((m) => roleCan(m.role, "billing.manage")) }
          : null,
      );
      // Nothing to sell to someone who already subscribes: on to the dashboard.
      if (grantsAccess(existing?.status)) {
        navigate("/dashboard");
        return;
      }
      if (result.ok) {
        setLoaded({ plan: result.list.length === 0 ? "default" : usablePlan(result.list[0]), failed: offer === null });
      } else {
        console.error("agency-subscribe: could not load the plans", result.error);
        toast.error(t`Failed to load subscription plan`, { locale });
        setLoaded({ plan: "default", failed: true });
      }
    });
    return () => {
      current = false;
    };
    // Loads again for another API, another visitor, or 'Try Again' — not when the language changes.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [api, isAuthenticated, attempt]);

  /** The provider needs absolute URLs; attributes may be relative to this page ("thanks.html"). */
  function returnUrls() {
    const cancel = new URL(location.href);
    cancel.searchParams.set("subscription", "cancelled");
    cancel.hash = "";
    return {
      successUrl: new URL(successUrl || `${settings.basePath}dashboard?subscription=success`, location.href).href,
      cancelUrl: cancelUrl ? new URL(cancelUrl, location.href).href : cancel.href,
    };
  }

  async function start(plan: Plan) {
    if (!isAuthenticated) {
      toast.error(t`Please log in to subscribe`, { locale });
      navigate("/login");
      return;
    }
    setCheckout("processing");
    let answer;
    try {
      answer = await subscriptionsApi.createCheckout(api, {
        planId: plan.id,
        billingPeriod: period,
        ...returnUrls(),
        language: locale,
        immediateStart,
      });
    } catch (error) {
      // A 401 already sent the visitor to the login page (the API client's rule); a toast would only add noise.
      if (apiStatus(error) !== 401) toast.error(apiErrorMessage(error, i18n) ?? originRefusedMessage(i18n, error) ?? t`Failed to start checkout`, { locale });
      setCheckout("idle");
      return;
    }
    if (answer.checkoutUrl) {
      navigation.assign(answer.checkoutUrl);
      return;
    }
    if (answer.sessionId && answer.clientSecret && answer.publishableKey) {
      await startEmbedded(plan, answer.sessionId, answer.clientSecret, answer.publishableKey);
      return;
    }
    toast.error(t`Invalid checkout response`, { locale });
    setCheckout("idle");
  }

  async function startEmbedded(plan: Plan, sessionId: string, clientSecret: string, publishableKey: string) {
    const billingPeriod = period;
    try {
      const { openEmbeddedCheckout } = await import("./embedded-checkout");
      openCheckout.current = await openEmbeddedCheckout({
        publishableKey,
        clientSecret,
        host,
        onComplete: async () => {
          closeEmbedded();
          // A direct debit completes the checkout days before its money arrives: that is no success yet.
          const outcome = await subscriptionsApi.getCheckoutOutcome(api, sessionId).catch(() => null);
          if (outcome === "processing") toast.info(t`Your payment is being processed. A direct debit takes a few working days.`, { locale });
          else toast.success(t`Subscription successful!`, { locale });
          emit("agency-subscription-success", { planId: plan.id, billingPeriod });
          // The same place the provider's return goes, with the checkout's id as Stripe adds it there, so the site
          // confirms this payment (after asking the server) before its guards look.
          const back = successUrl || "/dashboard?subscription=success";
          navigate(`${back}${back.includes("?") ? "&" : "?"}${CHECKOUT_RETURN_PARAM}=${encodeURIComponent(sessionId)}`);
        },
      });
      setCheckout("embedded");
    } catch (error) {
      console.error("agency-subscribe: the embedded checkout failed", error);
      toast.error(t`Payment failed. Please try again.`, { locale });
      setCheckout("idle");
    }
  }

  function closeEmbedded() {
    openCheckout.current?.close();
    openCheckout.current = null;
    setCheckout("idle");
  }

  if (!loaded) {
    return (
      <section className="subscribe subscribe--loading" part="root">
        <Spinner label={t`Loading subscription options...`} />
      </section>
    );
  }

  const plan = loaded.plan === "default" ? defaultPlan : loaded.plan;
  const Offer = Parts?.Offer;
  const TrustList = Parts?.TrustList;
  return (
    <section className="subscribe" part="root">
      <header className="subscribe__hero" part="hero">
        <h2 className="subscribe__title">
          <Trans>Ready to get started?</Trans>
        </h2>
        <p className="subscribe__lead">
          <Trans>Choose how you want to pay and start today.</Trans>
        </p>
      </header>
      {returnedCancelled ? (
        <p className="subscribe__notice" part="notice">
          <strong>
            <Trans>Subscription cancelled</Trans>
          </strong>{" "}
          <Trans>No payment was made. You can start again whenever you're ready.</Trans>
        </p>
      ) : null}
      {loaded.failed ? (
        <div className="subscribe__failure" part="failure" role="alert">
          <h3 className="subscribe__failure-title">
            <Trans>Unable to load subscription plan</Trans>
          </h3>
          <p>
            <Trans>We're showing our standard plan for now. Try again, or see all our prices.</Trans>
          </p>
          <div className="subscribe__failure-actions">
            <button type="button" className="ag-button" onClick={() => setAttempt((n) => n + 1)}>
              <Trans>Try Again</Trans>
            </button>
            <ElementLink to={pricingHref} className="ag-link">
              <Trans>View pricing</Trans>
            </ElementLink>
          </div>
        </div>
      ) : null}
      {buyers ? (
        <Suspense fallback={null}>
          <BuyerNotice company={buyers.company} buyers={buyers.members} />
        </Suspense>
      ) : plan && Offer ? (
        <Offer
          plan={plan}
          period={period}
          onPeriodChange={setPeriod}
          immediateStart={immediateStart}
          onImmediateStartChange={setImmediateStart}
          locale={locale}
          checkout={checkout}
          onStart={(chosen) => void start(chosen)}
          onCancelCheckout={() => {
            closeEmbedded();
            toast.info(t`Subscription cancelled`, { locale });
          }}
        />
      ) : (
        <p className="subscribe__unavailable" role="status">
          <Trans>Plan not available</Trans>
        </p>
      )}
      {TrustList ? <TrustList /> : null}
      <p className="subscribe__contact">
        <Trans>
          Questions about the plan?{" "}
          <ElementLink to={contactHref} className="ag-link">
            Contact us
          </ElementLink>
        </Trans>
      </p>
    </section>
  );
}
