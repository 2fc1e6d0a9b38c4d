import { readFileSync } from "node:fs";
import { waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { vscodeCustomData, webTypes } from "../../scripts/api/editor-data";
import { buildManifest } from "../../scripts/api/manifest";
import { README_PATH, readmeTable, readmeWithTable } from "../../scripts/build-api";
import { attributeName } from "../element/element-meta";
import { publishedElements } from "../published-elements";

const TAGS = ["agency-quote-form", "agency-pricing", "agency-login", "agency-subscribe", "agency-settings", "agency-cookie-banner"];

interface Declaration {
  tagName: string;
  attributes: Array<{ name: string; type: { text: string }; default?: string }>;
  members: Array<{ name: string; attribute: string; reflects: boolean }>;
  events: Array<{ name: string; type: { text: string }; cancelable: boolean }>;
  cssParts: Array<{ name: string }>;
  cssProperties: Array<{ name: string; default: string; description: string }>;
}

// What partners rely on: a change here is a breaking change and must be deliberate.
describe("the element bundle's public surface", () => {
  it("register.ts defines all six elements and window.AgencyWidgets", async () => {
    await import("../register");
    for (const tag of TAGS) expect(customElements.get(tag), tag).toBeDefined();
    expect(Object.keys(window.AgencyWidgets ?? {}).sort()).toMatchInlineSnapshot(`
      [
        "configure",
        "getConsent",
        "getSettings",
        "openCookieSettings",
        "version",
      ]
    `);
  });

  it("AgencyWidgets.version is the package's exact version", async () => {
    await import("../register");
    const { version } = JSON.parse(readFileSync(`${import.meta.dirname}/../../package.json`, "utf8")) as { version: string };
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(window.AgencyWidgets?.version).toBe(version);
  });

  it("importing it twice is harmless", async () => {
    await import("../register");
    await expect(import("../register?again" as string)).resolves.toBeDefined();
  });

  it("every published element has each declared attribute as a reflecting property", async () => {
    await import("../register");
    expect(publishedElements.map(({ meta }) => meta.tag)).toEqual(TAGS);
    for (const { meta } of publishedElements) {
      const el = document.createElement(meta.tag) as unknown as Record<string, unknown> & HTMLElement;
      for (const [property, attribute] of Object.entries(meta.attributes)) {
        expect(property in el, `${meta.tag}.${property}`).toBe(true);
        const value = attribute.type === "boolean" ? true : attribute.values ? attribute.values.at(-1) : attribute.type === "number" ? 2 : "x";
        el[property] = value;
        expect(el.getAttribute(attributeName(property)), `${meta.tag}.${property} reflects`).toBe(attribute.type === "boolean" ? "" : String(value));
        expect(el[property]).toBe(value);
      }
    }
  });

  it("custom-elements.json lists every element's attributes, properties, events, parts and custom properties", async () => {
    const manifest = buildManifest(publishedElements) as { modules: Array<{ path: string; declarations: Declaration[] }> };
    const declared = manifest.modules.flatMap((m) => m.declarations);
    expect(declared.map((d) => d.tagName)).toEqual(TAGS);
    expect(manifest.modules.map((m) => m.path)).toEqual(TAGS.map((tag) => `dist/${tag}.js`));
    for (const d of declared) {
      expect(d.attributes.map((a) => a.name)).toEqual(expect.arrayContaining(["locale", "api-base"]));
      expect(d.members.every((m) => m.reflects)).toBe(true);
      expect(d.cssProperties.map((p) => p.name)).toEqual(expect.arrayContaining(["--agency-color-primary", "--agency-font"]));
      expect(d.cssProperties.every((p) => p.default && p.description)).toBe(true);
      expect(d.cssParts.length).toBeGreaterThan(0);
    }
    const pricing = declared.find((d) => d.tagName === "agency-pricing")!;
    expect(pricing.attributes.find((a) => a.name === "show-included")).toMatchObject({ type: { text: "boolean" }, default: "false" });
    expect(pricing.events).toEqual([
      expect.objectContaining({ name: "agency-package-select", type: { text: "CustomEvent<AgencyPackageSelectDetail>" }, cancelable: true }),
      expect.objectContaining({ name: "agency-navigate", type: { text: "CustomEvent<AgencyNavigateDetail>" }, cancelable: true }),
    ]);
    const login = declared.find((d) => d.tagName === "agency-login")!;
    expect(login.attributes.find((a) => a.name === "view")).toMatchObject({ type: { text: '"login" | "register" | "forgot"' }, default: "login" });
    // Only navigation, the package choice and opening the billing portal mean something when cancelled.
    const cancelable = declared.flatMap((d) => d.events.filter((e) => e.cancelable).map((e) => e.name));
    expect(new Set(cancelable)).toEqual(new Set(["agency-navigate", "agency-package-select", "agency-billing-portal"]));
    // Every part the components render is declared: 69 across the six elements.
    expect(declared.reduce((n, d) => n + d.cssParts.length, 0)).toBe(69);
    const quote = declared.find((d) => d.tagName === "agency-quote-form")!;
    expect(quote.cssProperties.find((p) => p.name === "--agency-form-max-width")).toMatchObject({ default: "48rem" });
  });

  it("the element table of packages/widgets/README.md is what the build makes", () => {
    const readme = readFileSync(README_PATH, "utf8");
    expect(readme, "the element table of packages/widgets/README.md is stale: run `npm run api -w @agency/widgets`").toBe(readmeWithTable(readme, readmeTable()));
  });

  it("the manifest names each element's interface and each event's detail type as src/public-api.ts and src/events.ts declare them", () => {
    const declared = buildManifest(publishedElements).modules.flatMap((m) => m.declarations);
    expect(declared.map((d) => d.name)).toEqual([
      "AgencyQuoteFormElement",
      "AgencyPricingElement",
      "AgencyLoginElement",
      "AgencySubscribeElement",
      "AgencySettingsElement",
      "AgencyCookieBannerElement",
    ]);
    expect(Object.fromEntries(declared.flatMap((d) => d.events.map((e) => [e.name, e.type.text])))).toEqual({
      "agency-quote-submitted": "CustomEvent<AgencyQuoteRequest>",
      "agency-quote-failed": "CustomEvent<AgencyQuoteFailedDetail>",
      "agency-package-select": "CustomEvent<AgencyPackageSelectDetail>",
      "agency-navigate": "CustomEvent<AgencyNavigateDetail>",
      "agency-login-success": "CustomEvent<AgencyUser>",
      "agency-register-success": "CustomEvent<AgencyUser>",
      "agency-subscription-success": "CustomEvent<AgencySubscriptionSuccessDetail>",
      "agency-subscription-cancel": "CustomEvent<AgencySubscriptionChangeDetail>",
      "agency-subscription-resume": "CustomEvent<AgencySubscriptionChangeDetail>",
      "agency-billing-portal": "CustomEvent<AgencyBillingPortalDetail>",
      "agency-profile-change": "CustomEvent<AgencyProfileChangeDetail>",
      "agency-email-change-request": "CustomEvent<AgencyEmailChangeRequestDetail>",
      "agency-password-change": "CustomEvent<AgencyPasswordChangeDetail>",
      "agency-sessions-revoke": "CustomEvent<AgencySessionsRevokeDetail>",
      "agency-account-delete": "CustomEvent<AgencyAccountDeleteDetail>",
      "agency-two-factor-change": "CustomEvent<AgencyTwoFactorChangeDetail>",
      "agency-passkey-add": "CustomEvent<AgencyPasskeyChangeDetail>",
      "agency-passkey-remove": "CustomEvent<AgencyPasskeyChangeDetail>",
      "agency-team-change": "CustomEvent<AgencyTeamChangeDetail>",
      "agency-invitation-accept": "CustomEvent<AgencyTeamChangeDetail>",
      "agency-consent-change": "CustomEvent<AgencyConsentRecord>",
    });
    expect(declared.every((d) => d.description && d.attributes.every((a) => a.description) && d.events.every((e) => e.description))).toBe(true);
  });

  it("the editors' data (VS Code, JetBrains) carries every element, attribute, value and default of the manifest", () => {
    const manifest = buildManifest(publishedElements);
    const vscode = vscodeCustomData(manifest) as { tags: Array<{ name: string; attributes: Array<{ name: string; description: string; values?: Array<{ name: string }>; valueSet?: string }> }> };
    expect(vscode.tags.map((t) => t.name)).toEqual(TAGS);
    const view = vscode.tags.find((t) => t.name === "agency-login")!.attributes.find((a) => a.name === "view")!;
    expect(view.values).toEqual([{ name: "login" }, { name: "register" }, { name: "forgot" }]);
    expect(view.description).toMatch(/Default: login\.$/);
    expect(vscode.tags.find((t) => t.name === "agency-pricing")!.attributes.find((a) => a.name === "show-included")).toMatchObject({ valueSet: "v" });

    const jetbrains = webTypes(manifest, { name: "@agency/widgets", version: "1.0.0" }) as {
      name: string;
      contributions: { html: { elements: Array<{ name: string; attributes: Array<{ name: string }>; events: Array<{ name: string }>; css: { parts: unknown[] } }> } };
    };
    expect(jetbrains.name).toBe("@agency/widgets");
    const elements = jetbrains.contributions.html.elements;
    expect(elements.map((e) => e.name)).toEqual(TAGS);
    for (const [i, d] of manifest.modules.flatMap((m) => m.declarations).entries()) {
      expect(elements[i]!.attributes.map((a) => a.name)).toEqual(d.attributes.map((a) => a.name));
      expect(elements[i]!.events.map((e) => e.name)).toEqual(d.events.map((e) => e.name));
      expect(elements[i]!.css.parts).toEqual(d.cssParts);
    }
  });

  it("every declared element renders when created", async () => {
    await import("../register");
    const el = document.createElement("agency-pricing");
    el.setAttribute("locale", "en");
    document.body.append(el);
    await waitFor(() => expect(el.shadowRoot?.textContent).toContain("Starter"));
    el.remove();
  });
});
