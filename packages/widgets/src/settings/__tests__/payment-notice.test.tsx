import type { Subscription } from "@agency/contract";
import { navigation, setSession } from "@agency/core";
import { waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { activeSubscription, ann, API, lastToast, renderElement, requestsHandler, setupApi } from "../../__tests__/element-kit";
import "../settings.element";

/**
 * The payment notice of agency-settings: a renewal that failed, one the bank wants confirmed, or a first payment not
 * completed shows what happened, until when the plan stays (the server's grace period) and one button to the page
 * where it is paid or confirmed (POST /subscriptions/pay, announced as agency-billing-portal). In nl and en.
 */

const server = setupApi(requestsHandler());

const owed: Subscription = {
  ...activeSubscription,
  status: "past_due",
  has_access: true,
  payment_issue: "failed",
  access_until: "2027-01-22T12:00:00.000Z",
};

let current: Subscription | null;
let payBody: unknown;

beforeEach(() => {
  setSession(ann, "tok");
  current = { ...owed };
  payBody = null;
  server.use(
    http.get(`${API}/subscriptions/current`, () => HttpResponse.json({ subscription: current })),
    http.get(`${API}/subscriptions/invoices`, () => HttpResponse.json({ invoices: [] })),
    http.get(`${API}/account/sessions`, () => HttpResponse.json({ sessions: [] })),
    http.get(`${API}/account/two-factor`, () => HttpResponse.json({ enabled: false, recoveryCodesLeft: 0 })),
    http.get(`${API}/account/passkeys`, () => HttpResponse.json({ passkeys: [] })),
    http.post(`${API}/subscriptions/pay`, async ({ request }) => {
      payBody = await request.json();
      await delay(50);
      return HttpResponse.json({ url: "https://invoice.example/i/in_1" });
    }),
  );
});

const texts = {
  en: {
    failed: "We could not collect the payment for your Pro Plan.",
    keep: "You keep Pro Plan until January 22, 2027. Pay before then to keep it without interruption.",
    confirm: "Your bank asks you to confirm the payment for your Pro Plan.",
    incomplete: "The first payment for your Pro Plan has not been completed.",
    paused: "The paid features are paused until the payment is made.",
    pay: "Pay now",
    confirmButton: "Confirm payment",
    nothing: "There is no payment to make right now.",
  },
  nl: {
    failed: "We konden de betaling voor je Pro Plan niet afschrijven.",
    keep: "Je houdt je Pro Plan tot 22 januari 2027. Betaal vóór die datum om het zonder onderbreking te houden.",
    confirm: "Je bank vraagt je de betaling voor je Pro Plan te bevestigen.",
    incomplete: "De eerste betaling voor je Pro Plan is nog niet afgerond.",
    paused: "De betaalde functies staan stil tot de betaling binnen is.",
    pay: "Nu betalen",
    confirmButton: "Betaling bevestigen",
    nothing: "Er hoeft nu niets betaald te worden.",
  },
};

describe.each(["en", "nl"] as const)("agency-settings payment notice (%s)", (locale) => {
  const T = texts[locale];
  async function mount() {
    const { el, view } = await renderElement("agency-settings", `api-base="${API}" locale="${locale}"`, (_, host) =>
      expect(host.shadowRoot?.querySelector("section")).toBeTruthy(),
    );
    return { el, ui: view };
  }

  it("a failed renewal: says so, until when the plan stays, and 'Pay now' opens the payment page with this page as the way back", async () => {
    const assign = vi.spyOn(navigation, "assign").mockImplementation(() => {});
    const { el, ui } = await mount();
    const notice = await waitFor(() => ui.getByText(T.failed).closest("[part=payment-notice]")!);
    expect(notice).toHaveTextContent(T.keep);
    const announced = vi.fn();
    el.addEventListener("agency-billing-portal", (e) => announced((e as CustomEvent).detail));
    const button = ui.getByRole("button", { name: T.pay });
    expect(button).toHaveAttribute("part", "pay");
    await userEvent.setup().click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://invoice.example/i/in_1"));
    expect(payBody).toEqual({ returnUrl: location.href.split("#")[0], language: locale });
    expect(announced).toHaveBeenCalledWith({ url: "https://invoice.example/i/in_1" });
  });

  it("a payment the bank wants confirmed asks to confirm; after the grace period says the features are paused", async () => {
    current = { ...owed, payment_issue: "requires_action", has_access: false, access_until: "2026-01-01T00:00:00.000Z" };
    const { ui } = await mount();
    await waitFor(() => expect(ui.getByText(T.confirm)).toBeInTheDocument());
    expect(ui.getByText(T.paused)).toBeInTheDocument();
    expect(ui.getByRole("button", { name: T.confirmButton })).toBeInTheDocument();
  });

  it("an incomplete first payment offers to pay it", async () => {
    current = { ...owed, status: "incomplete", has_access: false, access_until: null };
    const { ui } = await mount();
    await waitFor(() => expect(ui.getByText(T.incomplete)).toBeInTheDocument());
    expect(ui.getByRole("button", { name: T.pay })).toBeInTheDocument();
  });

  it("shows no notice for a subscription in order, nor for a server that does not say", async () => {
    current = { ...activeSubscription };
    const { ui } = await mount();
    await waitFor(() => expect(ui.getByText("Pro Plan")).toBeInTheDocument());
    expect(ui.queryByRole("button", { name: T.pay })).toBeNull();
  });

  it("says why in the page's language when there is nothing to pay any more, and lets the customer try again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    server.use(
      http.post(`${API}/subscriptions/pay`, () =>
        HttpResponse.json({ error: "There is no payment to make right now.", code: "subscriptions.nothing_due" }, { status: 404 }),
      ),
    );
    const { ui } = await mount();
    await userEvent.setup().click(await waitFor(() => ui.getByRole("button", { name: T.pay })));
    await waitFor(() => expect(lastToast()).toMatchObject({ kind: "error", message: T.nothing, locale }));
    expect(ui.getByRole("button", { name: T.pay })).toBeEnabled();
  });
});
