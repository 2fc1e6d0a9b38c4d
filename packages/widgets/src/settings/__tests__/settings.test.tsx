import type { Subscription } from "@agency/contract";
import { clearSession, getSession, setSession } from "@agency/core";
import { getToasts } from "@agency/ui";
import { fireEvent, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { activeSubscription, ann as kitUser, API, fill, focused, lastToast, renderElement, requestsHandler, setupApi } from "../../__tests__/element-kit";
import "../settings.element";

const ann = { ...kitUser, name: "Ann de Vries" };
const active: Subscription = activeSubscription;

// The billing card asks for the invoices (see billing.test.tsx); none here.
const server = setupApi(requestsHandler(), http.get(`${API}/subscriptions/invoices`, () => HttpResponse.json({ invoices: [] })));

/** The server's subscription, changed by the cancel and resume stubs like the real server would. */
let current: Subscription | null;
const calls: string[] = [];

beforeEach(() => {
  setSession(ann, "tok");
  current = { ...active };
  calls.length = 0;
  server.use(
    http.get(`${API}/subscriptions/current`, () => {
      calls.push("current");
      return HttpResponse.json({ subscription: current });
    }),
    http.post(`${API}/subscriptions/cancel`, async () => {
      calls.push("cancel");
      await delay(150);
      current = current && { ...current, cancel_at_period_end: true };
      return HttpResponse.json({ subscription: current });
    }),
    // The signed-in devices card below (its own tests are in account-management.test.tsx).
    http.get(`${API}/account/sessions`, () => HttpResponse.json({ sessions: [], page: 1, pages: 1, total: 0 })),
    http.get(`${API}/account/two-factor`, () => HttpResponse.json({ enabled: false, recoveryCodesLeft: 0 })),
    http.get(`${API}/account/passkeys`, () => HttpResponse.json({ passkeys: [] })),
    http.post(`${API}/subscriptions/resume`, async () => {
      calls.push("resume");
      await delay(150);
      current = current && { ...current, cancel_at_period_end: false };
      return HttpResponse.json({ subscription: current });
    }),
  );
});

const texts = {
  en: {
    account: "Account Information",
    email: "Email",
    name: "Name",
    notSet: "Not set",
    subscription: "Subscription",
    loading: "Loading...",
    none: "No active subscription",
    statusActive: "Active",
    statusPastDue: "Past due",
    date: "January 15, 2027",
    cancel: "Cancel Subscription",
    why: "Why are you cancelling? (optional)",
    tooExpensive: "It is too expensive",
    anythingElse: "Anything else you would like to tell us? (optional)",
    withdraw: "Withdraw from contract",
    // The link to an English page says its language.
    withdrawTo: "/en/withdraw\\?lang=en",
    confirm: "Yes, Cancel Subscription",
    cancelling: "Cancelling...",
    keep: "Keep Subscription",
    dialogText: "You will keep access until the end of the current billing period (January 15, 2027)",
    subscribeAgain: "you will need to subscribe again",
    cancelled: "Subscription cancelled successfully",
    cancelFailed: "Failed to cancel subscription",
    endsOn: "Your subscription will end on January 15, 2027",
    resume: "Resume subscription",
    resumed: "Your subscription has been resumed",
    resumeFailed: "Failed to resume subscription",
    logIn: "Log in",
    yourData: "Your data",
    download: "Download my data",
    downloaded: "Your data has been downloaded",
    downloadFailed: "Failed to download your data",
    deleteAccount: "Delete account",
    deleteWarning: "Quote requests sent with ann@example.com are deleted too. This cannot be undone.",
    password: "Enter your password to confirm",
    passwordMissing: "Please enter your password",
    wrongPassword: "The password is not correct.",
    cancelFailedAtProvider: "Your subscription could not be cancelled with the payment provider, so your account was not deleted.",
    keepAccount: "Keep my account",
    confirmDelete: "Delete my account",
    deleting: "Deleting...",
    deleted: "Your account has been deleted",
    signedOut: "You are not logged in.",
  },
  nl: {
    account: "Accountgegevens",
    email: "E-mail",
    name: "Naam",
    notSet: "Niet ingesteld",
    subscription: "Abonnement",
    loading: "Laden...",
    none: "Geen actief abonnement",
    statusActive: "Actief",
    statusPastDue: "Achterstallig",
    date: "15 januari 2027",
    cancel: "Abonnement opzeggen",
    why: "Waarom zeg je op? (optioneel)",
    tooExpensive: "Het is te duur",
    anythingElse: "Wil je ons nog iets laten weten? (optioneel)",
    withdraw: "Overeenkomst herroepen",
    withdrawTo: "/withdraw",
    confirm: "Ja, abonnement opzeggen",
    cancelling: "Bezig met opzeggen...",
    keep: "Abonnement behouden",
    dialogText: "Je houdt toegang tot het einde van de huidige betaalperiode (15 januari 2027)",
    subscribeAgain: "moet je je opnieuw abonneren",
    cancelled: "Abonnement succesvol opgezegd",
    cancelFailed: "Opzeggen van het abonnement is mislukt",
    endsOn: "Je abonnement eindigt op 15 januari 2027",
    resume: "Abonnement hervatten",
    resumed: "Je abonnement is hervat",
    resumeFailed: "Hervatten van het abonnement is mislukt",
    logIn: "Log in",
    yourData: "Je gegevens",
    download: "Mijn gegevens downloaden",
    downloaded: "Je gegevens zijn gedownload",
    downloadFailed: "Downloaden van je gegevens is mislukt",
    deleteAccount: "Account verwijderen",
    deleteWarning: "Offerteaanvragen die met ann@example.com zijn verstuurd, worden ook verwijderd. Dit kan niet ongedaan worden gemaakt.",
    password: "Vul je wachtwoord in om te bevestigen",
    passwordMissing: "Vul je wachtwoord in",
    wrongPassword: "Het wachtwoord klopt niet.",
    cancelFailedAtProvider: "Je abonnement kon niet worden opgezegd bij de betaalprovider, dus je account is niet verwijderd.",
    keepAccount: "Account behouden",
    confirmDelete: "Mijn account verwijderen",
    deleting: "Bezig met verwijderen...",
    deleted: "Je account is verwijderd",
    signedOut: "Je bent niet ingelogd.",
  },
};

describe.each(["en", "nl"] as const)("agency-settings (%s)", (locale) => {
  const T = texts[locale];
  async function mount() {
    const { el, view } = await renderElement("agency-settings", `api-base="${API}" locale="${locale}"`, (_, host) =>
      expect(host.shadowRoot?.querySelector("section")).toBeTruthy(),
    );
    return { el, ui: view };
  }
  /** Everything shown: the subscription and the devices fetched, and the cards below the first screen loaded. */
  async function mountLoaded() {
    const mounted = await mount();
    // Two chunks of their own (the account's cards and the requests card) and their fetches: room on a busy machine.
    await waitFor(
      () => {
        expect(mounted.ui.getByRole("heading", { level: 2, name: T.yourData })).toBeInTheDocument();
        expect(mounted.ui.queryAllByText(T.loading)).toEqual([]);
      },
      { timeout: 10_000 },
    );
    return mounted;
  }
  const row = (ui: ReturnType<typeof within>, term: string) => ui.getByText(term, { selector: "dt" }).nextElementSibling;

  it("shows 'Loading...' while the subscription is fetched", async () => {
    server.use(
      http.get(`${API}/subscriptions/current`, async () => {
        await delay(300);
        return HttpResponse.json({ subscription: active });
      }),
    );
    const { ui } = await mount();
    expect(ui.getByRole("status")).toHaveTextContent(T.loading);
    await waitFor(() => expect(ui.getByText("Pro Plan")).toBeInTheDocument());
  });

  it("shows the account: email, and the name or 'Not set'", async () => {
    const { ui } = await mountLoaded();
    expect(ui.getByRole("heading", { level: 2, name: T.account })).toBeInTheDocument();
    expect(row(ui, T.email)).toHaveTextContent("ann@example.com");
    expect(row(ui, T.name)).toHaveTextContent("Ann de Vries");

    document.body.innerHTML = "";
    setSession({ ...ann, name: "" }, "tok");
    const again = await mountLoaded();
    expect(row(again.ui, T.name)).toHaveTextContent(T.notSet);
  });

  it("shows an active plan: name, green status badge, next billing date, and the cancel button", async () => {
    const { ui } = await mountLoaded();
    expect(ui.getByRole("heading", { level: 2, name: T.subscription })).toBeInTheDocument();
    expect(ui.getByText("Pro Plan")).toBeInTheDocument();
    const badge = ui.getByText(T.statusActive);
    expect(badge).toHaveClass("badge--active");
    expect(ui.getByText(T.date)).toBeInTheDocument();
    expect(ui.getByRole("button", { name: T.cancel })).toBeInTheDocument();
    expect(ui.queryByRole("button", { name: T.resume })).toBeNull();
  });

  it("shows any other status in a gray badge, without the cancel button", async () => {
    current = { ...active, status: "past_due" };
    const { ui } = await mountLoaded();
    expect(ui.getByText(T.statusPastDue)).toHaveClass("badge--inactive");
    expect(ui.queryByRole("button", { name: T.cancel })).toBeNull();
  });

  it("shows 'No active subscription' when there is none, and when the fetch fails (logged)", async () => {
    current = null;
    const first = await mountLoaded();
    expect(first.ui.getByText(T.none)).toBeInTheDocument();

    document.body.innerHTML = "";
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    server.use(http.get(`${API}/subscriptions/current`, () => HttpResponse.json({ error: "boom" }, { status: 500 })));
    const { ui } = await mountLoaded();
    expect(ui.getByText(T.none)).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    expect(getToasts()).toHaveLength(0);
  });

  it("closes the cancel dialog with 'Keep Subscription' and with a click on the backdrop", async () => {
    const { ui } = await mountLoaded();
    const u = userEvent.setup();
    await u.click(ui.getByRole("button", { name: T.cancel }));
    const dialog = await ui.findByRole("dialog", { name: T.cancel });
    expect(dialog).toHaveTextContent(T.dialogText);
    expect(dialog).toHaveTextContent(T.subscribeAgain);
    await u.click(within(dialog).getByRole("button", { name: T.keep }));
    expect(ui.queryByRole("dialog")).toBeNull();

    await u.click(ui.getByRole("button", { name: T.cancel }));
    fireEvent.mouseDown(ui.getByTestId("modal-backdrop"));
    expect(ui.queryByRole("dialog")).toBeNull();
    expect(calls).not.toContain("cancel");
  });

  it("cancels: 'Cancelling...' while working, the toast, then the refetched end-date notice", async () => {
    const { el, ui } = await mountLoaded();
    const cancelled = vi.fn();
    el.addEventListener("agency-subscription-cancel", (e) => cancelled((e as CustomEvent).detail));
    const u = userEvent.setup();
    await u.click(ui.getByRole("button", { name: T.cancel }));
    await u.click(await ui.findByRole("button", { name: T.confirm }));

    const working = ui.getByRole("button", { name: T.cancelling });
    expect(working).toBeDisabled();
    expect(ui.getByRole("button", { name: T.keep })).toBeDisabled();

    await waitFor(() => expect(ui.queryByRole("dialog")).toBeNull());
    expect(lastToast()).toMatchObject({ kind: "success", message: T.cancelled, locale });
    await waitFor(() => expect(ui.getByText(T.endsOn)).toBeInTheDocument());
    // Focus lands on the notice that replaced the button.
    await waitFor(() => expect(el.shadowRoot!.activeElement).toBe(ui.getByText(T.endsOn).parentElement));
    expect(calls).toEqual(["current", "cancel", "current"]);
    expect(ui.queryByRole("button", { name: T.cancel })).toBeNull();
    expect(cancelled).toHaveBeenCalledWith({ subscription: { ...active, cancel_at_period_end: true } });
  });

  it("asks why, optionally: no answer cancels all the same, an answer goes with the cancellation", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/subscriptions/cancel`, async ({ request }) => {
        bodies.push(await request.json());
        current = current && { ...current, cancel_at_period_end: true };
        return HttpResponse.json({ subscription: current });
      }),
    );
    const { ui } = await mountLoaded();
    const u = userEvent.setup();
    await u.click(ui.getByRole("button", { name: T.cancel }));
    const why = await ui.findByRole("combobox", { name: T.why });
    expect(why).toHaveValue("");
    await u.click(ui.getByRole("button", { name: T.confirm }));
    await waitFor(() => expect(ui.getByText(T.endsOn)).toBeInTheDocument());

    await u.click(await ui.findByRole("button", { name: T.resume }));
    await u.click(await ui.findByRole("button", { name: T.cancel }));
    await u.selectOptions(await ui.findByRole("combobox", { name: T.why }), T.tooExpensive);
    // user-event's typing does not reach React inside a shadow root; fill() sets the value as the browser would.
    fill(ui.getByRole("textbox", { name: T.anythingElse }), "Only a hobby");
    await u.click(ui.getByRole("button", { name: T.confirm }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies).toEqual([{}, { reason: "too_expensive", comment: "Only a hobby" }]);
  });

  it("links to the withdrawal function in the subscription card", async () => {
    const { ui } = await mountLoaded();
    expect(ui.getByRole("link", { name: T.withdraw })).toHaveAttribute("href", expect.stringMatching(new RegExp(`${T.withdrawTo}$`)));
  });

  it("says 'Failed to cancel subscription' when cancelling fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    server.use(http.post(`${API}/subscriptions/cancel`, () => HttpResponse.json({ error: "nope" }, { status: 500 })));
    const { ui } = await mountLoaded();
    const u = userEvent.setup();
    await u.click(ui.getByRole("button", { name: T.cancel }));
    await u.click(await ui.findByRole("button", { name: T.confirm }));
    await waitFor(() => expect(lastToast()).toMatchObject({ kind: "error", message: T.cancelFailed, locale }));
    expect(ui.getByRole("button", { name: T.cancel })).toBeInTheDocument();
  });

  it("resumes a pending cancellation", async () => {
    current = { ...active, cancel_at_period_end: true };
    const { el, ui } = await mountLoaded();
    const resumed = vi.fn();
    el.addEventListener("agency-subscription-resume", (e) => resumed((e as CustomEvent).detail));
    expect(ui.getByText(T.endsOn)).toBeInTheDocument();
    expect(ui.queryByRole("button", { name: T.cancel })).toBeNull();

    await userEvent.setup().click(ui.getByRole("button", { name: T.resume }));
    await waitFor(() => expect(ui.getByRole("button", { name: T.cancel })).toBeInTheDocument());
    await waitFor(() => expect(el.shadowRoot!.activeElement).toBe(ui.getByRole("button", { name: T.cancel })));
    expect(lastToast()).toMatchObject({ kind: "success", message: T.resumed, locale });
    expect(ui.queryByText(T.endsOn)).toBeNull();
    expect(resumed).toHaveBeenCalledWith({ subscription: active });
  });

  it("says 'Failed to resume subscription' when resuming fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    current = { ...active, cancel_at_period_end: true };
    server.use(http.post(`${API}/subscriptions/resume`, () => HttpResponse.error()));
    const { ui } = await mountLoaded();
    await userEvent.setup().click(ui.getByRole("button", { name: T.resume }));
    await waitFor(() => expect(lastToast()).toMatchObject({ kind: "error", message: T.resumeFailed, locale }));
    expect(ui.getByText(T.endsOn)).toBeInTheDocument();
  });

  describe("your data", () => {
    const exported = {
      exported_at: "2027-01-01T10:00:00.000Z",
      account: { id: "u1", email: "ann@example.com", name: "Ann de Vries", language: locale, created_at: "2026-01-01T00:00:00.000Z" },
      subscriptions: [],
      payment_customers: [],
      checkouts: [],
      quote_requests: [],
      consent_records: [],
    };

    /** jsdom has no object URLs and no downloads: record the file the element hands to the browser instead. */
    function captureDownloads() {
      const files: { blob: Blob; name: string }[] = [];
      let blob: Blob | null = null;
      Object.assign(URL, {
        createObjectURL: vi.fn((value: Blob) => ((blob = value), "blob:export")),
        revokeObjectURL: vi.fn(),
      });
      vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
        if (this.href === "blob:export" && blob) files.push({ blob, name: this.download });
      });
      return files;
    }

    it("offers 'Download my data' and 'Delete account' in a 'Your data' card", async () => {
      const { ui } = await mountLoaded();
      const card = ui.getByRole("heading", { level: 2, name: T.yourData }).closest("section")!;
      expect(card).toHaveAttribute("part", "data");
      expect(within(card).getByRole("button", { name: T.download })).toHaveAttribute("part", "download");
      expect(within(card).getByRole("button", { name: T.deleteAccount })).toHaveAttribute("part", "delete");
    });

    it("downloads the export as the file the server names, with this browser's consent id", async () => {
      const files = captureDownloads();
      const consentId = "4f7c2a50-8d1e-4b7a-9c3f-2e6d5a1b0c9d";
      localStorage.setItem("cookieConsent", JSON.stringify({ id: consentId, necessary: true, analytics: false, marketing: false, version: 1 }));
      let asked: URL | null = null;
      let auth: string | null = null;
      server.use(
        http.get(`${API}/account/export`, ({ request }) => {
          asked = new URL(request.url);
          auth = request.headers.get("authorization");
          return HttpResponse.json(exported, { headers: { "content-disposition": 'attachment; filename="my-data-2027-01-01.json"', "cache-control": "no-store" } });
        }),
      );
      try {
        const { ui } = await mountLoaded();
        await userEvent.setup().click(ui.getByRole("button", { name: T.download }));
        await waitFor(() => expect(files).toHaveLength(1));
        expect(asked!.searchParams.get("consentId")).toBe(consentId);
        expect(auth).toBe("Bearer tok");
        expect(files[0]!.name).toBe("my-data-2027-01-01.json");
        expect(files[0]!.blob.type).toBe("application/json");
        expect(JSON.parse(await files[0]!.blob.text())).toEqual(exported);
        await waitFor(() => expect(lastToast()).toMatchObject({ kind: "success", message: T.downloaded, locale }));
      } finally {
        localStorage.removeItem("cookieConsent");
      }
    });

    it("says 'Failed to download your data' when the export fails", async () => {
      captureDownloads();
      vi.spyOn(console, "error").mockImplementation(() => {});
      server.use(http.get(`${API}/account/export`, () => HttpResponse.json({ error: "boom" }, { status: 500 })));
      const { ui } = await mountLoaded();
      await userEvent.setup().click(ui.getByRole("button", { name: T.download }));
      await waitFor(() => expect(lastToast()).toMatchObject({ kind: "error", message: T.downloadFailed, locale }));
      expect(ui.getByRole("button", { name: T.download })).toBeEnabled();
    });

    it("asks for the password in a modal dialog, with focus in its field, and closes with 'Keep my account'", async () => {
      const showModal = vi.spyOn(HTMLDialogElement.prototype, "showModal");
      const { ui } = await mountLoaded();
      const u = userEvent.setup();
      await u.click(ui.getByRole("button", { name: T.deleteAccount }));
      const dialog = ui.getByRole("dialog", { name: T.deleteAccount });
      expect(dialog).toHaveTextContent(T.deleteWarning);
      const password = within(dialog).getByLabelText(T.password);
      expect(password).toHaveAttribute("type", "password");
      await waitFor(() => expect(focused(password)).toBe(true));
      // A native dialog shown with showModal(): the page behind it is inert, so Tab cannot leave it (pressed in
      // Chromium by e2e/examples-strict-csp.spec.ts).
      expect(showModal.mock.contexts).toEqual([dialog]);
      showModal.mockRestore();
      await u.click(within(dialog).getByRole("button", { name: T.keepAccount }));
      expect(ui.queryByRole("dialog")).toBeNull();
    });

    it("refuses an empty password without asking the server", async () => {
      const asked = vi.fn();
      server.use(http.delete(`${API}/account`, () => (asked(), HttpResponse.json({ success: true, message: "x" }))));
      const { ui } = await mountLoaded();
      const u = userEvent.setup();
      await u.click(ui.getByRole("button", { name: T.deleteAccount }));
      await u.click(ui.getByRole("button", { name: T.confirmDelete }));
      const alert = await ui.findByRole("alert");
      expect(alert).toHaveTextContent(T.passwordMissing);
      const password = ui.getByLabelText(T.password);
      expect(password).toHaveAttribute("aria-invalid", "true");
      expect(password).toHaveAccessibleDescription(alert.textContent ?? "");
      await waitFor(() => expect(focused(password)).toBe(true));
      expect(asked).not.toHaveBeenCalled();
    });

    it.each([
      ["a wrong password", 400, { error: "The password is not correct.", code: "account.wrong_password", fields: ["password"] }, "wrongPassword"],
      [
        "a provider that cannot cancel",
        503,
        { error: "Your subscription could not be cancelled…", code: "account.cancel_failed" },
        "cancelFailedAtProvider",
      ],
    ] as const)("shows the server's refusal for %s in the element's language, and stays signed in", async (_, status, body, text) => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      server.use(http.delete(`${API}/account`, () => HttpResponse.json(body, { status })));
      const { ui } = await mountLoaded();
      const u = userEvent.setup();
      await u.click(ui.getByRole("button", { name: T.deleteAccount }));
      fill(ui.getByLabelText(T.password), "not-it");
      await u.click(ui.getByRole("button", { name: T.confirmDelete }));
      expect(await ui.findByRole("alert")).toHaveTextContent(T[text]);
      const password = ui.getByLabelText(T.password) as HTMLInputElement;
      expect(password).toHaveAttribute("aria-invalid", "true");
      // Focused and selected, to be typed again.
      await waitFor(() => expect(focused(password)).toBe(true));
      await waitFor(() => expect([password.selectionStart, password.selectionEnd]).toEqual([0, "not-it".length]));
      expect(ui.getByRole("dialog")).toBeInTheDocument();
      expect(getSession().isAuthenticated).toBe(true);
    });

    it("deletes with the password, then signs out with a toast and a bubbling, composed agency-account-delete", async () => {
      let sent: unknown = null;
      server.use(
        http.delete(`${API}/account`, async ({ request }) => {
          sent = await request.json();
          await delay(100);
          return HttpResponse.json({ success: true, message: "Your account has been deleted." });
        }),
      );
      const events: CustomEvent[] = [];
      const listener = (event: Event) => events.push(event as CustomEvent);
      document.addEventListener("agency-account-delete", listener);
      try {
        const { ui } = await mountLoaded();
        const u = userEvent.setup();
        await u.click(ui.getByRole("button", { name: T.deleteAccount }));
        fill(ui.getByLabelText(T.password), "secret1-pass");
        await u.click(ui.getByRole("button", { name: T.confirmDelete }));
        expect(ui.getByRole("button", { name: T.deleting })).toBeDisabled();
        expect(ui.getByRole("button", { name: T.keepAccount })).toBeDisabled();

        await waitFor(() => expect(events).toHaveLength(1));
        expect(sent).toEqual({ password: "secret1-pass" });
        expect(events[0]!.detail).toEqual({ email: "ann@example.com" });
        expect(events[0]!.bubbles).toBe(true);
        expect(events[0]!.composed).toBe(true);
        expect(lastToast()).toMatchObject({ kind: "success", message: T.deleted, locale });
        expect(getSession().isAuthenticated).toBe(false);
        expect(localStorage.getItem("token")).toBeNull();
        await waitFor(() => expect(ui.getByText(T.signedOut, { exact: false })).toBeInTheDocument());
        expect(ui.queryByRole("dialog")).toBeNull();
      } finally {
        document.removeEventListener("agency-account-delete", listener);
      }
    });
  });

  it("points a visitor who is not logged in to the login page", async () => {
    clearSession();
    const { ui } = await mount();
    expect(ui.getByRole("link", { name: T.logIn })).toHaveAttribute("href", "/login");
    expect(calls).toEqual([]);
  });
});
