import { type CancelPayload, formatDate, grantsAccess, localizedPath, roleCan, type Subscription, type TeamResponse } from "@agency/contract";
import { subscriptionsApi } from "@agency/core";
import { toast } from "@agency/ui";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { ElementLink, useElement, type ElementApi } from "../element/element-context";
import { useElementSession } from "../element/element-session";
import { laterPart } from "../element/later-part";
import { RequestsCard } from "./requests-card";
import { SignedOut } from "./signed-out";
import { useStatusLabel } from "./status-label";
import { fetchTeam, TeamContext } from "./team-state";

// Below the first screen (password, devices, the visitor's data): loaded after it, with its texts.
const AccountPanels = lazy(() => import("./panels/account-panels"));

/** The billing card (portal, invoices) is fetched after the rest of the page: not on the element's first render. */
const Billing = lazy(async () => ({
  default: await laterPart(import("./billing").then((m) => m.default), import("./later-texts")),
}));

/** The cancel confirmation, fetched once there is a subscription to cancel, so it opens at once. */
const loadCancelDialog = async () => ({
  default: await laterPart(import("./cancel-dialog").then((m) => m.default), import("./later-texts")),
});
const CancelDialog = lazy(loadCancelDialog);

/**
 * The notice of a payment that needs the visitor: few subscriptions have one, so its code is fetched with a
 * subscription that does, before the card shows it (the card then renders once, whole).
 */
let PaymentNotice: typeof import("./payment-notice").PaymentNotice | null = null;
const loadPaymentNotice = async () =>
  (PaymentNotice ??= await laterPart(import("./payment-notice").then((m) => m.PaymentNotice), import("./later-texts")));

/**
 * The notice for an address that is not verified yet: most accounts are verified, so its code is fetched with the
 * subscription for an account that is not (the page then renders once, whole).
 */
let VerifyEmailNotice: typeof import("./verify-email-notice").VerifyEmailNotice | null = null;
const loadVerifyEmailNotice = async () =>
  (VerifyEmailNotice ??= await laterPart(import("./verify-email-notice").then((m) => m.VerifyEmailNotice), import("./later-texts")));

/** The account card (address, name): shown with the subscription, so its code and texts are fetched with it. */
let AccountProfile: typeof import("./account-profile").AccountProfile | null = null;
const loadAccountProfile = async () =>
  (AccountProfile ??= await laterPart(import("./account-profile").then((m) => m.AccountProfile), import("./later-texts")));

/** A failed fetch is only logged; the page then reads 'No active subscription'. */
async function fetchSubscription(api: ElementApi["api"]): Promise<Subscription | null> {
  try {
    const subscription = await subscriptionsApi.getCurrentSubscription(api);
    if (subscription?.payment_issue) await loadPaymentNotice();
    return subscription;
  } catch (error) {
    console.error("agency-settings: could not load the subscription", error);
    return null;
  }
}

/** `view`: account (everything, the requests too) or requests (only the company's); `request`: the id of one to open. */
export type SettingsProps = { view?: string; request?: string };

/**
 * The settings page: account information and the subscription, with cancel and resume (see
 * docs/decisions/0007-resume-before-the-end.md), and the visitor's own account and data: verify the address, change the name, address
 * and password, the signed-in devices, download the data, or delete the account. For every signed-in visitor, with
 * or without a subscription.
 */
