import { navigation } from "@agency/core";
import { configure, fireEvent, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { API, setupApi } from "../../__tests__/element-kit";
import "../cookie-banner.element";
import { BANNER_DELAY_MS, CONSENT_STORAGE_KEY, CONSENT_VERSION } from "../consent";

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

const recorded: Record<string, unknown>[] = [];
let consentStatus = 201;
setupApi(
  http.post(`${API}/consent`, async ({ request }) => {
    recorded.push((await request.json()) as Record<string, unknown>);
    return consentStatus < 300 ? HttpResponse.json({ success: true }, { status: consentStatus }) : HttpResponse.json({ error: "down" }, { status: consentStatus });
  }),
);
// Long enough for a loaded machine, short enough that a message lasting 8 s instead of 5 s still fails.
configure({ asyncUtilTimeout: 2500 });

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  recorded.length = 0;
  consentStatus = 201;
});

type Locale = "nl" | "en";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const TEXT = {
  nl: {
    region: "Cookies op deze website",
    accept: "Alles accepteren",
    necessaryOnly: "Alleen noodzakelijk",
    close: "Sluiten: alleen noodzakelijke cookies",
    settings: "Cookie-instellingen",
    save: "Voorkeuren opslaan",
    necessary: "Noodzakelijk",
    analytics: "Analytisch",
    marketing: "Marketing",
    policy: "Lees ons cookiebeleid",
    policyHref: "/cookie-policy",
    policyLink: "/cookie-policy",
  },
  en: {
    region: "Cookies on this website",
    accept: "Accept all",
    necessaryOnly: "Only necessary",
    close: "Close: only necessary cookies",
    settings: "Cookie settings",
    save: "Save preferences",
    necessary: "Necessary",
    analytics: "Analytics",
    marketing: "Marketing",
    policy: "Read our cookie policy",
    policyHref: "/en/cookie-policy",
    // The English page's link says its language, so it stays English in a new tab.
    policyLink: "/en/cookie-policy?lang=en",
  },
} as const;

const HELD_SCRIPTS = `
  <script type="text/plain" data-consent="analytics" id="stats">window.__stats = true</script>
  <script type="text/plain" data-consent="marketing" id="ads">window.__ads = true</script>`;

function mountBanner(locale: Locale, attributes = "", page = "") {
  document.body.innerHTML = `${page}<agency-cookie-banner locale="${locale}" api-base="${API}" ${attributes}></agency-cookie-banner>`;
  const el = document.body.querySelector("agency-cookie-banner") as HTMLElement;
  return { el, view: within(el.shadowRoot as unknown as HTMLElement) };
}

type View = ReturnType<typeof mountBanner>["view"];

/**
 * React renders elements on its own (real) macrotask queue, so the banner's 1 s timer starts a moment after
 * mounting; wait for it to exist before moving the clock. vi.waitFor polls with real timers.
 */
const delayStarted = () => vi.waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0));

async function bannerAppears(view: View, locale: Locale) {
  await delayStarted();
  await vi.advanceTimersByTimeAsync(BANNER_DELAY_MS);
  return waitFor(() => view.getByRole("region", { name: TEXT[locale].region }));
}

const stored = () => JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? "null") as Record<string, unknown> | null;
const isRunnable = (id: string) => document.getElementById(id)?.getAttribute("type") !== "text/plain";

function storeDecision(record: Partial<Record<string, unknown>>) {
  localStorage.setItem(
    CONSENT_STORAGE_KEY,
    JSON.stringify({ necessary: true, analytics: true, marketing: false, timestamp: daysAgo(2), version: CONSENT_VERSION, id: "1b4e28ba-2fa1-41d2-883f-0016d3cca427", ...record }),
  );
}

