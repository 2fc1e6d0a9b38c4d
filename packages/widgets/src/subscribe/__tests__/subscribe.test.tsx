import type { Plan } from "@agency/contract";
import { setSession } from "@agency/core";
import { getToasts } from "@agency/ui";
import { waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ann, API, lastToast, proPlan, recordNavigation, renderElement, setupApi, type ShadowView } from "../../__tests__/element-kit";
import "../subscribe.element";

// The one module mocked: Stripe's loader (it would fetch js.stripe.com). The API is stubbed over HTTP.
const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  createEmbeddedCheckoutPage: vi.fn(),
  mount: vi.fn(),
  destroy: vi.fn(),
}));
vi.mock("@stripe/stripe-js", () => ({ loadStripe: stripe.loadStripe }));

const pro: Plan = proPlan;

const server = setupApi();
const nav = recordNavigation();
const { assign } = nav;
/** Where each agency-navigate went. */
const navigations = () => nav.navigations.map((n) => n.to);

function stubApi({ plans = [pro], subscription = null }: { plans?: unknown[]; subscription?: unknown } = {}) {
  server.use(
    http.get(`${API}/subscriptions/plans`, () => HttpResponse.json({ plans })),
    http.get(`${API}/subscriptions/current`, () => HttpResponse.json({ subscription })),
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  stripe.loadStripe.mockResolvedValue({ createEmbeddedCheckoutPage: stripe.createEmbeddedCheckoutPage });
  stripe.createEmbeddedCheckoutPage.mockResolvedValue({ mount: stripe.mount, destroy: stripe.destroy });
});
afterEach(() => history.replaceState(null, "", "/"));

const texts = {
  en: {
    loading: "Loading subscription options...",
    hero: "Ready to get started?",
    monthly: "Monthly",
    annual: "Annual",
    save20: "Save 20%",
    perMonth: "per month",
    perYear: "per year",
    equivalent: "€39.00",
    monthlyPrice: "€49",
    billedAnnually: "Billed annually (€468 per year)",
    billedAnnuallyShort: "Billed annually",
    billedMonthly: "Billed monthly",
    savings: "Save €120 per year (20% off)",
    startAnnual: "Start Your Annual Plan",
    immediateStart: /^I request that the service starts immediately, during the 14-day withdrawal period\. I understand that if I withdraw, I pay a proportionate amount/,
    startMonthly: "Start Your Monthly Plan",
    processing: "Processing...",
    trust: ["Premium service", "Secure payment", "Cancel anytime"],
    contact: "Contact us",
    included: "Included",
    notIncluded: "Not included",
    defaultName: "Pro Plan",
    defaultFeatures: [
      "Unlimited team members",
      "500GB storage",
      "All integrations",
      "Priority support",
      "Advanced analytics",
      "Full API access",
    ],
    loadFailedToast: "Failed to load subscription plan",
    unable: "Unable to load subscription plan",
    tryAgain: "Try Again",
    pricing: "View pricing",
    notAvailable: "Plan not available",
    logIn: "Please log in to subscribe",
    startFailed: "Failed to start checkout",
    invalid: "Invalid checkout response",
    paymentFailed: "Payment failed. Please try again.",
    cancelled: "Subscription cancelled",
    succeeded: "Subscription successful!",
    debit: "Your payment is being processed. A direct debit takes a few working days.",
    vatYearly: "Prices exclude VAT. With a billing address in the Netherlands you pay €566.28 per year, including 21% VAT.",
    vatMonthly: "Prices exclude VAT. With a billing address in the Netherlands you pay €59.29 per month, including 21% VAT.",
    cancelPayment: "Cancel payment",
  },
  nl: {
    loading: "Abonnementsopties laden...",
    hero: "Klaar om te beginnen?",
    monthly: "Maandelijks",
    annual: "Jaarlijks",
    save20: "Bespaar 20%",
    perMonth: "per maand",
    perYear: "per jaar",
    equivalent: "€ 39,00",
    monthlyPrice: "€ 49",
    billedAnnually: "Jaarlijks gefactureerd (€ 468 per jaar)",
    billedAnnuallyShort: "Jaarlijks gefactureerd",
    billedMonthly: "Maandelijks gefactureerd",
    savings: "Bespaar € 120 per jaar (20% korting)",
    startAnnual: "Start je jaarabonnement",
    immediateStart: /^Ik verzoek om de dienst direct te laten beginnen, tijdens de herroepingstermijn van 14 dagen\. Ik begrijp dat ik bij herroeping een evenredig bedrag betaal/,
    startMonthly: "Start je maandabonnement",
    processing: "Bezig met verwerken...",
    trust: ["Premium service", "Veilig betalen", "Altijd opzegbaar"],
    contact: "Neem contact met ons op",
    included: "Inbegrepen",
    notIncluded: "Niet inbegrepen",
    defaultName: "Pro-abonnement",
    defaultFeatures: [
      "Onbeperkt aantal teamleden",
      "500GB opslag",
      "Alle integraties",
      "Voorrang bij support",
      "Geavanceerde analyses",
      "Volledige API-toegang",
    ],
    loadFailedToast: "Laden van het abonnement is mislukt",
    unable: "Kan het abonnement niet laden",
    tryAgain: "Opnieuw proberen",
    pricing: "Bekijk prijzen",
    notAvailable: "Abonnement niet beschikbaar",
    logIn: "Log in om je te abonneren",
    startFailed: "Starten van de betaling is mislukt",
    invalid: "Ongeldig antwoord van de betaalpagina",
    paymentFailed: "Betaling mislukt. Probeer het opnieuw.",
    cancelled: "Abonnement geannuleerd",
    succeeded: "Abonnement gestart!",
    debit: "Je betaling wordt verwerkt. Een automatische incasso duurt een paar werkdagen.",
    vatYearly: "Prijzen zijn exclusief btw. Met een factuuradres in Nederland betaal je € 566,28 per jaar, inclusief 21% btw.",
    vatMonthly: "Prijzen zijn exclusief btw. Met een factuuradres in Nederland betaal je € 59,29 per maand, inclusief 21% btw.",
    cancelPayment: "Betaling annuleren",
  },
};