export function Settings({ view, request }: SettingsProps) {
  const { t } = useLingui();
  const { api, settings, emit } = useElement();
  const { user, isAuthenticated } = useElementSession();
  const statusLabel = useStatusLabel();
  const [subscription, setSubscription] = useState<Subscription | null>(null);
  const [team, setTeam] = useState<TeamResponse | null>(null);
  const [loading, setLoading] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const [working, setWorking] = useState<"cancel" | "resume" | null>(null);
  // Cancelling removes the button that had focus, resuming the other one: focus goes to what replaced it.
  const focusNext = useRef<"notice" | "cancel" | null>(null);
  const takeFocus = (which: "notice" | "cancel") => (node: HTMLElement | null) => {
    if (node && focusNext.current === which) {
      focusNext.current = null;
      node.focus();
    }
  };
  const locale = settings.locale;

  const unverified = user?.email_verified === false;
  useEffect(() => {
    // The requests view shows nothing of the subscription.
    if (!isAuthenticated || view === "requests") return;
    let current = true;
    // Offline the notice's code may not come: the page then shows without it.
    const notice = unverified ? loadVerifyEmailNotice().catch(() => null) : null;
    const account = loadAccountProfile().catch((error: unknown) => console.error("agency-settings: could not load the account card", error));
    void Promise.all([fetchSubscription(api), fetchTeam(api), notice, account]).then(([next, company]) => {
      if (!current) return;
      setSubscription(next);
      setTeam(company);
      setLoading(false);
    });
    return () => {
      current = false;
    };
    // The notice's code is asked for once more below when the address turns out unverified later.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [api, isAuthenticated, view]);
  const [, noticeArrived] = useState(0);
  useEffect(() => {
    if (unverified && !VerifyEmailNotice) void loadVerifyEmailNotice().then(() => noticeArrived((n) => n + 1), () => undefined);
  }, [unverified]);

  const cancellable = grantsAccess(subscription?.status) && !subscription?.cancel_at_period_end;
  useEffect(() => {
    // Offline: the dialog is asked for again when 'Cancel Subscription' is pressed.
    if (cancellable) void loadCancelDialog().catch(() => undefined);
  }, [cancellable]);

  async function refresh(): Promise<Subscription | null> {
    const next = await fetchSubscription(api);
    setSubscription(next);
    return next;
  }
  // The subscription is the company's: after a change of company (leaving, accepting) both are fetched again.
  const teamChanged = async () => {
    const [company] = await Promise.all([fetchTeam(api), refresh()]);
    setTeam(company);
  };
  // Buying, cancelling and billing are for the company's owner and billing members (the server checks it too).
  const canBill = !team || roleCan(team.role, "billing.manage");

  async function cancel(why: CancelPayload) {
    setWorking("cancel");
    try {
      await subscriptionsApi.cancelSubscription(api, why);
      toast.success(t`Subscription cancelled successfully`, { locale });
      focusNext.current = "notice";
      setConfirming(false);
      emit("agency-subscription-cancel", { subscription: await refresh() });
    } catch (error) {
      console.error("agency-settings: cancelling failed", error);
      toast.error(t`Failed to cancel subscription`, { locale });
      setConfirming(false);
    } finally {
      setWorking(null);
    }
  }

  async function resume() {
    setWorking("resume");
    try {
      await subscriptionsApi.resumeSubscription(api);
      toast.success(t`Your subscription has been resumed`, { locale });
      focusNext.current = "cancel";
      emit("agency-subscription-resume", { subscription: await refresh() });
    } catch (error) {
      console.error("agency-settings: resuming failed", error);
      toast.error(t`Failed to resume subscription`, { locale });
    } finally {
      setWorking(null);
    }
  }

  if (!isAuthenticated || !user) return <SignedOut />;
  if (view === "requests") {
    return (
      <section className="settings" part="root">
        <RequestsCard requestId={request} />
      </section>
    );
  }

  if (loading) {
    // The room of the first screen, until the subscription (and the notice's code) are here.
    return (
      <section className="settings settings--reserved" part="root">
        <p className="settings__muted" role="status">
          <Trans>Loading...</Trans>
        </p>
      </section>
    );
  }

  const active = grantsAccess(subscription?.status);
  // "March 5, 2027" / "5 maart 2027", as the mails say it.
  const endDate = subscription ? formatDate(subscription.current_period_end, locale) : "";

  return (
    <section className="settings" part="root">
      {VerifyEmailNotice ? <VerifyEmailNotice /> : null}
      {AccountProfile ? <AccountProfile /> : null}

      <section className="settings__card" part="subscription" aria-labelledby="settings-subscription">
        <h2 id="settings-subscription" className="settings__title">
          <Trans>Subscription</Trans>
        </h2>
        {!subscription ? (
          <p className="settings__muted">
            <Trans>No active subscription</Trans>{" "}
            <ElementLink to="/subscribe" className="ag-link">
              <Trans>Choose a plan</Trans>
            </ElementLink>
          </p>
        ) : (
          <>
            {PaymentNotice ? <PaymentNotice subscription={subscription} canPay={canBill} /> : null}
            <dl className="settings__list">
              <div className="settings__row">
                <dt>
                  <Trans>Plan</Trans>
                </dt>
                <dd className="settings__plan">{subscription.plan_name}</dd>
              </div>
              <div className="settings__row">
                <dt>
                  <Trans>Status</Trans>
                </dt>
                <dd>
                  <span className={active ? "badge badge--active" : "badge badge--inactive"} part="status">
                    {statusLabel(subscription.status)}
                  </span>
                </dd>
              </div>
              {subscription.cancel_at_period_end ? null : (
                // Once cancelled there is no next billing: the notice below gives the end date instead.
                <div className="settings__row">
                  <dt>
                    <Trans>Next billing date</Trans>
                  </dt>
                  <dd>{endDate}</dd>
                </div>
              )}
            </dl>
            {subscription.cancel_at_period_end ? (
              <div className="settings__notice" part="notice" ref={takeFocus("notice")} tabIndex={-1}>
                <p>
                  <Trans>Your subscription will end on {endDate}</Trans>
                </p>
                {active && canBill ? (
                  <button
                    type="button"
                    className="ag-button"
                    disabled={working === "resume"}
                    aria-busy={working === "resume"}
                    onClick={() => void resume()}
                  >
                    {working === "resume" ? <Trans>Resuming...</Trans> : <Trans>Resume subscription</Trans>}
                  </button>
                ) : null}
              </div>
            ) : active && canBill ? (
              <button
                ref={takeFocus("cancel")}
                type="button"
                className="ag-button ag-button--danger"
                part="cancel"
                onClick={() => setConfirming(true)}
              >
                <Trans>Cancel Subscription</Trans>
              </button>
            ) : null}
          </>
        )}
        {/* The withdrawal function (Consumer Rights Directive, Art. 11a): always here, harmless outside the 14 days. */}
        <p className="settings__withdraw">
          <ElementLink to={localizedPath("/withdraw", locale)} className="ag-link" part="withdraw">
            <Trans>Withdraw from contract</Trans>
          </ElementLink>
        </p>
      </section>

      <Suspense fallback={null}>
        <Billing subscribed={subscription !== null} canManage={canBill} />
      </Suspense>

      <RequestsCard requestId={request} />

      <TeamContext.Provider value={{ team, changed: teamChanged }}>
        <Suspense fallback={null}>
          <AccountPanels />
        </Suspense>
      </TeamContext.Provider>

      {confirming ? (
        <Suspense fallback={null}>
          <CancelDialog
            endDate={endDate}
            cancelling={working === "cancel"}
            onKeep={() => setConfirming(false)}
            onCancel={(why) => void cancel(why)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
