import { configure as configureAgency } from "@agency/core";
import { fireEvent, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { API, setupApi } from "../../__tests__/element-kit";
import "../cookie-banner.element";
import { BANNER_DELAY_MS, CONSENT_STORAGE_KEY, CONSENT_VERSION } from "../consent";
import { PLACEHOLDER_ATTRIBUTE } from "../consent-embeds";

// What an auditor checks first: Global Privacy Control, cookies cleared on refusal and withdrawal, the proof the
// visitor can quote, and embeds held until their category is allowed. The page is on a subdomain, so cookies can
// sit on the host and on its parent domains.
declare const jsdom: { reconfigure(options: { url: string }): void };
beforeAll(() => jsdom.reconfigure({ url: "https://www.shop.example.com/products" }));

const recorded: Record<string, unknown>[] = [];
setupApi(
  http.post(`${API}/consent`, async ({ request }) => {
    recorded.push((await request.json()) as Record<string, unknown>);
    return HttpResponse.json({ success: true });
  }),
);

type TagWindow = Window & { dataLayer?: unknown[]; __agencyConsentModeDefault__?: boolean };
const w = window as TagWindow;
const setGpc = (value: boolean | undefined) =>
  Object.defineProperty(navigator, "globalPrivacyControl", { configurable: true, get: () => value });

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  recorded.length = 0;
  localStorage.clear();
  setGpc(undefined);
  configureAgency({ consentCookies: undefined });
  delete w.dataLayer;
  delete w.__agencyConsentModeDefault__;
  for (const name of document.cookie.split(";").map((c) => c.split("=")[0]!.trim()).filter(Boolean)) {
    for (const domain of ["", "; domain=example.com", "; domain=shop.example.com", "; domain=www.shop.example.com"]) {
      document.cookie = `${name}=; Max-Age=0; path=/${domain}`;
    }
  }
});

const TEXT = {
  nl: {
    region: "Cookies op deze website",
    gpc: /Je browser stuurt een Global Privacy Control-signaal en dat respecteren we/,
    accept: "Analytisch accepteren",
    necessaryOnly: "Alleen noodzakelijk",
    settings: "Cookie-instellingen",
    save: "Voorkeuren opslaan",
    analytics: "Analytisch",
    marketing: "Marketing",
    id: "Consent-ID",
    version: "Beleidsversie",
    held: /Deze inhoud komt van youtube-nocookie\.com, dat marketingcookies kan plaatsen/,
    once: "Eén keer laden",
    acceptMarketing: "Marketing accepteren",
  },
  en: {
    region: "Cookies on this website",
    gpc: /Your browser sends a Global Privacy Control signal, and we respect it/,
    accept: "Accept analytics",
    necessaryOnly: "Only necessary",
    settings: "Cookie settings",
    save: "Save preferences",
    analytics: "Analytics",
    marketing: "Marketing",
    id: "Consent ID",
    version: "Policy version",
    held: /provided by youtube-nocookie\.com, which may set marketing cookies/,
    once: "Load this once",
    acceptMarketing: "Accept marketing",
  },
} as const;
type Locale = keyof typeof TEXT;

function mountBanner(locale: Locale, attributes = "", page = "") {
  document.body.innerHTML = `${page}<agency-cookie-banner locale="${locale}" api-base="${API}" ${attributes}></agency-cookie-banner>`;
  const el = document.body.querySelector("agency-cookie-banner") as HTMLElement;
  return { el, view: within(el.shadowRoot as unknown as HTMLElement) };
}
type View = ReturnType<typeof mountBanner>["view"];

async function bannerAppears(view: View, locale: Locale) {
  await vi.waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0));
  await vi.advanceTimersByTimeAsync(BANNER_DELAY_MS);
  return waitFor(() => view.getByRole("region", { name: TEXT[locale].region }));
}

// A page of another origin than the agency's API: the banner keeps its decision under the elements' own key.
const KEY = `agency.${CONSENT_STORAGE_KEY}`;
const stored = () => JSON.parse(localStorage.getItem(KEY) ?? "null") as Record<string, unknown> | null;
const ID = "1b4e28ba-2fa1-41d2-883f-0016d3cca427";
function storeDecision(record: Record<string, unknown>) {
  localStorage.setItem(
    KEY,
    JSON.stringify({ necessary: true, analytics: true, marketing: true, timestamp: new Date().toISOString(), version: CONSENT_VERSION, id: ID, ...record }),
  );
}
const cookieNames = () => document.cookie.split(";").map((c) => c.split("=")[0]!.trim()).filter(Boolean).sort();