describe.each(["nl", "en"] as const)("agency-cookie-banner (%s)", (locale) => {
  const text = TEXT[locale];

  it("appears 1 s after load when no decision is stored, as a labelled region", async () => {
    const { view } = mountBanner(locale);
    await delayStarted();
    await vi.advanceTimersByTimeAsync(BANNER_DELAY_MS - 150);
    expect(view.queryByRole("region")).toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    const region = await waitFor(() => view.getByRole("region", { name: text.region }));
    expect(within(region).getByRole("link", { name: text.policy })).toHaveAttribute("href", text.policyLink);
    expect(within(region).getByRole("button", { name: text.settings })).toHaveAttribute("aria-expanded", "false");
  });

  it("'Accept all' stores analytics and marketing as true, records the proof, emits the change and runs held scripts", async () => {
    const { el, view } = mountBanner(locale, "", HELD_SCRIPTS);
    const changes: unknown[] = [];
    el.addEventListener("agency-consent-change", (e) => changes.push((e as CustomEvent).detail));
    await bannerAppears(view, locale);
    expect(isRunnable("stats")).toBe(false);

    fireEvent.click(view.getByRole("button", { name: text.accept }));
    await waitFor(() => expect(view.queryByRole("region")).toBeNull());
    const record = stored();
    expect(record).toEqual({
      necessary: true,
      analytics: true,
      marketing: true,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      version: CONSENT_VERSION,
      id: expect.stringMatching(UUID),
    });
    expect(changes).toEqual([record]);
    await waitFor(() => expect(recorded).toEqual([record]));
    expect(isRunnable("stats")).toBe(true);
    expect(isRunnable("ads")).toBe(true);
    expect(window.AgencyWidgets?.getConsent).toBeTypeOf("function");
    expect((window.AgencyWidgets!.getConsent as () => unknown)()).toEqual(record);
  });

  it.each([
    ["Only necessary", "necessaryOnly"],
    ["the close control", "close"],
  ] as const)("%s stores both optional categories as false and runs nothing held back", async (_, button) => {
    const { view } = mountBanner(locale, "", HELD_SCRIPTS);
    await bannerAppears(view, locale);
    fireEvent.click(view.getByRole("button", { name: text[button] }));
    await waitFor(() => expect(view.queryByRole("region")).toBeNull());
    expect(stored()).toMatchObject({ necessary: true, analytics: false, marketing: false, version: CONSENT_VERSION });
    expect(isRunnable("stats")).toBe(false);
    expect(isRunnable("ads")).toBe(false);
    await waitFor(() => expect(recorded).toHaveLength(1));
  });

  it("shows necessary checked and locked, the others unticked, and saves exactly what is ticked", async () => {
    const { view } = mountBanner(locale, "", HELD_SCRIPTS);
    await bannerAppears(view, locale);
    const toggle = view.getByRole("button", { name: text.settings });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    // The details' code arrives with the first opening.
    expect(await view.findByRole("checkbox", { name: text.necessary })).toBeChecked();
    expect(view.getByRole("checkbox", { name: text.necessary })).toBeDisabled();
    expect(view.getByRole("checkbox", { name: text.analytics })).not.toBeChecked();
    expect(view.getByRole("checkbox", { name: text.marketing })).not.toBeChecked();

    fireEvent.click(view.getByRole("checkbox", { name: text.analytics }));
    fireEvent.click(view.getByRole("button", { name: text.save }));
    await waitFor(() => expect(view.queryByRole("region")).toBeNull());
    expect(stored()).toMatchObject({ analytics: true, marketing: false });
    expect(isRunnable("stats")).toBe(true);
    expect(isRunnable("ads")).toBe(false);
  });

  it("saving without ticking anything refuses both", async () => {
    const { view } = mountBanner(locale);
    await bannerAppears(view, locale);
    fireEvent.click(view.getByRole("button", { name: text.settings }));
    fireEvent.click(view.getByRole("button", { name: text.save }));
    await waitFor(() => expect(stored()).toMatchObject({ analytics: false, marketing: false }));
  });

  it("stays away when a decision for this version is stored, and runs the consented scripts at load", async () => {
    storeDecision({ analytics: true, marketing: false });
    const { view } = mountBanner(locale, "", HELD_SCRIPTS);
    await waitFor(() => expect(isRunnable("stats")).toBe(true));
    expect(isRunnable("ads")).toBe(false);
    await vi.advanceTimersByTimeAsync(BANNER_DELAY_MS * 3);
    expect(view.queryByRole("region")).toBeNull();
    expect(recorded).toHaveLength(0);
  });

  it.each([
    ["an older policy version", { version: CONSENT_VERSION - 1 }, ""],
    ["the original site's record without a version", { version: undefined, id: undefined }, ""],
    ["an old record whose id is no uuid", { version: CONSENT_VERSION - 1, id: "e2e" }, ""],
    ["a policy-version attribute above the stored one", {}, `policy-version="${CONSENT_VERSION + 1}"`],
    ["a decision older than 12 months", { timestamp: daysAgo(366) }, ""],
    ["a decision older than consent-max-age-days", { timestamp: daysAgo(31) }, `consent-max-age-days="30"`],
    ["a decision without a readable time", { timestamp: "yesterday" }, ""],
  ])("asks again for %s, keeping the anonymous id when there is one", async (_, record, attributes) => {
    storeDecision(record);
    const before = stored()!;
    const { view } = mountBanner(locale, attributes, HELD_SCRIPTS);
    await bannerAppears(view, locale);
    expect(isRunnable("stats")).toBe(false);
    expect((window.AgencyWidgets!.getConsent as () => unknown)()).toBeNull();

    fireEvent.click(view.getByRole("button", { name: text.necessaryOnly }));
    await waitFor(() => expect(stored()).toMatchObject({ analytics: false }));
    const after = stored()!;
    expect(after.version).toBe(attributes.startsWith("policy-version") ? CONSENT_VERSION + 1 : CONSENT_VERSION);
    if (before.id && UUID.test(String(before.id))) expect(after.id).toBe(before.id);
    else expect(after.id).toMatch(UUID);
  });

  it("keeps a decision younger than consent-max-age-days and 12 months by default", async () => {
    storeDecision({ analytics: true, timestamp: daysAgo(29) });
    const custom = mountBanner(locale, `consent-max-age-days="30"`, HELD_SCRIPTS);
    await waitFor(() => expect(isRunnable("stats")).toBe(true));
    await vi.advanceTimersByTimeAsync(BANNER_DELAY_MS * 3);
    expect(custom.view.queryByRole("region")).toBeNull();

    storeDecision({ analytics: true, timestamp: daysAgo(364) });
    const plain = mountBanner(locale);
    await waitFor(() => expect((window.AgencyWidgets!.getConsent as () => unknown)()).toMatchObject({ analytics: true }));
    await vi.advanceTimersByTimeAsync(BANNER_DELAY_MS * 3);
    expect(plain.view.queryByRole("region")).toBeNull();
  });

  it("asks again when the stored value is unreadable", async () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, "{not json");
    const { view } = mountBanner(locale);
    await bannerAppears(view, locale);
  });

  it("reopens on AgencyWidgets.openCookieSettings() with the stored choice, so consent can be withdrawn", async () => {
    storeDecision({ analytics: true, marketing: true });
    const { el, view } = mountBanner(locale);
    await waitFor(() => expect(el.shadowRoot).toBeTruthy());
    await vi.advanceTimersByTimeAsync(BANNER_DELAY_MS * 2);
    expect(view.queryByRole("region")).toBeNull();

    (window.AgencyWidgets!.openCookieSettings as () => void)();
    const analytics = await waitFor(() => view.getByRole("checkbox", { name: text.analytics }));
    expect(analytics).toBeChecked();
    expect(view.getByRole("checkbox", { name: text.marketing })).toBeChecked();
    expect(view.getByRole("button", { name: text.settings })).toHaveAttribute("aria-expanded", "true");
    await waitFor(() => expect(el.shadowRoot!.activeElement).toBe(analytics));

    const changes: unknown[] = [];
    el.addEventListener("agency-consent-change", (e) => changes.push((e as CustomEvent).detail));
    fireEvent.click(analytics);
    fireEvent.click(view.getByRole("checkbox", { name: text.marketing }));
    fireEvent.click(view.getByRole("button", { name: text.save }));
    await waitFor(() => expect(view.queryByRole("region")).toBeNull());
    expect(stored()).toMatchObject({ analytics: false, marketing: false, id: "1b4e28ba-2fa1-41d2-883f-0016d3cca427" });
    expect(changes).toEqual([expect.objectContaining({ analytics: false, marketing: false })]);
  });

  it("reopens from any [data-agency-cookie-settings] control on the page and gives focus back afterwards", async () => {
    storeDecision({ analytics: false, marketing: false });
    const { view } = mountBanner(locale, "", `<footer><a href="#" data-agency-cookie-settings>${text.settings}</a></footer>`);
    await vi.advanceTimersByTimeAsync(BANNER_DELAY_MS * 2);
    expect(view.queryByRole("region")).toBeNull();
    const link = document.querySelector<HTMLAnchorElement>("[data-agency-cookie-settings]")!;
    link.focus();
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await waitFor(() => view.getByRole("region", { name: text.region }));
    expect(view.getByRole("checkbox", { name: text.analytics })).not.toBeChecked();

    fireEvent.click(view.getByRole("button", { name: text.accept }));
    await waitFor(() => expect(view.queryByRole("region")).toBeNull());
    expect(document.activeElement).toBe(link);
    expect(stored()).toMatchObject({ analytics: true, marketing: true });
  });

  it("opens the settings for a request made before the banner was on the page", async () => {
    (window.AgencyWidgets!.openCookieSettings as () => void)();
    const { view } = mountBanner(locale);
    await waitFor(() => view.getByRole("region", { name: text.region }));
    expect(view.getByRole("button", { name: text.settings })).toHaveAttribute("aria-expanded", "true");
    expect(view.getByRole("checkbox", { name: text.analytics })).not.toBeChecked();
  });

  it("keeps the visitor's choice when the proof cannot be recorded", async () => {
    consentStatus = 500;
    const { view } = mountBanner(locale);
    await bannerAppears(view, locale);
    fireEvent.click(view.getByRole("button", { name: text.accept }));
    await waitFor(() => expect(recorded).toHaveLength(1));
    expect(stored()).toMatchObject({ analytics: true, marketing: true });
    expect(view.queryByRole("region")).toBeNull();
  });

  it("opens the cookie policy through agency-navigate, or policy-href when given", async () => {
    const assign = vi.spyOn(navigation, "assign").mockImplementation(() => {});
    const { view } = mountBanner(locale);
    await bannerAppears(view, locale);
    const seen: unknown[] = [];
    const onNavigate = (e: Event) => seen.push((e as CustomEvent).detail);
    document.addEventListener("agency-navigate", onNavigate);
    fireEvent.click(view.getByRole("link", { name: text.policy }));
    document.removeEventListener("agency-navigate", onNavigate);
    expect(seen).toEqual([{ to: text.policyHref, href: text.policyLink, source: "agency-cookie-banner" }]);
    expect(assign).toHaveBeenCalledWith(text.policyLink);

    const custom = mountBanner(locale, 'policy-href="https://client.example/cookies"');
    await bannerAppears(custom.view, locale);
    expect(custom.view.getByRole("link", { name: text.policy })).toHaveAttribute("href", "https://client.example/cookies");
  });
});

