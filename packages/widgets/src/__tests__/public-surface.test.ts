import { waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import manifest from "../../custom-elements.json";

// What partners rely on: a change here is a breaking change and must be deliberate.
describe("the element bundle's public surface", () => {
  it("register.ts defines all six elements and window.AgencyWidgets", async () => {
    await import("../register");
    const tags = ["agency-quote-form", "agency-pricing", "agency-login", "agency-subscribe", "agency-settings", "agency-cookie-banner"];
    for (const tag of tags) expect(customElements.get(tag), tag).toBeDefined();
    expect(Object.keys(window.AgencyWidgets ?? {}).sort()).toMatchInlineSnapshot(`
      [
        "configure",
        "getConsent",
        "getSettings",
        "openCookieSettings",
      ]
    `);
  });

  it("importing it twice is harmless", async () => {
    await import("../register");
    await expect(import("../register?again" as string)).resolves.toBeDefined();
  });

  it("custom-elements.json describes every element and its attributes", async () => {
    type Declaration = { tagName: string; attributes: Array<{ name: string }> };
    const declared = manifest.modules.flatMap((m) => m.declarations as Declaration[]);
    expect(declared.map((d) => d.tagName)).toEqual([
      "agency-quote-form",
      "agency-pricing",
      "agency-login",
      "agency-subscribe",
      "agency-settings",
      "agency-cookie-banner",
    ]);
    // Every element takes the shared attributes.
    for (const d of declared) expect(d.attributes.map((a) => a.name)).toEqual(expect.arrayContaining(["locale", "api-base"]));
    // Every declared element renders when created.
    const el = document.createElement("agency-pricing");
    el.setAttribute("locale", "en");
    document.body.append(el);
    await waitFor(() => expect(el.shadowRoot?.textContent).toContain("Starter"));
    el.remove();
  });
});
