import { readFileSync } from "node:fs";
import { configure, fireEvent, waitFor, within } from "@testing-library/react";
import type { ContactChallenge } from "@agency/contract";
import { createChallenge } from "altcha-lib";
import { HtmlValidate, type ConfigData } from "html-validate";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { http, HttpResponse } from "msw";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { repoDir } from "../../../scripts/api/sources";
import { API, renderElement, setupApi } from "../../__tests__/element-kit";
import "../quote-form.element";
import { ERROR_MESSAGE_MS, SUCCESS_MESSAGE_MS } from "../use-quote-submission";

const CONTACT_URL = `${API}/contact`;
const sent: Record<string, unknown>[] = [];
/** What GET /contact/challenge answers: none by default, as with CONTACT_CHALLENGE off. */
let challenges: () => ContactChallenge | null = () => null;
let challengesServed = 0;
let answer: () => Response | Promise<Response> = () =>
  HttpResponse.json({ success: true, message: "Thank you! Your message has been sent." });

setupApi(
  http.post(CONTACT_URL, async ({ request }) => {
    sent.push((await request.json()) as Record<string, unknown>);
    return answer();
  }),
  http.get(`${CONTACT_URL}/challenge`, () => {
    challengesServed++;
    return HttpResponse.json({ challenge: challenges() });
  }),
);
// Long enough for a loaded machine, short enough that a message lasting 8 s instead of 5 s still fails.
configure({ asyncUtilTimeout: 2500 });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  window.history.replaceState(null, "", "/contact?utm_source=newsletter&utm_campaign=spring&ref=x");
});
afterEach(() => {
  vi.useRealTimers();
  sent.length = 0;
  challenges = () => null;
  challengesServed = 0;
  answer = () => HttpResponse.json({ success: true, message: "Thank you! Your message has been sent." });
});

/** Challenges made ahead (creating one is asynchronous, the msw answer is built synchronously), by counter. */
const madeChallenges = {
  made: new Map<number, Omit<ContactChallenge, "signature">>(),
  next(counter: number) {
    const made = this.made.get(counter);
    if (!made) throw new Error(`no challenge made for counter ${counter}`);
    return made;
  },
};
beforeAll(async () => {
  for (const counter of [41, 42, 43, 44]) {
    madeChallenges.made.set(counter, (await createChallenge({ algorithm: "SHA-256", cost: 1, counter, deriveKey })) as Omit<ContactChallenge, "signature">);
  }
});

type Locale = "nl" | "en";

const mountForm = (locale: Locale, extra = "") =>
  renderElement("agency-quote-form", `locale="${locale}" api-base="${API}" ${extra}`, (view) =>
    expect(view.getByRole("button", { name: locale === "nl" ? /offerte/ : /quote/ })).toBeTruthy(),
  );

const LABELS = {
  en: {
    name: "Full name",
    email: "Email address",
    company: "Company name",
    country: "Country code",
    phone: "Phone number",
    website: "Current website",
    projectType: "Project type",
    budget: "Budget range",
    timeline: "Timeline",
    domain: "Domain status",
    hear: "How did you hear about us?",
    goal: "What is the primary goal of your website?",
    message: "Message",
    submit: "Request a free quote",
    sending: "Sending Your Request...",
  },
  nl: {
    name: "Volledige naam",
    email: "E-mailadres",
    company: "Bedrijfsnaam",
    country: "Landcode",
    phone: "Telefoonnummer",
    website: "Huidige website",
    projectType: "Soort project",
    budget: "Budget",
    timeline: "Planning",
    domain: "Domeinnaam",
    hear: "Hoe heb je ons gevonden?",
    goal: "Wat is het belangrijkste doel van je website?",
    message: "Bericht",
    submit: "Vraag een gratis offerte aan",
    sending: "Je aanvraag wordt verzonden...",
  },
} as const;

type View = Awaited<ReturnType<typeof mountForm>>["view"];

const field = (view: View, label: string) => view.getByLabelText(new RegExp(`^${label.replace(/[?*]/g, "\\$&")}`));
const change = (view: View, label: string, value: string) => fireEvent.change(field(view, label), { target: { value } });

function fillRequired(view: View, locale: Locale) {
  const l = LABELS[locale];
  change(view, l.name, "Anna de Vries");
  change(view, l.email, "anna@example.nl");
  change(view, l.phone, "06 12345678");
  change(view, l.projectType, "redesign");
  change(view, l.budget, "1000-2000");
  change(view, l.timeline, "1-month");
  change(view, l.domain, "have-domain");
}

