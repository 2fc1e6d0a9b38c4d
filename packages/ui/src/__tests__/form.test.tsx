import type { Locale } from "@agency/contract";
import { createI18n } from "@agency/core";
import { I18nProvider } from "@lingui/react";
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRef, useState, type FormEvent } from "react";
import { describe, expect, it } from "vitest";
import { CheckboxGroup, FormAlert, formCatalog, PasswordField, RadioGroup, SelectField, TextAreaField, TextField, useFocusFirstError } from "../form";
import { uiCatalog } from "../ui-catalog";

const renderIn = (locale: Locale, ui: React.ReactNode) =>
  render(<I18nProvider i18n={createI18n(locale, [uiCatalog, formCatalog])}>{ui}</I18nProvider>);

function SignUp() {
  const form = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(form);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { ...(name ? {} : { name: "Please enter your name" }), ...(email ? {} : { email: "Please enter your email address" }) };
    setErrors(found);
    if (Object.keys(found).length > 0) focusFirstError();
  };
  return (
    <form ref={form} noValidate onSubmit={submit}>
      <TextField label="Full name" requiredMark required value={name} onValueChange={setName} error={errors.name} />
      <TextField
        label="Email address"
        type="email"
        value={email}
        onValueChange={(value) => {
          setEmail(value);
          setErrors((current) => ({ ...current, email: undefined }));
        }}
        hint="We never share it"
        error={errors.email}
      />
      <button type="submit">Send</button>
    </form>
  );
}

describe("the form kit", () => {
  it("labels a field, marks it required without reading the asterisk, and ties hint and error to it", async () => {
    const user = userEvent.setup();
    renderIn("en", <SignUp />);
    const name = screen.getByRole("textbox", { name: "Full name" });
    expect(name).toBeRequired();
    expect(name).toHaveAttribute("aria-invalid", "false");
    const email = screen.getByLabelText("Email address");
    expect(email).toHaveAccessibleDescription("We never share it");

    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription("Please enter your name");
    expect(email).toHaveAccessibleDescription("We never share it Please enter your email address");
  });

  it("focuses the first invalid field after a failed submit, again on the next one, and never while typing", async () => {
    const user = userEvent.setup();
    renderIn("en", <SignUp />);
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByLabelText(/^Full name/)).toHaveFocus();
    await user.type(screen.getByLabelText(/^Full name/), "Anna");
    await user.click(screen.getByLabelText("Email address"));
    await user.type(screen.getByLabelText("Email address"), "a");
    expect(screen.getByLabelText("Email address")).toHaveFocus();
    await user.clear(screen.getByLabelText("Email address"));
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByLabelText("Email address")).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByLabelText("Email address")).toHaveFocus();
  });

  it("marks a field invalid by a message elsewhere, read after its hint", () => {
    renderIn(
      "en",
      <>
        <FormAlert id="alert" message="Passwords do not match" />
        <PasswordField label="New Password" value="" onValueChange={() => {}} hint="At least 8 characters" invalid describedBy="alert" />
      </>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Passwords do not match");
    const field = screen.getByLabelText("New Password");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription("At least 8 characters Passwords do not match");
  });

  it.each([
    ["en", "Show password"],
    ["nl", "Wachtwoord tonen"],
  ] as const)("reveals a password with a toggle that keeps its name (%s)", async (locale, toggleName) => {
    const user = userEvent.setup();
    renderIn(locale, <PasswordField label="Password" value="secret" onValueChange={() => {}} />);
    const field = screen.getByLabelText("Password");
    const toggle = screen.getByRole("button", { name: toggleName });
    expect(field).toHaveAttribute("type", "password");
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    await user.click(toggle);
    expect(field).toHaveAttribute("type", "text");
    expect(screen.getByRole("button", { name: toggleName })).toHaveAttribute("aria-pressed", "true");
  });

  it("renders nothing for an empty form alert", () => {
    const { container } = renderIn("en", <FormAlert message={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("offers a select's choices after an optional placeholder, and a text area", () => {
    const chosen: string[] = [];
    renderIn(
      "en",
      <>
        <SelectField
          label="Timeline"
          value=""
          placeholder="Select an option"
          options={[
            { value: "asap", label: "As soon as possible" },
            { value: "flexible", label: "Flexible" },
          ]}
          onValueChange={(value) => chosen.push(value)}
        />
        <TextAreaField label="Message" rows={5} value="Hello" onValueChange={() => {}} />
      </>,
    );
    const select = screen.getByRole("combobox", { name: "Timeline" });
    expect([...(select as HTMLSelectElement).options].map((o) => [o.value, o.textContent])).toEqual([
      ["", "Select an option"],
      ["asap", "As soon as possible"],
      ["flexible", "Flexible"],
    ]);
    fireEvent.change(select, { target: { value: "flexible" } });
    expect(chosen).toEqual(["flexible"]);
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("Hello");
  });

  it("keeps a checkbox group's value in the options' order, with descriptions and a fixed option", async () => {
    const user = userEvent.setup();
    function Cookies() {
      const [value, setValue] = useState<("necessary" | "analytics" | "marketing")[]>(["necessary"]);
      return (
        <>
          <CheckboxGroup
            legend="Choose which cookies you allow"
            value={value}
            onValueChange={setValue}
            options={[
              { value: "necessary", label: "Necessary", description: "Always on", disabled: true },
              { value: "analytics", label: "Analytics" },
              { value: "marketing", label: "Marketing" },
            ]}
          />
          <output>{value.join(",")}</output>
        </>
      );
    }
    renderIn("en", <Cookies />);
    const group = screen.getByRole("group", { name: "Choose which cookies you allow" });
    expect(group).toBeInTheDocument();
    const necessary = screen.getByRole("checkbox", { name: "Necessary" });
    expect(necessary).toBeChecked();
    expect(necessary).toBeDisabled();
    expect(necessary).toHaveAccessibleDescription("Always on");
    await user.click(screen.getByRole("checkbox", { name: "Marketing" }));
    await user.click(screen.getByText("Analytics"));
    expect(screen.getByRole("status")).toHaveTextContent("necessary,analytics,marketing");
    await user.click(screen.getByRole("checkbox", { name: "Marketing" }));
    expect(screen.getByRole("status")).toHaveTextContent(/^necessary,analytics$/);
  });

  it("chooses one radio button of a group, with a legend for screen readers only", async () => {
    const user = userEvent.setup();
    function Billing() {
      const [value, setValue] = useState<"monthly" | "yearly">("monthly");
      return (
        <RadioGroup
          legend="Billing period"
          hideLegend
          value={value}
          onValueChange={setValue}
          options={[
            { value: "monthly", label: "Monthly" },
            { value: "yearly", label: "Annual" },
          ]}
        />
      );
    }
    renderIn("en", <Billing />);
    expect(screen.getByRole("group", { name: "Billing period" }).tagName).toBe("FIELDSET");
    expect(screen.getByRole("radio", { name: "Monthly" })).toBeChecked();
    await user.click(screen.getByRole("radio", { name: "Annual" }));
    expect(screen.getByRole("radio", { name: "Annual" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Monthly" })).not.toBeChecked();
    expect(screen.getByText("Billing period")).toHaveClass("ag-visually-hidden");
  });
});