describe.each(["en", "nl"] as const)("agency-subscribe (%s)", (locale) => {
  const T = texts[locale];

  async function mount(attributes = "") {
    const { el, view } = await renderElement("agency-subscribe", `api-base="${API}" locale="${locale}" ${attributes}`, (_, host) =>
      expect(host.shadowRoot?.querySelector("section")).toBeTruthy(),
    );
    return { el, ui: view };
  }
  async function mountLoaded(attributes = "") {
    const mounted = await mount(attributes);
    await waitFor(() => expect(mounted.ui.getByRole("heading", { name: T.hero })).toBeInTheDocument());
    return mounted;
  }
  // Text matchers collapse whitespace, so the no-break space of "€ 39,00" compares as a plain space.
  const card = (ui: ShadowView) => ui.getByRole("article");

  describe("plan", () => {
    it("shows the loading spinner until the plan is there", async () => {
      server.use(
        http.get(`${API}/subscriptions/plans`, async () => {
          await delay(300);
          return HttpResponse.json({ plans: [pro] });
        }),
      );
      const { ui } = await mount();
      expect(ui.getByRole("status")).toHaveTextContent(T.loading);
      await waitFor(() => expect(ui.getByRole("heading", { name: T.hero })).toBeInTheDocument());
      expect(ui.queryByText(T.loading)).toBeNull();
    });

    it("defaults to annual billing: monthly equivalent, billing note, saving, features and start button", async () => {
      stubApi();
      const { ui } = await mountLoaded();
      expect(ui.getByRole("radio", { name: new RegExp(T.annual) })).toBeChecked();
      expect(ui.getByRole("radio", { name: new RegExp(T.annual) }).closest("label")).toHaveTextContent(T.save20);
      const plan = within(card(ui));
      expect(plan.getByRole("heading", { level: 3, name: "Pro" })).toBeInTheDocument();
      expect(card(ui)).toHaveTextContent("For growing teams");
      expect(card(ui)).toHaveTextContent(`${T.equivalent} ${T.perMonth}`);
      expect(card(ui)).toHaveTextContent(T.billedAnnually);
      // Every price says it excludes VAT, and what a Dutch billing address pays with it.
      expect(card(ui)).toHaveTextContent(T.vatYearly);
      expect(card(ui)).toHaveTextContent(T.savings);
      expect(plan.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Unlimited pages", "Priority support"]);
      expect(plan.getByRole("button", { name: T.startAnnual })).toBeEnabled();
      for (const item of T.trust) expect(ui.getByText(item)).toBeInTheDocument();
      expect(ui.getByRole("link", { name: T.contact })).toHaveAttribute("href", "/contact");
    });

    it("switches to monthly billing: monthly price, no saving line", async () => {
      stubApi();
      const { ui } = await mountLoaded();
      await userEvent.setup().click(ui.getByRole("radio", { name: T.monthly }));
      expect(card(ui)).toHaveTextContent(`${T.monthlyPrice} ${T.perMonth}`);
      expect(card(ui)).toHaveTextContent(T.billedMonthly);
      expect(card(ui)).toHaveTextContent(T.vatMonthly);
      expect(card(ui)).not.toHaveTextContent(T.savings);
      expect(within(card(ui)).getByRole("button", { name: T.startMonthly })).toBeInTheDocument();
    });

    it("shows no 'Save N%' badge or saving line when a year saves nothing", async () => {
      stubApi({ plans: [{ ...pro, price_yearly: 588 }] });
      const { ui } = await mountLoaded();
      expect(ui.getByRole("radio", { name: T.annual })).toBeInTheDocument();
      expect(ui.queryByText(/20%/)).toBeNull();
      expect(card(ui)).not.toHaveTextContent(T.savings.slice(0, 6));
    });

    it("shows the yearly amount when the monthly equivalent is under 1, in the plan's currency", async () => {
      stubApi({ plans: [{ ...pro, currency: "USD", price_monthly: 1, price_yearly: 6 }] });
      const { ui } = await mountLoaded();
      expect(card(ui)).toHaveTextContent(`${locale === "en" ? "$6" : "US$ 6"} ${T.perYear}`);
      expect(card(ui)).toHaveTextContent(T.billedAnnuallyShort);
    });

    it("lists object features with Included / Not included", async () => {
      stubApi({ plans: [{ ...pro, features: { Storage: "500GB", "API access": true, "Phone support": false } }] });
      const { ui } = await mountLoaded();
      const items = within(card(ui)).getAllByRole("listitem").map((li) => li.textContent);
      expect(items).toEqual(["Storage500GB", `API access${T.included}`, `Phone support${T.notIncluded}`]);
    });

    it("falls back to the default Pro plan when the server has none", async () => {
      stubApi({ plans: [] });
      const { ui } = await mountLoaded();
      expect(within(card(ui)).getByRole("heading", { name: T.defaultName })).toBeInTheDocument();
      expect(within(card(ui)).getAllByRole("listitem").map((li) => li.textContent)).toEqual(T.defaultFeatures);
      expect(card(ui)).toHaveTextContent(T.savings);
      expect(getToasts()).toHaveLength(0);
    });

    it("on failure: toast, the failure view with Try Again and the pricing link, and the default plan", async () => {
      server.use(
        http.get(`${API}/subscriptions/plans`, () => HttpResponse.json({ error: "down" }, { status: 500 })),
      );
      vi.spyOn(console, "error").mockImplementation(() => {});
      const { ui } = await mountLoaded(`pricing-href="/en/pricing"`);
      expect(ui.getByRole("alert")).toHaveTextContent(T.unable);
      expect(lastToast()).toMatchObject({ kind: "error", message: T.loadFailedToast, locale });
      // An English element's link to an English page says its language.
      expect(ui.getByRole("link", { name: T.pricing })).toHaveAttribute("href", locale === "en" ? "/en/pricing?lang=en" : "/en/pricing");
      expect(within(card(ui)).getByRole("heading", { name: T.defaultName })).toBeInTheDocument();

      stubApi();
      await userEvent.setup().click(ui.getByRole("button", { name: T.tryAgain }));
      await waitFor(() => expect(within(card(ui)).getByRole("heading", { name: "Pro" })).toBeInTheDocument());
      expect(ui.queryByRole("alert")).toBeNull();
    });

    it("says 'Plan not available' when the server's plan cannot be sold", async () => {
      stubApi({ plans: [{ name: "Broken" }] });
      const { ui } = await mountLoaded();
      expect(ui.getByText(T.notAvailable)).toBeInTheDocument();
      expect(ui.queryByRole("button", { name: T.startAnnual })).toBeNull();
    });

    it.each(["active", "trialing"])("sends someone with an %s subscription to /dashboard", async (status) => {
      setSession(ann, "tok");
      stubApi({ subscription: { status, plan_name: "Pro", current_period_end: "2027-01-01T00:00:00Z", cancel_at_period_end: false } });
      const { ui } = await mount();
      await waitFor(() => expect(navigations()).toEqual(["/dashboard"]));
      expect(ui.getByText(T.loading)).toBeInTheDocument();
    });

    it.each(["past_due", "incomplete"])("offers the plan to someone whose subscription is %s", async (status) => {
      setSession(ann, "tok");
      stubApi({ subscription: { status, plan_name: "Pro", current_period_end: "2027-01-01T00:00:00Z", cancel_at_period_end: false } });
      const { ui } = await mount();
      expect(await ui.findByRole("button", { name: T.startAnnual })).toBeInTheDocument();
      expect(navigations()).toEqual([]);
    });

    it("shows the cancelled notice after coming back with ?subscription=cancelled", async () => {
      history.replaceState(null, "", "/subscribe?subscription=cancelled");
      stubApi();
      const { ui } = await mountLoaded();
      expect(ui.getByText(T.cancelled)).toBeInTheDocument();
      expect(lastToast()).toMatchObject({ kind: "info", message: T.cancelled, locale });
    });

    it("says 'Subscription cancelled' once: the address loses the marker, so a reload says nothing again", async () => {
      history.replaceState({ idx: 3, key: "router" }, "", "/subscribe?ref=mail&subscription=cancelled#plan");
      stubApi();
      const first = await mountLoaded();
      expect(first.ui.getByText(T.cancelled)).toBeInTheDocument();
      expect(getToasts().filter((toast) => toast.message === T.cancelled)).toHaveLength(1);
      // Only the marker goes; the rest of the address and the router's state in the history entry stay.
      expect(`${location.pathname}${location.search}${location.hash}`).toBe("/subscribe?ref=mail#plan");
      expect(history.state).toEqual({ idx: 3, key: "router" });

      first.el.remove();
      const reloaded = await mountLoaded();
      expect(reloaded.ui.queryByText(T.cancelled)).toBeNull();
      expect(getToasts().filter((toast) => toast.message === T.cancelled)).toHaveLength(1);
    });
  });

  describe("checkout", () => {
    it("asks a visitor who is not logged in to log in first", async () => {
      stubApi();
      const { ui } = await mountLoaded();
      await userEvent.setup().click(ui.getByRole("button", { name: T.startAnnual }));
      expect(lastToast()).toMatchObject({ kind: "error", message: T.logIn, locale });
      expect(navigations()).toEqual(["/login"]);
    });

    it("sends the browser to checkoutUrl with the chosen period and return URLs, without loading Stripe", async () => {
      setSession(ann, "tok");
      stubApi();
      let body: unknown;
      server.use(
        http.post(`${API}/subscriptions/create-checkout`, async ({ request }) => {
          body = await request.json();
          await delay(100);
          return HttpResponse.json({ checkoutUrl: "http://api.test/checkout/cs_1" });
        }),
      );
      history.replaceState(null, "", "/subscribe?ref=mail#top");
      const { ui } = await mountLoaded();
      await userEvent.setup().click(ui.getByRole("button", { name: T.startAnnual }));
      const busy = ui.getByRole("button", { name: T.processing });
      expect(busy).toBeDisabled();
      await waitFor(() => expect(assign).toHaveBeenCalledWith("http://api.test/checkout/cs_1"));
      expect(body).toEqual({
        planId: "pro",
        billingPeriod: "yearly",
        successUrl: `${location.origin}/dashboard?subscription=success`,
        cancelUrl: `${location.origin}/subscribe?ref=mail&subscription=cancelled`,
        language: locale,
        immediateStart: false,
      });
      expect(stripe.loadStripe).not.toHaveBeenCalled();
    });

    it("asks, unticked, whether the service may start during the withdrawal period, and sends the answer with the checkout", async () => {
      setSession(ann, "tok");
      stubApi();
      let body: Record<string, unknown> = {};
      server.use(
        http.post(`${API}/subscriptions/create-checkout`, async ({ request }) => {
          body = (await request.json()) as Record<string, unknown>;
          return HttpResponse.json({ checkoutUrl: "http://api.test/checkout/cs_2" });
        }),
      );
      const { ui } = await mountLoaded();
      const question = ui.getByRole("checkbox", { name: T.immediateStart });
      expect(question).not.toBeChecked();
      const user = userEvent.setup();
      await user.click(question);
      await user.click(ui.getByRole("button", { name: T.startAnnual }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith("http://api.test/checkout/cs_2"));
      expect(body.immediateStart).toBe(true);
    });

    it("uses the success-url and cancel-url attributes (relative to the page too), and the monthly period when chosen", async () => {
      setSession(ann, "tok");
      stubApi();
      let body: Record<string, unknown> = {};
      server.use(
        http.post(`${API}/subscriptions/create-checkout`, async ({ request }) => {
          body = (await request.json()) as Record<string, unknown>;
          return HttpResponse.json({ checkoutUrl: "http://api.test/checkout/cs_2" });
        }),
      );
      const { ui } = await mountLoaded(`success-url="https://partner.test/thanks" cancel-url="plans.html?from=checkout"`);
      const u = userEvent.setup();
      await u.click(ui.getByRole("radio", { name: T.monthly }));
      await u.click(ui.getByRole("button", { name: T.startMonthly }));
      await waitFor(() => expect(assign).toHaveBeenCalled());
      expect(body).toMatchObject({
        billingPeriod: "monthly",
        successUrl: "https://partner.test/thanks",
        cancelUrl: `${location.origin}/plans.html?from=checkout`,
      });
    });

    it("shows the server's message, or 'Failed to start checkout', and returns to idle", async () => {
      setSession(ann, "tok");
      stubApi();
      server.use(
        http.post(`${API}/subscriptions/create-checkout`, () =>
          HttpResponse.json({ error: "successUrl is not an allowed origin" }, { status: 400 }),
        ),
      );
      const { ui } = await mountLoaded();
      const u = userEvent.setup();
      await u.click(ui.getByRole("button", { name: T.startAnnual }));
      await waitFor(() => expect(lastToast()).toMatchObject({ kind: "error", message: "successUrl is not an allowed origin" }));
      expect(ui.getByRole("button", { name: T.startAnnual })).toBeEnabled();

      server.use(http.post(`${API}/subscriptions/create-checkout`, () => HttpResponse.error()));
      await u.click(ui.getByRole("button", { name: T.startAnnual }));
      await waitFor(() => expect(lastToast()).toMatchObject({ kind: "error", message: T.startFailed, locale }));
      expect(ui.getByRole("button", { name: T.startAnnual })).toBeEnabled();
    });

    it("says 'Invalid checkout response' when the answer has neither a URL nor a session", async () => {
      setSession(ann, "tok");
      stubApi();
      server.use(http.post(`${API}/subscriptions/create-checkout`, () => HttpResponse.json({ sessionId: "cs_1" })));
      const { ui } = await mountLoaded();
      await userEvent.setup().click(ui.getByRole("button", { name: T.startAnnual }));
      await waitFor(() => expect(lastToast()).toMatchObject({ kind: "error", message: T.invalid, locale }));
      expect(ui.getByRole("button", { name: T.startAnnual })).toBeEnabled();
      expect(assign).not.toHaveBeenCalled();
    });

    describe("embedded Stripe checkout", () => {
      const session = { sessionId: "cs_9", clientSecret: "cs_9_secret", publishableKey: "pk_test_1" };

      async function openEmbedded() {
        setSession(ann, "tok");
        stubApi();
        server.use(http.post(`${API}/subscriptions/create-checkout`, () => HttpResponse.json(session)));
        const mounted = await mountLoaded();
        await userEvent.setup().click(mounted.ui.getByRole("button", { name: T.startAnnual }));
        await waitFor(() => expect(mounted.ui.getByRole("button", { name: T.cancelPayment })).toBeInTheDocument());
        return mounted;
      }

      it("loads Stripe with the key and mounts the checkout in a slotted light-DOM node", async () => {
        const { el } = await openEmbedded();
        expect(stripe.loadStripe).toHaveBeenCalledWith("pk_test_1");
        const options = stripe.createEmbeddedCheckoutPage.mock.calls[0]![0] as { fetchClientSecret: () => Promise<string> };
        await expect(options.fetchClientSecret()).resolves.toBe("cs_9_secret");
        const mountPoint = stripe.mount.mock.calls[0]![0] as HTMLElement;
        expect(mountPoint.parentElement).toBe(el);
        expect(mountPoint.slot).toBe("agency-checkout");
        expect(el.shadowRoot!.querySelector('slot[name="agency-checkout"]')).toBeTruthy();
      });

      it("on completion: 'Subscription successful!', agency-subscription-success, on to the dashboard", async () => {
        const { el } = await openEmbedded();
        const success = vi.fn();
        el.addEventListener("agency-subscription-success", (e) => success((e as CustomEvent).detail));
        server.use(http.get(`${API}/subscriptions/checkouts/cs_9`, () => HttpResponse.json({ status: "paid" })));
        const { onComplete } = stripe.createEmbeddedCheckoutPage.mock.calls[0]![0] as { onComplete: () => Promise<void> };
        await onComplete();
        expect(lastToast()).toMatchObject({ kind: "success", message: T.succeeded, locale });
        expect(success).toHaveBeenCalledWith({ planId: "pro", billingPeriod: "yearly" });
        // With the session's id, as Stripe adds it to the return address, for the site to check with the server.
        expect(navigations()).toEqual(["/dashboard?subscription=success&checkout=cs_9"]);
        expect(stripe.destroy).toHaveBeenCalled();
        expect(el.querySelector('[slot="agency-checkout"]')).toBeNull();
      });

      it("on completion with a direct debit still to arrive: says the payment is being processed, not that it succeeded", async () => {
        await openEmbedded();
        server.use(http.get(`${API}/subscriptions/checkouts/cs_9`, () => HttpResponse.json({ status: "processing" })));
        const { onComplete } = stripe.createEmbeddedCheckoutPage.mock.calls[0]![0] as { onComplete: () => Promise<void> };
        await onComplete();
        expect(lastToast()).toMatchObject({ kind: "info", message: T.debit, locale });
        expect(navigations()).toEqual(["/dashboard?subscription=success&checkout=cs_9"]);
      });

      it("on cancel: 'Subscription cancelled' and back to idle", async () => {
        const { el, ui } = await openEmbedded();
        await userEvent.setup().click(ui.getByRole("button", { name: T.cancelPayment }));
        expect(lastToast()).toMatchObject({ kind: "info", message: T.cancelled, locale });
        expect(ui.getByRole("button", { name: T.startAnnual })).toBeEnabled();
        expect(stripe.destroy).toHaveBeenCalled();
        expect(el.querySelector('[slot="agency-checkout"]')).toBeNull();
        expect(navigations()).toEqual([]);
      });

      it("on error: 'Payment failed. Please try again.' and back to idle", async () => {
        vi.spyOn(console, "error").mockImplementation(() => {});
        stripe.createEmbeddedCheckoutPage.mockRejectedValue(new Error("blocked"));
        setSession(ann, "tok");
        stubApi();
        server.use(http.post(`${API}/subscriptions/create-checkout`, () => HttpResponse.json(session)));
        const { el, ui } = await mountLoaded();
        await userEvent.setup().click(ui.getByRole("button", { name: T.startAnnual }));
        await waitFor(() => expect(lastToast()).toMatchObject({ kind: "error", message: T.paymentFailed, locale }));
        expect(ui.getByRole("button", { name: T.startAnnual })).toBeEnabled();
        expect(el.querySelector('[slot="agency-checkout"]')).toBeNull();
      });
    });
  });
});