/** Cookies as Google Analytics, Google Ads and Meta set them (on the widest domain), plus two necessary ones. */
function setTrackingCookies() {
  document.cookie = "_ga=GA1.1.1; path=/; domain=example.com";
  document.cookie = "_ga_ABC123=GS1.1; path=/; domain=example.com";
  document.cookie = "_gid=GA1.2; path=/; domain=shop.example.com";
  document.cookie = "_gcl_au=1.1; path=/; domain=.example.com";
  document.cookie = "_fbp=fb.1; path=/";
  document.cookie = "session=keep; path=/";
  document.cookie = "lang=en; path=/; domain=example.com";
}

describe.each(["nl", "en"] as const)("Global Privacy Control (%s)", (locale) => {
  const text = TEXT[locale];

  it("says the signal is respected, keeps marketing off when accepting, and records the signal", async () => {
    setGpc(true);
    w.dataLayer = [];
    const { view } = mountBanner(locale);
    const region = await bannerAppears(view, locale);
    expect(within(region).getByText(text.gpc)).toBeInTheDocument();
    fireEvent.click(within(region).getByRole("button", { name: text.accept }));
    await waitFor(() => expect(recorded).toHaveLength(1));
    expect(stored()).toMatchObject({ analytics: true, marketing: false, gpc: true });
    expect(recorded[0]).toMatchObject({ analytics: true, marketing: false, gpc: true });
    // Google tags get the same: analytics granted, every advertising signal denied.
    const update = w.dataLayer.map((e) => Array.from(e as ArrayLike<unknown>)).find((c) => c[1] === "update");
    expect(update).toEqual(["consent", "update", { analytics_storage: "granted", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" }]);
  });

  it("leaves marketing unticked in the details, and lets the visitor tick it themselves", async () => {
    setGpc(true);
    const { view } = mountBanner(locale);
    await bannerAppears(view, locale);
    fireEvent.click(view.getByRole("button", { name: text.settings }));
    const marketing = await waitFor(() => view.getByRole("checkbox", { name: text.marketing }));
    expect(marketing).not.toBeChecked();
    fireEvent.click(marketing);
    fireEvent.click(view.getByRole("button", { name: text.save }));
    await waitFor(() => expect(recorded).toHaveLength(1));
    expect(recorded[0]).toMatchObject({ analytics: false, marketing: true, gpc: true });
    expect(window.AgencyWidgets!.getConsent!()).toMatchObject({ marketing: true });
  });
});

describe("Global Privacy Control and a decision stored before it", () => {
  it("counts marketing given without the signal as refused once the browser sends it; the visitor's own tick under it stands", async () => {
    storeDecision({ marketing: true });
    setGpc(true);
    expect(window.AgencyWidgets!.getConsent!()).toMatchObject({ analytics: true, marketing: false });
    storeDecision({ marketing: true, gpc: true });
    expect(window.AgencyWidgets!.getConsent!()).toMatchObject({ marketing: true });
  });

  it("without the signal: no notice, and 'Accept all' accepts marketing too", async () => {
    setGpc(false);
    const { view } = mountBanner("en");
    const region = await bannerAppears(view, "en");
    expect(within(region).queryByText(TEXT.en.gpc)).toBeNull();
    fireEvent.click(within(region).getByRole("button", { name: "Accept all" }));
    await waitFor(() => expect(recorded).toHaveLength(1));
    expect(recorded[0]).toMatchObject({ analytics: true, marketing: true });
    expect(recorded[0]).not.toHaveProperty("gpc");
  });
});

describe("cookies of refused categories", () => {
  it("'Only necessary' deletes Google Analytics, Google Ads and Meta cookies on the host and its parent domains, and leaves necessary ones", async () => {
    setTrackingCookies();
    expect(cookieNames()).toEqual(["_fbp", "_ga", "_ga_ABC123", "_gcl_au", "_gid", "lang", "session"]);
    const { view } = mountBanner("en");
    await bannerAppears(view, "en");
    fireEvent.click(view.getByRole("button", { name: TEXT.en.necessaryOnly }));
    await waitFor(() => expect(cookieNames()).toEqual(["lang", "session"]));
  });

  it("withdrawing analytics later deletes its cookies and keeps marketing's", async () => {
    storeDecision({ analytics: true, marketing: true });
    setTrackingCookies();
    const { view } = mountBanner("en");
    await vi.advanceTimersByTimeAsync(BANNER_DELAY_MS * 2);
    expect(cookieNames()).toContain("_ga");
    window.AgencyWidgets!.openCookieSettings!();
    fireEvent.click(await waitFor(() => view.getByRole("checkbox", { name: TEXT.en.analytics })));
    fireEvent.click(view.getByRole("button", { name: TEXT.en.save }));
    await waitFor(() => expect(cookieNames()).toEqual(["_fbp", "_gcl_au", "lang", "session"]));
  });

  it("deletes again at load what a tag set after a refusal", async () => {
    storeDecision({ analytics: false, marketing: false });
    setTrackingCookies();
    mountBanner("en");
    await waitFor(() => expect(cookieNames()).toEqual(["lang", "session"]));
  });

  it("takes the patterns of the attributes, else of AgencyWidgets.configure, and ignores a pattern that would match everything", async () => {
    document.cookie = "_pk_id.1=x; path=/; domain=example.com";
    document.cookie = "_uetsid=y; path=/";
    setTrackingCookies();
    configureAgency({ consentCookies: { marketing: ["_uetsid"] } });
    const { view } = mountBanner("en", 'analytics-cookies="_pk_* *"');
    await bannerAppears(view, "en");
    fireEvent.click(view.getByRole("button", { name: TEXT.en.necessaryOnly }));
    await waitFor(() => expect(cookieNames()).toEqual(["_fbp", "_ga", "_ga_ABC123", "_gcl_au", "_gid", "lang", "session"]));
  });
});

describe.each(["nl", "en"] as const)("consent proof and gated embeds (%s)", (locale) => {
  const text = TEXT[locale];

  it("shows the consent ID, the date and the policy version of the decision on record", async () => {
    storeDecision({ analytics: false, marketing: false, version: 3, timestamp: "2026-03-04T10:20:00.000Z" });
    const { view } = mountBanner(locale, 'policy-version="3"');
    window.AgencyWidgets!.openCookieSettings!();
    await waitFor(() => view.getByRole("checkbox", { name: text.analytics }));
    const proof = view.getAllByRole("term");
    expect(proof.map((t) => t.textContent)).toEqual([text.id, locale === "nl" ? "Datum" : "Date", text.version]);
    const values = view.getAllByRole("definition").map((d) => d.textContent);
    expect(values[0]).toBe(ID);
    expect(values[1]).toMatch(/2026/);
    expect(values[1]).toMatch(locale === "nl" ? /maart/ : /March/);
    expect(values[2]).toBe("3");
  });

  it("shows no proof before any decision", async () => {
    const { view } = mountBanner(locale);
    await bannerAppears(view, locale);
    fireEvent.click(view.getByRole("button", { name: text.settings }));
    await waitFor(() => view.getByRole("checkbox", { name: text.analytics }));
    expect(view.queryAllByRole("term")).toEqual([]);
  });

  it("holds an iframe until marketing is allowed, loads it once or for good, and unloads it when withdrawn", async () => {
    const address = "https://www.youtube-nocookie.com/embed/abc";
    const { view } = mountBanner(
      locale,
      "",
      `<iframe id="video" title="Our story" width="560" height="315" data-consent="marketing" data-src="${address}"></iframe>`,
    );
    const frame = document.getElementById("video") as HTMLIFrameElement;
    const placeholder = () => document.querySelector<HTMLElement>(`[${PLACEHOLDER_ATTRIBUTE}]`);
    const held = () => within(placeholder()!.shadowRoot as unknown as HTMLElement);
    await waitFor(() => expect(held().getByText(text.held)).toBeInTheDocument());
    expect(frame.hasAttribute("src")).toBe(false);
    expect(frame.hidden).toBe(true);
    expect(placeholder()!.nextElementSibling).toBe(frame);
    expect(placeholder()!.style.width).toBe("560px");
    expect(held().getByRole("group", { name: "Our story" })).toHaveAttribute("lang", locale);

    fireEvent.click(held().getByRole("button", { name: text.once }));
    await waitFor(() => expect(frame.getAttribute("src")).toBe(address));
    expect(placeholder()).toBeNull();
    expect(stored()).toBeNull();

    // A decision that refuses marketing unloads what was loaded once.
    await bannerAppears(view, locale);
    fireEvent.click(view.getByRole("button", { name: text.necessaryOnly }));
    await waitFor(() => expect(frame.getAttribute("src")).toBe("about:blank"));
    expect(frame.hidden).toBe(true);

    fireEvent.click(await waitFor(() => held().getByRole("button", { name: text.acceptMarketing })));
    await waitFor(() => expect(frame.getAttribute("src")).toBe(address));
    expect(stored()).toMatchObject({ analytics: false, marketing: true });
    await waitFor(() => expect(recorded.at(-1)).toMatchObject({ analytics: false, marketing: true }));

    window.AgencyWidgets!.openCookieSettings!();
    fireEvent.click(await waitFor(() => view.getByRole("checkbox", { name: text.marketing })));
    fireEvent.click(view.getByRole("button", { name: text.save }));
    await waitFor(() => expect(frame.getAttribute("src")).toBe("about:blank"));
    expect(placeholder()).not.toBeNull();
  });
});