const submit = (view: View, locale: Locale) => fireEvent.click(view.getByRole("button", { name: LABELS[locale].submit }));

describe.each(["nl", "en"] as const)("agency-quote-form (%s)", (locale) => {
  const l = LABELS[locale];

  it("shows every field of a quote request with labels in the element's language", async () => {
    const { view } = await mountForm(locale);
    for (const label of [l.name, l.email, l.company, l.country, l.phone, l.website, l.projectType, l.budget, l.timeline, l.domain, l.hear, l.goal, l.message]) {
      expect(field(view, label)).toBeTruthy();
    }
    expect(view.getAllByRole("checkbox")).toHaveLength(8);
    const countries = within(field(view, l.country)).getAllByRole("option");
    expect(countries).toHaveLength(10);
    expect((field(view, l.country) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe(
      locale === "nl" ? "Nederland (+31)" : "Netherlands (+31)",
    );
    const projectTypes = within(field(view, l.projectType)).getAllByRole("option").map((o) => o.getAttribute("value"));
    expect(projectTypes).toEqual(["", "new-website", "redesign", "landing-page", "e-commerce", "maintenance", "other"]);
  });

  it("is valid HTML with valid autocomplete tokens for html-validate's recommended and accessibility rules", async () => {
    const { el, view } = await mountForm(locale);
    // The phone field holds the number without its country code: tel-national, a token a tel input may not carry.
    expect(field(view, l.phone)).toHaveAttribute("autocomplete", "tel-national");
    const validator = new HtmlValidate(JSON.parse(readFileSync(`${repoDir}.htmlvalidate.json`, "utf8")) as ConfigData);
    const report = await validator.validateString(el.shadowRoot!.innerHTML, "quote-form.html");
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
  });

  it("says under the button how the details are used, linking the agency's privacy policy in its language", async () => {
    const { view } = await mountForm(locale);
    const name = locale === "nl" ? "Lees ons privacybeleid (opent in een nieuw tabblad)" : "Read our privacy policy (opens in a new tab)";
    const link = view.getByRole("link", { name });
    // The policy of the agency's site (the API's), not of the page the form is embedded in; the English link says
    // its language, so the new tab, which knows nothing of the visitor's choice, shows English.
    expect(link).toHaveAttribute("href", locale === "nl" ? "http://api.test/privacy-policy" : "http://api.test/en/privacy-policy?lang=en");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link.closest("p")!.textContent).toContain(
      locale === "nl" ? "bewaren ze tot 2 jaar na ons laatste contact" : "keep them for 2 years after our last contact",
    );
    // It follows the submit button.
    const button = view.getByRole("button", { name: l.submit });
    expect(button.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const partner = await mountForm(locale, 'privacy-href="https://partner.example/privacy"');
    expect(partner.view.getByRole("link", { name })).toHaveAttribute("href", "https://partner.example/privacy");
  });

  it("labels the budget in euro on nl and in dollars on en, with the same values", async () => {
    const { view } = await mountForm(locale);
    const options = within(field(view, l.budget)).getAllByRole("option").slice(1);
    expect(options.map((o) => o.getAttribute("value"))).toEqual(["500-1000", "1000-2000", "2000-3000", "3000-4000", "4000+", "unknown"]);
    // The contract's formatter writes Dutch amounts as the rest of the site does, "€ 499", with a no-break space.
    expect(options.map((o) => o.textContent?.replace(/\u00a0/g, " "))).toEqual(
      locale === "nl"
        ? ["€ 400 - € 800", "€ 800 - € 1.600", "€ 1.600 - € 2.400", "€ 2.400 - € 3.200", "€ 3.200+", "Weet ik nog niet"]
        : ["$500 - $1,000", "$1,000 - $2,000", "$2,000 - $3,000", "$3,000 - $4,000", "$4,000+", "Unknown"],
    );
  });

  it("reports every missing required field inline, accessibly, and sends nothing", async () => {
    const { view } = await mountForm(locale);
    submit(view, locale);
    const expected =
      locale === "nl"
        ? {
            [l.name]: "Vul je naam in",
            [l.email]: "Vul je e-mailadres in",
            [l.phone]: "Vul je telefoonnummer in",
            [l.projectType]: "Kies een soort project",
            [l.budget]: "Kies een budget",
            [l.timeline]: "Kies een planning",
            [l.domain]: "Geef aan hoe het met je domeinnaam zit",
          }
        : {
            [l.name]: "Please enter your name",
            [l.email]: "Please enter your email address",
            [l.phone]: "Please enter your phone number",
            [l.projectType]: "Please choose a project type",
            [l.budget]: "Please choose a budget range",
            [l.timeline]: "Please choose a timeline",
            [l.domain]: "Please choose your domain status",
          };
    for (const [label, message] of Object.entries(expected)) {
      const control = field(view, label);
      expect(control).toHaveAttribute("aria-invalid", "true");
      expect(control).toHaveAccessibleDescription(message);
    }
    for (const optional of [l.company, l.website, l.hear, l.goal, l.message]) {
      expect(field(view, optional)).not.toHaveAttribute("aria-invalid", "true");
    }
    expect((field(view, l.name).getRootNode() as ShadowRoot).activeElement).toBe(field(view, l.name));

    change(view, l.name, "Anna");
    expect(field(view, l.name)).toHaveAttribute("aria-invalid", "false");
    expect(sent).toHaveLength(0);
  });

  it("checks the e-mail and phone format before sending", async () => {
    const { view } = await mountForm(locale);
    fillRequired(view, locale);
    change(view, l.email, "anna@");
    change(view, l.phone, "call me");
    submit(view, locale);
    expect(field(view, l.email)).toHaveAccessibleDescription(
      locale === "nl" ? "Vul een geldig e-mailadres in" : "Please enter a valid email address",
    );
    expect(field(view, l.phone)).toHaveAccessibleDescription(
      locale === "nl" ? "Vul een geldig telefoonnummer in" : "Please enter a valid phone number",
    );
    expect(sent).toHaveLength(0);
  });

  it("sends the request with language, UTM, page URL and honeypot; keeps the busy button focusable while sending; resets after success", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    answer = async () => {
      await held;
      return HttpResponse.json({ success: true, message: "" });
    };
    const { el, view } = await mountForm(locale, 'source="bakery-site"');
    const submitted = vi.fn();
    el.addEventListener("agency-quote-submitted", (e) => submitted((e as CustomEvent).detail));

    fillRequired(view, locale);
    change(view, l.company, "Bakkerij de Vries");
    change(view, l.country, "GB");
    change(view, l.website, "bakkerij.nl");
    change(view, l.goal, "More orders");
    change(view, l.message, "Hello");
    change(view, l.hear, "referral");
    const checkboxes = view.getAllByRole("checkbox");
    fireEvent.click(checkboxes[0]!);
    fireEvent.click(checkboxes[7]!);
    submit(view, locale);

    const busy = await view.findByRole("button", { name: l.sending });
    // Unavailable, but not `disabled`: a disabled button would lose the visitor's focus.
    expect(busy).toHaveAttribute("aria-disabled", "true");
    expect(busy).not.toBeDisabled();
    await waitFor(() => expect(sent).toHaveLength(1));
    // Pressed again while sending: nothing more is sent.
    fireEvent.click(busy);
    await vi.advanceTimersByTimeAsync(50);
    expect(sent).toHaveLength(1);
    const expected = {
      name: "Anna de Vries",
      email: "anna@example.nl",
      company: "Bakkerij de Vries",
      countryCode: "+44",
      phone: "06 12345678",
      currentWebsite: "bakkerij.nl",
      projectType: "redesign",
      budgetRange: "1000-2000",
      budgetUnknown: false,
      timeline: "1-month",
      primaryGoal: "More orders",
      features: ["contact-forms", "analytics"],
      domainStatus: "have-domain",
      hearAboutUs: "referral",
      biggestChallenge: "",
      message: "Hello",
      language: locale,
      source: "bakery-site",
      pageUrl: `${location.origin}/contact?utm_source=newsletter&utm_campaign=spring&ref=x`,
      utm: { utm_source: "newsletter", utm_campaign: "spring" },
      website_url: "",
    };
    // The body adds how long the form was open; the event carries the request itself.
    expect(sent[0]).toEqual({ ...expected, fillMs: expect.any(Number) });

    release();
    const success = locale === "nl" ? "Bedankt! Je bericht is verzonden." : "Thank you! Your message has been sent.";
    await waitFor(() => expect(view.getByText(success)).toBeTruthy());
    expect(submitted).toHaveBeenCalledWith(expected);
    // The form is empty again and the country code is back to +31.
    expect(field(view, l.name)).toHaveValue("");
    expect(field(view, l.country)).toHaveValue("NL");
    expect(view.getAllByRole("checkbox").filter((c) => (c as HTMLInputElement).checked)).toHaveLength(0);
    expect(view.getByRole("button", { name: l.submit })).toBeEnabled();
    expect(view.getByRole("button", { name: l.submit })).not.toHaveAttribute("aria-disabled");

    await vi.advanceTimersByTimeAsync(SUCCESS_MESSAGE_MS - 100);
    expect(view.queryByText(success)).not.toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    await waitFor(() => expect(view.queryByText(success)).toBeNull());
  });

  it("sends how long the form was open, counted again from each stored request", async () => {
    const { view } = await mountForm(locale);
    await vi.advanceTimersByTimeAsync(4000);
    fillRequired(view, locale);
    submit(view, locale);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.fillMs).toBeGreaterThanOrEqual(4000);
    expect(sent[0]).not.toHaveProperty("challenge");

    await waitFor(() => expect(field(view, l.name)).toHaveValue(""));
    fillRequired(view, locale);
    submit(view, locale);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.fillMs).toBeLessThan(4000);
  });

  it("solves the server's proof-of-work challenge in the background and sends a fresh solution with each request", async () => {
    // Small counters keep the test quick; the server's are larger.
    let counter = 40;
    challenges = () => {
      // Unsigned here: the element only solves; the server checks the signature.
      return { signature: "test", ...madeChallenges.next(++counter) } as ContactChallenge;
    };
    const { view } = await mountForm(locale);
    // Starting on the form fetches the challenge.
    fireEvent.focusIn(field(view, l.name));
    await waitFor(() => expect(challengesServed).toBe(1));
    fillRequired(view, locale);
    submit(view, locale);
    await waitFor(() => expect(sent).toHaveLength(1));
    const first = JSON.parse(atob(String(sent[0]!.challenge))) as { challenge: ContactChallenge; solution: { counter: number } };
    expect(first.solution.counter).toBe(41);

    await waitFor(() => expect(field(view, l.name)).toHaveValue(""));
    fillRequired(view, locale);
    submit(view, locale);
    await waitFor(() => expect(sent).toHaveLength(2));
    const second = JSON.parse(atob(String(sent[1]!.challenge))) as { solution: { counter: number } };
    expect(second.solution.counter).toBe(42);
  });

  it("shows the server's refusal of a missing solution in the element's language, keeping what was typed", async () => {
    answer = () =>
      HttpResponse.json(
        { error: "Your request could not be checked as sent by a person, so it was not sent. Please try again.", code: "contact.challenge_failed" },
        { status: 400 },
      );
    const { view } = await mountForm(locale);
    fillRequired(view, locale);
    submit(view, locale);
    expect(
      await view.findByText(
        locale === "nl"
          ? "Je aanvraag kon niet worden gecontroleerd als verstuurd door een mens en is daarom niet verstuurd. Probeer het opnieuw."
          : "Your request could not be checked as sent by a person, so it was not sent. Please try again.",
      ),
    ).toHaveAttribute("role", "alert");
    expect(field(view, l.name)).toHaveValue("Anna de Vries");
  });

  it("shows the server's own success message when it gives one", async () => {
    answer = () => HttpResponse.json({ success: true, message: "Received, talk soon" });
    const { view } = await mountForm(locale);
    fillRequired(view, locale);
    submit(view, locale);
    expect(await view.findByText("Received, talk soon")).toBeTruthy();
  });

  it("sends the 'Unknown' budget as 4000+, saying it was 'Unknown', and a filled honeypot as is", async () => {
    const { view } = await mountForm(locale);
    fillRequired(view, locale);
    change(view, l.budget, "unknown");
    fireEvent.change(view.getByLabelText(locale === "nl" ? "Laat dit veld leeg" : "Leave this field empty"), {
      target: { value: "http://spam.example" },
    });
    submit(view, locale);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ budgetRange: "4000+", budgetUnknown: true, website_url: "http://spam.example" });
  });

  it.each([
    [
      "HTTP 500 without a message",
      () => new HttpResponse(null, { status: 500 }),
      { nl: "Serverfout - probeer het later opnieuw", en: "Server error - please try again later" },
      500,
    ],
    [
      "HTTP 500 with an empty JSON body",
      () => HttpResponse.json({}, { status: 500 }),
      { nl: "Serverfout - probeer het later opnieuw", en: "Server error - please try again later" },
      500,
    ],
    [
      "HTTP 500 with the server's own message and an unknown code",
      () => HttpResponse.json({ error: "The mail relay is down, your request is saved" }, { status: 500 }),
      { nl: "The mail relay is down, your request is saved", en: "The mail relay is down, your request is saved" },
      500,
    ],
    [
      "HTTP 500 with a known code, in the element's language",
      () => HttpResponse.json({ error: "Something went wrong on our side. Please try again later.", code: "server.error" }, { status: 500 }),
      {
        nl: "Er ging bij ons iets mis. Probeer het later opnieuw.",
        en: "Something went wrong on our side. Please try again later.",
      },
      500,
    ],
    [
      "HTTP 503 with the server's message",
      () => HttpResponse.json({ error: "Down for maintenance until 14:00" }, { status: 503 }),
      { nl: "Down for maintenance until 14:00", en: "Down for maintenance until 14:00" },
      503,
    ],
    [
      "HTTP 502 without a message",
      () => new HttpResponse("<html>Bad gateway</html>", { status: 502, headers: { "content-type": "text/html" } }),
      { nl: "Versturen mislukt - probeer het opnieuw", en: "Failed to send message - please try again" },
      502,
    ],
    [
      "a network error",
      () => HttpResponse.error(),
      { nl: "Netwerkfout - controleer je internetverbinding", en: "Network error - check your internet connection" },
      undefined,
    ],
    [
      "another status without a message",
      () => new HttpResponse(null, { status: 404 }),
      { nl: "Versturen mislukt - probeer het opnieuw", en: "Failed to send message - please try again" },
      404,
    ],
    [
      "a 429 with the server's message and a code this element does not know",
      () => HttpResponse.json({ error: "Too many requests", code: "contact.something_new", retryAfter: 60 }, { status: 429 }),
      { nl: "Too many requests", en: "Too many requests" },
      429,
    ],
    [
      "a 429 with its code, in the element's language",
      () =>
        HttpResponse.json(
          { error: "Too many requests from your network. Please try again in 2 minutes.", code: "contact.too_many_requests", retryAfter: 120 },
          { status: 429 },
        ),
      {
        nl: "Te veel aanvragen vanaf je netwerk. Probeer het over 2 minuten opnieuw.",
        en: "Too many requests from your network. Please try again in 2 minutes.",
      },
      429,
    ],
  ])("on %s shows the message for 8 s and keeps what was typed", async (_, respond, messages, status) => {
    answer = respond;
    const { el, view } = await mountForm(locale);
    const failed = vi.fn();
    el.addEventListener("agency-quote-failed", (e) => failed((e as CustomEvent).detail));
    fillRequired(view, locale);
    submit(view, locale);
    const alert = await view.findByRole("alert");
    expect(alert).toHaveTextContent(messages[locale]);
    expect(failed).toHaveBeenCalledWith(
      expect.objectContaining({ message: messages[locale], status, request: expect.objectContaining({ language: locale }) }),
    );
    expect(field(view, l.name)).toHaveValue("Anna de Vries");
    expect(view.getByRole("button", { name: l.submit })).toBeEnabled();

    await vi.advanceTimersByTimeAsync(ERROR_MESSAGE_MS - 100);
    expect(view.queryByRole("alert")).not.toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    await waitFor(() => expect(view.queryByRole("alert")).toBeNull());
  });

  it("marks the fields the server rejected (400), naming them in the element's language", async () => {
    answer = () =>
      HttpResponse.json(
        { error: "Please check the following fields: phone number and budget.", code: "contact.invalid_field", fields: ["phone", "budgetRange"] },
        { status: 400 },
      );
    const { view } = await mountForm(locale);
    fillRequired(view, locale);
    submit(view, locale);
    expect(await view.findByRole("alert")).toHaveTextContent(
      locale === "nl" ? "Controleer de volgende velden: telefoonnummer en budget." : "Please check the following fields: phone number and budget.",
    );
    expect(field(view, l.phone)).toHaveAttribute("aria-invalid", "true");
    expect(field(view, l.phone)).toHaveAccessibleDescription(locale === "nl" ? "Controleer dit veld" : "Please check this field");
  });

  it("keeps a server-reported failure on screen with no timed reset", async () => {
    answer = () => HttpResponse.json({ success: false });
    const { el, view } = await mountForm(locale);
    const failed = vi.fn();
    el.addEventListener("agency-quote-failed", (e) => failed((e as CustomEvent).detail));
    fillRequired(view, locale);
    submit(view, locale);
    const message = locale === "nl" ? "Er ging iets mis" : "Something went wrong";
    expect(await view.findByRole("alert")).toHaveTextContent(message);
    expect(failed).toHaveBeenCalledWith(expect.objectContaining({ message }));
    await vi.advanceTimersByTimeAsync(ERROR_MESSAGE_MS * 2);
    expect(view.getByRole("alert")).toHaveTextContent(message);
  });
});