describe("Consent Mode v2", () => {
  type TagWindow = Window & { dataLayer?: unknown[]; gtag?: unknown; __agencyConsentModeDefault__?: boolean };
  const w = window as TagWindow;
  const DENIED = { analytics_storage: "denied", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" };

  beforeEach(() => delete w.__agencyConsentModeDefault__);
  afterEach(() => {
    delete w.dataLayer;
    delete w.gtag;
  });

  /** What the page's dataLayer received, each entry as gtag's arguments. */
  const commands = () => (w.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));

  it("on a page with a dataLayer: all denied by default, then an update from each decision", async () => {
    w.dataLayer = [];
    const { view } = mountBanner("en");
    await bannerAppears(view, "en");
    fireEvent.click(view.getByRole("button", { name: TEXT.en.accept }));
    await waitFor(() => expect(commands()).toHaveLength(2));
    expect(commands()).toEqual([
      ["consent", "default", { ...DENIED, wait_for_update: 500 }],
      ["consent", "update", { analytics_storage: "granted", ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" }],
    ]);
    // Each entry is an arguments object, as gtag.js and Tag Manager expect, not an array.
    expect(Array.isArray(w.dataLayer![0])).toBe(false);

    (window.AgencyWidgets!.openCookieSettings as () => void)();
    fireEvent.click(await waitFor(() => view.getByRole("checkbox", { name: TEXT.en.marketing })));
    fireEvent.click(view.getByRole("button", { name: TEXT.en.save }));
    await waitFor(() => expect(commands()).toHaveLength(3));
    expect(commands()[2]).toEqual(["consent", "update", { ...DENIED, analytics_storage: "granted" }]);
  });

  it("through the page's own gtag: the stored decision is passed on at load, once the default is set", async () => {
    const gtag = vi.fn();
    w.gtag = gtag;
    storeDecision({ analytics: false, marketing: true });
    mountBanner("nl");
    await waitFor(() => expect(gtag).toHaveBeenCalledTimes(2));
    expect(gtag.mock.calls).toEqual([
      ["consent", "default", { ...DENIED, wait_for_update: 500 }],
      ["consent", "update", { analytics_storage: "denied", ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" }],
    ]);
  });

  it("leaves a page without Google tags alone", async () => {
    const { view } = mountBanner("en");
    await bannerAppears(view, "en");
    fireEvent.click(view.getByRole("button", { name: TEXT.en.accept }));
    await waitFor(() => expect(stored()).toMatchObject({ analytics: true }));
    expect(w.dataLayer).toBeUndefined();
    expect(w.gtag).toBeUndefined();
  });
});
