import { getApiClient } from "@agency/core";
import { createI18n } from "@agency/core";
import { I18nProvider } from "@lingui/react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FormAlert, formCatalog, PasswordField, TextField, useForm, type FormOptions } from "../form";
import { uiCatalog } from "../ui-catalog";

type Values = { email: string; password: string };

const server = setupServer(
  http.post("http://api.test/api/wrong-password", () =>
    HttpResponse.json({ error: "Current password is incorrect", code: "account.wrong_password" }, { status: 400 }),
  ),
  http.post("http://api.test/api/invalid-fields", () =>
    HttpResponse.json({ error: "Invalid", code: "request.invalid", fields: ["emailAddress", "unknown"] }, { status: 400 }),
  ),
  http.post("http://api.test/api/down", () => HttpResponse.json({ error: "Maintenance", code: "server.unavailable" }, { status: 503 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

const api = () => getApiClient({ apiBase: "http://api.test/api", loginUrl: "/login" });

function SignIn(options: Partial<FormOptions<Values>>) {
  const form = useForm<Values>({
    initial: { email: "", password: "" },
    validate: (v) => ({
      ...(v.email ? {} : { email: "Please enter your email address" }),
      ...(v.password ? {} : { password: "Please enter your password" }),
    }),
    onSubmit: () => undefined,
    ...options,
  });
  return (
    <form noValidate onSubmit={form.submit}>
      <FormAlert {...form.alert} />
      <TextField label="Email address" {...form.field("email")} />
      <PasswordField label="Password" {...form.field("password")} />
      <button type="submit" disabled={form.busy} aria-busy={form.busy}>
        Send
      </button>
      <button type="button" disabled={form.busy} onClick={(event) => void form.submit(event, "passkey")}>
        Use a passkey instead
      </button>
    </form>
  );
}

const show = (options: Partial<FormOptions<Values>> = {}) =>
  render(
    <I18nProvider i18n={createI18n("en", [uiCatalog, formCatalog])}>
      <SignIn {...options} />
    </I18nProvider>,
  );

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Email address"), "ann@example.com");
  await user.type(screen.getByLabelText("Password"), "secret");
}

describe("useForm", () => {
  it("holds the values as typed and hands them to onSubmit", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    show({ onSubmit });
    await fillIn(user);
    expect(screen.getByLabelText("Email address")).toHaveValue("ann@example.com");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(onSubmit).toHaveBeenCalledWith({ email: "ann@example.com", password: "secret" }, undefined);
  });

  it("sends another way from a plain button's click, which validate and onSubmit are told", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    show({
      onSubmit,
      validate: (v, action) => ({ ...(v.email ? {} : { email: "Please enter your email address" }), ...(v.password || action === "passkey" ? {} : { password: "x" }) }),
    });
    await user.click(screen.getByRole("button", { name: "Use a passkey instead" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Email address")).toHaveFocus();
    await user.type(screen.getByLabelText("Email address"), "ann@example.com");
    await user.click(screen.getByRole("button", { name: "Use a passkey instead" }));
    expect(onSubmit).toHaveBeenCalledWith({ email: "ann@example.com", password: "" }, "passkey");
  });

  it("does not send invalid values: it shows each field's error, focuses the first, and an edit clears that field's error", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    show({ onSubmit });
    await user.click(screen.getByRole("button", { name: "Send" }));
    const email = screen.getByLabelText("Email address");
    expect(onSubmit).not.toHaveBeenCalled();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription("Please enter your email address");
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription("Please enter your password");
    expect(email).toHaveFocus();

    await user.type(email, "a");
    expect(email).toHaveAttribute("aria-invalid", "false");
    expect(screen.getByLabelText("Password")).toHaveAttribute("aria-invalid", "true");

    // Submitting again brings focus back to the first field still wrong.
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByLabelText("Password")).toHaveFocus();
  });

  it("puts the text of an error code under the field it is about and focuses that field", async () => {
    const user = userEvent.setup();
    show({ onSubmit: () => api().post("/wrong-password", {}), codes: { "account.wrong_password": "password" } });
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send" }));
    const password = screen.getByLabelText("Password");
    expect(await screen.findByText("The password is not correct.")).toBeInTheDocument();
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(password).toHaveAccessibleDescription("The password is not correct.");
    expect(password).toHaveFocus();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows any other failure in the alert and moves focus nowhere", async () => {
    const user = userEvent.setup();
    show({ onSubmit: () => api().post("/down", {}) });
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The service is temporarily unavailable. Please try again later.");
    expect(screen.getByLabelText("Email address")).toHaveAttribute("aria-invalid", "false");
    expect(screen.getByRole("button", { name: "Send" })).toHaveFocus();
  });

  it("marks the fields the answer names, under the form's own names, and ties them to the alert", async () => {
    const user = userEvent.setup();
    show({ onSubmit: () => api().post("/invalid-fields", {}), fieldNames: { emailAddress: "email" } });
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send" }));
    const alert = await screen.findByRole("alert");
    const email = screen.getByLabelText("Email address");
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription(alert.textContent ?? "");
    expect(email).toHaveFocus();
    expect(screen.getByLabelText("Password")).toHaveAttribute("aria-invalid", "false");
  });

  it("gives each named field the form's text for it when it has one", async () => {
    const user = userEvent.setup();
    show({ onSubmit: () => api().post("/invalid-fields", {}), fieldNames: { emailAddress: "email" }, fieldText: "Please check this field" });
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByLabelText("Email address")).toHaveAccessibleDescription("Please check this field");
  });

  it("shows the errors onError gives for a failure in place of its text", async () => {
    const user = userEvent.setup();
    show({ onSubmit: () => api().post("/down", {}), onError: () => ({ form: "Could not sign in", email: "" }) });
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send" }));
    const email = screen.getByLabelText("Email address");
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not sign in");
    expect(email).toHaveAccessibleDescription("Could not sign in");
    expect(email).toHaveFocus();
  });

  it("clears every error, the alert's too, on an edit when told to", async () => {
    const user = userEvent.setup();
    show({ onSubmit: () => api().post("/down", {}), editClears: "all" });
    await user.click(screen.getByRole("button", { name: "Send" }));
    await user.type(screen.getByLabelText("Email address"), "a");
    expect(screen.getByLabelText("Password")).toHaveAttribute("aria-invalid", "false");
    await user.type(screen.getByLabelText("Password"), "b");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Password"), "c");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("fills in only the fields still empty: what was typed stays", async () => {
    const user = userEvent.setup();
    function Account() {
      const form = useForm<Values>({ initial: { email: "", password: "" }, onSubmit: () => undefined });
      return (
        <form noValidate onSubmit={form.submit}>
          <TextField label="Email address" {...form.field("email")} />
          <TextField label="Password" {...form.field("password")} />
          <button type="button" onClick={() => form.fillIn({ email: "ann@example.com", password: "from-the-account" })}>
            Fill in
          </button>
        </form>
      );
    }
    render(
      <I18nProvider i18n={createI18n("en", [uiCatalog, formCatalog])}>
        <Account />
      </I18nProvider>,
    );
    await user.type(screen.getByLabelText("Password"), "typed");
    await user.click(screen.getByRole("button", { name: "Fill in" }));
    expect(screen.getByLabelText("Email address")).toHaveValue("ann@example.com");
    expect(screen.getByLabelText("Password")).toHaveValue("typed");
  });

  it("is busy while sending, and ignores a second submit meanwhile", async () => {
    const user = userEvent.setup();
    let finish = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { container } = show({ onSubmit });
    await fillIn(user);
    const form = container.querySelector("form")!;
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    const button = screen.getByRole("button", { name: "Send" });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("aria-busy", "true");
    act(() => fireEvent.submit(form));
    expect(onSubmit).toHaveBeenCalledTimes(1);

    await act(async () => finish());
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute("aria-busy", "false");
  });
});
