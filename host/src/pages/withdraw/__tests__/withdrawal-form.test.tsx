import { clearSession } from "@agency/core";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { API, logIn, renderApp, setupApi, user } from "../../../app/__tests__/render-app";

const server = setupApi();

afterEach(() => clearSession());

const field = (label: string) => screen.getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const NAME = "Naam";
const EMAIL = "E-mailadres van je account";

async function openForm() {
  renderApp("/withdraw");
  return screen.findByRole("button", { name: "Verder" }, { timeout: 8000 });
}

describe("the withdrawal form", () => {
  it("checks the details before the second step, then sends them there and shows a refusal in its alert", async () => {
    const sent: unknown[] = [];
    let refuse = true;
    server.use(
      http.post(`${API}/withdrawals`, async ({ request }) => {
        sent.push(await request.json());
        if (refuse) return HttpResponse.json({ error: "Maintenance", code: "server.unavailable" }, { status: 503 });
        return HttpResponse.json({ received_at: "2026-11-27T10:00:00.000Z" });
      }),
    );
    fireEvent.click(await openForm());
    expect(field(NAME)).toHaveAccessibleDescription("Vul je naam in");
    expect(field(EMAIL)).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(field(NAME)).toHaveFocus());

    type(NAME, " Ann ");
    type(EMAIL, " ann@example.com ");
    expect(field(NAME)).toHaveAttribute("aria-invalid", "false");
    fireEvent.click(screen.getByRole("button", { name: "Verder" }));
    await waitFor(() => expect(screen.getByRole("heading", { name: "Stap 2 van 2: bevestigen" })).toHaveFocus());
    expect(screen.getByText("ann@example.com", { selector: "dd" })).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Herroeping bevestigen" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("De dienst is tijdelijk niet beschikbaar. Probeer het later opnieuw.");
    expect(screen.getByRole("button", { name: "Herroeping bevestigen" })).toBeEnabled();

    refuse = false;
    fireEvent.click(screen.getByRole("button", { name: "Herroeping bevestigen" }));
    await waitFor(() => expect(screen.getByRole("heading", { name: "Je verklaring van herroeping is ontvangen" })).toHaveFocus());
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ name: "Ann", email: "ann@example.com", language: "nl", basePath: "/" });
  });

  it("takes an order number of letters, digits and dashes only", async () => {
    fireEvent.click(await openForm());
    type(NAME, "Ann");
    type(EMAIL, "ann@example.com");
    type("Order- of factuurnummer (optioneel)", "zie https://evil.example");
    fireEvent.click(screen.getByRole("button", { name: "Verder" }));
    expect(field("Order- of factuurnummer (optioneel)")).toHaveAccessibleDescription(expect.stringContaining("Gebruik alleen letters, cijfers en streepjes"));
    type("Order- of factuurnummer (optioneel)", "PW-2026-0001");
    fireEvent.click(screen.getByRole("button", { name: "Verder" }));
    await waitFor(() => expect(screen.getByRole("heading", { name: "Stap 2 van 2: bevestigen" })).toHaveFocus());
  });

  it("fills in a signed-in customer's details once the session answers, keeping what was typed meanwhile", async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(`${API}/withdrawals/mine`, async () => {
        await answered;
        return HttpResponse.json({ contract: null });
      }),
    );
    logIn();
    await openForm();
    type(NAME, "Ann Typed");
    answer();
    await waitFor(() => expect(field(EMAIL)).toHaveValue(user.email));
    expect(field(NAME)).toHaveValue("Ann Typed");
  });
});
