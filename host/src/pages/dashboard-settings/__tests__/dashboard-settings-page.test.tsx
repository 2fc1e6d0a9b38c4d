import { clearSession, writeStorage } from "@agency/core";
import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { activeSubscription, API, logIn, renderApp, setupApi, waitForPath } from "../../../app/__tests__/render-app";

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
