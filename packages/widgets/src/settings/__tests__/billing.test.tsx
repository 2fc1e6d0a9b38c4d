import type { Invoice, Subscription } from "@agency/contract";
import { navigation, setSession } from "@agency/core";
import { waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { activeSubscription, ann, API, lastToast, renderElement, requestsHandler, setupApi } from "../../__tests__/element-kit";
import "../settings.element";

/**
 * The billing card of agency-settings: 'Manage billing' opens the provider's portal (through a cancelable
 * `agency-billing-portal` event), the invoices are listed with date, amount, status and PDF; and once cancelled, the
 * subscription shows its end date once instead of a next billing date. In nl and en.
 */

const server = setupApi(requestsHandler());

const invoices: Invoice[] = [
  {
    id: "in_2",
    number: "TEST-000002",
    created_at: "2027-02-01T10:00:00.000Z",
    total: -447.61,
    currency: "EUR",
    status: "paid",
    pdf_url: "https://agency.example/api/subscriptions/test-invoices/two.pdf",
  },
  {
    id: "in_1",
    number: "TEST-000001",
    created_at: "2027-01-15T10:00:00.000Z",
    total: 566.28,
    currency: "EUR",
    status: "paid",
    pdf_url: "https://agency.example/api/subscriptions/test-invoices/one.pdf",
  },
];

let current: Subscription | null;
let listed: Invoice[];
let portalBody: unknown;

beforeEach(() => {
  setSession(ann, "tok");
  current = { ...activeSubscription };
  listed = invoices;
  portalBody = null;
  server.use(
    http.get(`${API}/subscriptions/current`, () => HttpResponse.json({ subscription: current })),
    http.get(`${API}/subscriptions/invoices`, () => HttpResponse.json({ invoices: listed })),
    http.post(`${API}/subscriptions/portal`, async ({ request }) => {
      portalBody = await request.json();
      await delay(100);
      return HttpResponse.json({ url: "https://billing.example/session/1" });
    }),
  );
});

const texts = {
  en: {
    billing: "Billing",
    manage: "Manage billing",
    opening: "Opening billing...",
    caption: "Invoices",
    first: ["January 15, 2027", "€566.28", "Paid", "TEST-000001 (PDF)"],
    credit: "-€447.61",
    none: "No invoices yet.",
    failed: "Your invoices could not be loaded. Please try again later.",
    unavailable: "Payments are not available right now. Please try again later.",
    nextBilling: "Next billing date",
    endsOn: "Your subscription will end on January 15, 2027",
    date: "January 15, 2027",
  },
  nl: {
    billing: "Facturatie",
    manage: "Facturatie beheren",
    opening: "Facturatie openen...",
    caption: "Facturen",
    // Intl puts a no-break space between the euro sign and the amount in Dutch (toHaveTextContent sees a space).
    first: ["15 januari 2027", "€\u00a0566,28", "Betaald", "TEST-000001 (PDF)"],
    credit: "€ -447,61",
    none: "Nog geen facturen.",
    failed: "Je facturen konden niet worden geladen. Probeer het later opnieuw.",
    unavailable: "Betalen is nu niet mogelijk. Probeer het later opnieuw.",
    nextBilling: "Volgende factuurdatum",
    endsOn: "Je abonnement eindigt op 15 januari 2027",
    date: "15 januari 2027",
  },
};

describe.each(["en", "nl"] as const)("agency-settings billing (%s)", (locale) => {
  const T = texts[locale];
  async function mount() {
    const { el, view } = await renderElement("agency-settings", `api-base="${API}" locale="${locale}"`, (_, host) =>
      expect(host.shadowRoot?.querySelector("section")).toBeTruthy(),
    );
    return { el, ui: view };
  }

  it("lists the invoices: date, amount in the page's language, status and a link to the PDF", async () => {
    const { ui } = await mount();
    const table = await waitFor(() => ui.getByRole("table", { name: T.caption }));
    expect(table).toHaveAttribute("part", "invoices");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const cells = within(rows[1]!).getAllByRole("cell").map((cell) => cell.textContent);
    expect(cells).toEqual(T.first);
    // Each cell names its column, for the narrow layout that shows every invoice as label-value lines.
    const headers = within(table).getAllByRole("columnheader").map((header) => header.textContent);
    expect(within(rows[1]!).getAllByRole("cell").map((cell) => cell.dataset.label)).toEqual(headers);
    expect(within(rows[1]!).getByRole("link", { name: T.first[3] })).toHaveAttribute("href", invoices[1]!.pdf_url);
    expect(within(rows[0]!).getAllByRole("cell")[1]).toHaveTextContent(T.credit);
    const card = ui.getByRole("heading", { level: 2, name: T.billing }).closest("section")!;
    expect(card).toHaveAttribute("part", "billing");
  });

  it("'Manage billing' asks for the portal with this page as the way back, announces it, and goes there", async () => {
    const assign = vi.spyOn(navigation, "assign").mockImplementation(() => {});
    const { el, ui } = await mount();
    const announced = vi.fn();
    el.addEventListener("agency-billing-portal", (e) => announced((e as CustomEvent).detail));
    const button = await waitFor(() => ui.getByRole("button", { name: T.manage }));
    expect(button).toHaveAttribute("part", "manage-billing");
    await userEvent.setup().click(button);
    expect(ui.getByRole("button", { name: T.opening })).toBeDisabled();
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://billing.example/session/1"));
    expect(portalBody).toEqual({ returnUrl: location.href.split("#")[0], language: locale });
    expect(announced).toHaveBeenCalledWith({ url: "https://billing.example/session/1" });
  });

  it("leaves the navigation to a page that cancels agency-billing-portal", async () => {
    const assign = vi.spyOn(navigation, "assign").mockImplementation(() => {});
    const { el, ui } = await mount();
    el.addEventListener("agency-billing-portal", (e) => e.preventDefault());
    await userEvent.setup().click(await waitFor(() => ui.getByRole("button", { name: T.manage })));
    await waitFor(() => expect(ui.getByRole("button", { name: T.manage })).toBeEnabled());
    expect(assign).not.toHaveBeenCalled();
  });

  it("says so in the page's language when the provider is unavailable, and lets the customer try again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    server.use(
      http.post(`${API}/subscriptions/portal`, () =>
        HttpResponse.json({ error: "Payments are not available right now. Please try again later.", code: "payments.unavailable" }, { status: 503 }),
      ),
    );
    const { ui } = await mount();
    await userEvent.setup().click(await waitFor(() => ui.getByRole("button", { name: T.manage })));
    await waitFor(() => expect(lastToast()).toMatchObject({ kind: "error", message: T.unavailable, locale }));
    expect(ui.getByRole("button", { name: T.manage })).toBeEnabled();
  });

  it("says when the invoices cannot be loaded, and that there are none yet", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    server.use(http.get(`${API}/subscriptions/invoices`, () => HttpResponse.json({ error: "x" }, { status: 502 })));
    const failing = await mount();
    await waitFor(() => expect(failing.ui.getByText(T.failed)).toBeInTheDocument());

    document.body.innerHTML = "";
    server.resetHandlers();
    listed = [];
    server.use(
      http.get(`${API}/subscriptions/current`, () => HttpResponse.json({ subscription: current })),
      http.get(`${API}/subscriptions/invoices`, () => HttpResponse.json({ invoices: [] })),
    );
    const empty = await mount();
    await waitFor(() => expect(empty.ui.getByText(T.none)).toBeInTheDocument());
    expect(empty.ui.getByRole("button", { name: T.manage })).toBeInTheDocument();
  });

  it("shows no billing card to someone who has neither a subscription nor invoices", async () => {
    current = null;
    listed = [];
    const { ui } = await mount();
    await waitFor(() => expect(ui.queryByText("Pro Plan")).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ui.queryByRole("button", { name: T.manage })).toBeNull();
  });

  it("once cancelled shows the end date once, without a next billing date", async () => {
    current = { ...activeSubscription, cancel_at_period_end: true };
    const { ui } = await mount();
    await waitFor(() => expect(ui.getByText(T.endsOn)).toBeInTheDocument());
    expect(ui.queryByText(T.nextBilling)).toBeNull();
    const subscriptionCard = ui.getByRole("heading", { level: 2, name: locale === "en" ? "Subscription" : "Abonnement" }).closest("section")!;
    expect(subscriptionCard.textContent!.split(T.date)).toHaveLength(2);
  });
});
