import { clearSession, writeStorage } from "@agency/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { activeSubscription, API, logIn, renderApp, setupApi, toastText, waitForPath } from "../../../app/__tests__/render-app";

const server = setupApi();

afterEach(() => {
  clearSession();
  writeStorage("preferredLanguage", null);
  writeStorage("languageToggleUsed", null, "session");
});

/** What the settings element does after the account is deleted: the event, then the end of the session. */
function accountDeleted(element: Element) {
  element.dispatchEvent(new CustomEvent("agency-account-delete", { bubbles: true, composed: true, detail: { email: "ann@example.com" } }));
  clearSession();
}

describe("the settings page after the account is deleted", () => {
  it.each([
    ["nl", "/"],
    ["en", "/en"],
  ] as const)("goes to the home page in the visitor's language (%s), not to the login page", async (language, home) => {
    writeStorage("preferredLanguage", language);
    logIn();
    server.use(http.get(`${API}/subscriptions/current`, () => HttpResponse.json(activeSubscription)));
    const { router, container } = renderApp("/dashboard/settings");
    // The first visit of a test file loads the dashboard's modules, which takes a while on a busy machine.
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" }, { timeout: 8000 })).toBeInTheDocument();
    const element = await waitFor(
      () => {
        const found = container.querySelector("agency-settings");
        expect(found).not.toBeNull();
        return found!;
      },
      { timeout: 8000 },
    );

    accountDeleted(element);
    await waitForPath(router, home);
    // And it stays there.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(router.state.location.pathname).toBe(home);
  });
});

describe("the company's package on the settings page", () => {
  it("shows the package and asks for an upgrade, which charges only the difference", async () => {
    logIn();
    let asked: unknown = null;
    server.use(
      http.get(`${API}/packages/current`, () =>
        HttpResponse.json({
          package: { id: "starter", name: "Starter", since: "2026-10-01T00:00:00.000Z", delivered: true, monthlyFeeCents: 6500 },
          upgrade: null,
          upgrades: ["professional", "enterprise"],
        }),
      ),
      http.post(`${API}/packages/upgrade`, async ({ request }) => {
        asked = await request.json();
        return HttpResponse.json({ upgrade: { number: "OFF-2026-0009", package: "enterprise", status: "requested" } }, { status: 201 });
      }),
    );
    renderApp("/dashboard/settings");
    expect(await screen.findByRole("heading", { level: 2, name: "Je pakket" }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText("Starter, sinds 1 oktober 2026.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Upgraden naar Enterprise" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/alleen het verschil in opstartkosten, €\s1\.500,00 exclusief btw \(€\s1\.815,00 inclusief btw\)/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Offerte aanvragen" }));
    expect(await screen.findByText("Er loopt een upgrade naar Enterprise (offerte OFF-2026-0009).")).toBeInTheDocument();
    expect(asked).toEqual({ package: "enterprise" });
    expect(screen.queryByRole("button", { name: "Upgraden naar Professional" })).toBeNull();
    await waitFor(() => expect(toastText()).toContain("Je krijgt de offerte voor Enterprise per e-mail."), { timeout: 5000 });
  });
});
