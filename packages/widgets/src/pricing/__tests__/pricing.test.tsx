import { configure, navigation } from "@agency/core";
import { fireEvent, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderElement, setupApi, type ShadowView } from "../../__tests__/element-kit";
import "../pricing.element";

setupApi();
afterEach(() => {
  delete (window as unknown as Record<string, unknown>).__agencyWidgetsSettings__;
});

const mountPricing = (attributes: string) =>
  renderElement("agency-pricing", attributes, (view) => expect(view.getAllByRole("heading", { level: 3 }).length).toBeGreaterThanOrEqual(3));

const card = (view: ShadowView, name: string) =>
  view.getByRole("heading", { level: 3, name }).closest("li") as HTMLElement;

const EXPECTED = {
  nl: {
    cta: "Begin Nu",
    href: "/contact",
    link: "/contact",
    currency: "EUR",
    perMonth: "per maand",
    packages: {
      Starter: ["€ 499", "€ 65", ["Tot 5 pagina's", "Blog", "Contactformulier", "Mobielvriendelijk", "Basis SEO", "Maandelijks onderhoud"]],
      Professional: [
        "€ 999",
        "€ 129",
        ["6-10 pagina's", "1 maatwerkfunctie naar keuze", "Meertalig", "Geavanceerde SEO", "Snelheidsoptimalisatie", "Voorrang bij support"],
      ],
      Enterprise: [
        "€ 1.999",
        "€ 259",
        [
          "Onbeperkt aantal pagina's",
          "Meertalig",
          "Betaalsysteem en webshop",
          "Maatwerk ontwikkeling",
          "4 uur content-updates per maand",
          "Vaste accountmanager",
        ],
      ],
    },
  },
  en: {
    cta: "Get Started",
    href: "/en/contact",
    // The link says its language: opened in a new tab or from a partner's page it stays English.
    link: "/en/contact?lang=en",
    currency: "USD",
    perMonth: "per month",
    packages: {
      Starter: ["$599", "$69", ["Up to 5 pages", "Blog", "Contact form", "Mobile responsive", "Basic SEO", "Monthly maintenance"]],
      Professional: [
        "$1,199",
        "$129",
        ["6-10 pages", "1 custom feature of choice", "Multi-language", "Advanced SEO", "Speed optimisation", "Priority support"],
      ],
      Enterprise: [
        "$2,400",
        "$259",
        [
          "Unlimited pages",
          "Multi-language",
          "Payment system and webshop",
          "Custom development",
          "4 hours content updates per month",
          "Dedicated account manager",
        ],
      ],
    },
  },
} as const;

describe.each(["nl", "en"] as const)("agency-pricing (%s)", (locale) => {
  const expected = EXPECTED[locale];

  it("shows the three packages with the spec's fees in the locale's currency and their feature lists", async () => {
    const { view } = await mountPricing(`locale="${locale}"`);
    for (const [name, [startup, monthly, features]] of Object.entries(expected.packages)) {
      const box = card(view, name);
      expect(box.querySelector(".package__amount")).toHaveTextContent(new RegExp(`^${startup.replace(/[$.]/g, "\\$&")}$`));
      expect(box).toHaveTextContent(`+ ${monthly} ${expected.perMonth}`);
      expect(within(box).getAllByRole("listitem").map((li) => li.textContent)).toEqual(features);
    }
  });

  it("highlights Professional as the recommended package", async () => {
    const { view } = await mountPricing(`locale="${locale}"`);
    const badge = locale === "nl" ? "Aanbevolen" : "Recommended";
    expect(card(view, "Professional")).toHaveTextContent(badge);
    expect(card(view, "Professional")).toHaveClass("package--recommended");
    expect(card(view, "Starter")).not.toHaveTextContent(badge);
    expect(card(view, "Enterprise")).not.toHaveTextContent(badge);
  });

  it("links every button to the contact page of the locale", async () => {
    const { view } = await mountPricing(`locale="${locale}"`);
    const links = view.getAllByRole("link", { name: expected.cta });
    expect(links).toHaveLength(3);
    for (const link of links) expect(link).toHaveAttribute("href", expected.link);
    expect(links[1]).toHaveAccessibleDescription("Professional");
  });

  it("emits agency-package-select, then navigates through agency-navigate", async () => {
    const assign = vi.spyOn(navigation, "assign").mockImplementation(() => {});
    const { view } = await mountPricing(`locale="${locale}"`);
    const seen: [string, unknown][] = [];
    const record = (e: Event) => seen.push([e.type, (e as CustomEvent).detail]);
    document.addEventListener("agency-package-select", record);
    document.addEventListener("agency-navigate", record);
    fireEvent.click(view.getAllByRole("link", { name: expected.cta })[2]!);
    document.removeEventListener("agency-package-select", record);
    document.removeEventListener("agency-navigate", record);

    const [startupFee, monthlyFee] = locale === "nl" ? [1999, 259] : [2400, 259];
    expect(seen).toEqual([
      ["agency-package-select", { id: "enterprise", name: "Enterprise", startupFee, monthlyFee, currency: expected.currency }],
      ["agency-navigate", { to: expected.href, href: expected.link, source: "agency-pricing" }],
    ]);
    expect(assign).toHaveBeenCalledWith(expected.link);
  });

  it("lets the page route itself, or keep the visitor in place by cancelling the selection", async () => {
    const assign = vi.spyOn(navigation, "assign").mockImplementation(() => {});
    const { view } = await mountPricing(`locale="${locale}"`);
    const routeItself = (e: Event) => e.preventDefault();
    document.addEventListener("agency-navigate", routeItself);
    fireEvent.click(view.getAllByRole("link", { name: expected.cta })[0]!);
    document.removeEventListener("agency-navigate", routeItself);
    expect(assign).not.toHaveBeenCalled();

    const navigated = vi.fn();
    const keep = (e: Event) => e.preventDefault();
    document.addEventListener("agency-package-select", keep);
    document.addEventListener("agency-navigate", navigated);
    fireEvent.click(view.getAllByRole("link", { name: expected.cta })[0]!);
    document.removeEventListener("agency-package-select", keep);
    document.removeEventListener("agency-navigate", navigated);
    expect(navigated).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it("follows contact-href and the site's base path", async () => {
    const { view } = await mountPricing(`locale="${locale}" contact-href="https://client.example/offerte"`);
    for (const link of view.getAllByRole("link", { name: expected.cta })) {
      expect(link).toHaveAttribute("href", "https://client.example/offerte");
    }
    document.body.innerHTML = "";
    configure({ basePath: "/preview/a/b/" });
    const preview = await mountPricing(`locale="${locale}"`);
    expect(preview.view.getAllByRole("link", { name: expected.cta })[0]).toHaveAttribute(
      "href",
      `/preview/a/b${expected.link}`,
    );
  });

  it("shows the 'What's Included' block only when show-included is set", async () => {
    const title = locale === "nl" ? "Wat is inbegrepen" : "What's Included";
    const { view } = await mountPricing(`locale="${locale}"`);
    expect(view.queryByRole("heading", { name: title })).toBeNull();

    const withBlock = await mountPricing(`locale="${locale}" show-included`);
    const heading = await withBlock.view.findByRole("heading", { level: 3, name: title });
    const block = heading.closest("section") as HTMLElement;
    expect(within(block).getAllByRole("heading", { level: 4 })).toHaveLength(3);
    expect(block).toHaveTextContent(locale === "nl" ? "99,9% uptime" : "99.9% uptime");
  });
});
