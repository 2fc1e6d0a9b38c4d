import { configure, navigation } from "@agency/core";
import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useEffect } from "react";
import { AgencyDemo } from "../../demo/demo.element";
import { demoMeta } from "../../demo/demo.meta";
import { defineElement } from "../define-element";
import { commonAttributes, type AttributeMeta, type ElementMeta } from "../element-meta";

/** A meta for an element made up by a test. */
function testMeta(tag: `agency-${string}`, attributes: Record<string, AttributeMeta>): ElementMeta {
  return { tag, attributes: { ...commonAttributes, ...attributes }, events: {} };
}

function mount(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body.firstElementChild as HTMLElement;
}

const shadowText = (el: HTMLElement) => el.shadowRoot?.textContent ?? "";

afterEach(() => {
  document.body.innerHTML = "";
  document.documentElement.removeAttribute("lang");
  delete (window as unknown as Record<string, unknown>).__agencyWidgetsSettings__;
  vi.restoreAllMocks();
});

describe("defineElement", () => {
  it("renders the component in an open shadow root, Dutch by default", async () => {
    const el = mount(`<agency-demo name="Ann"></agency-demo>`);
    await waitFor(() => expect(shadowText(el)).toContain("Hallo, Ann!"));
    expect(el.shadowRoot?.mode).toBe("open");
    // Nothing leaks into the light DOM.
    expect(el.children).toHaveLength(0);
  });

  it("puts the shared and the element CSS inside the shadow root", async () => {
    const el = mount(`<agency-demo></agency-demo>`);
    const root = el.shadowRoot!;
    const css =
      root.adoptedStyleSheets?.length > 0
        ? root.adoptedStyleSheets.flatMap((s) => Array.from(s.cssRules, (r) => r.cssText)).join("\n")
        : (root.querySelector("style[data-agency-styles]")?.textContent ?? "");
    expect(css).toContain(".demo__greeting");
    expect(css).toContain("--agency-color-primary");
    expect(document.head.querySelector("style")).toBeNull();
  });

  describe("themes", () => {
    /** The shadow root's CSS: jsdom adopts no sheets, so it is one <style>, in the order the sheets would be adopted. */
    const css = (el: HTMLElement) => el.shadowRoot?.querySelector("style[data-agency-styles]")?.textContent ?? "";
    const darkAt = (el: HTMLElement) => css(el).indexOf("--agency-color-surface: #1f2937");
    // The visitor's colour scheme, as matchMedia reports it (jsdom has none), with its change event.
    let prefersDark = false;
    const schemeListeners = new Set<() => void>();
    const setScheme = (dark: boolean) => {
      prefersDark = dark;
      for (const listener of schemeListeners) listener();
    };
    vi.stubGlobal("matchMedia", (query: string) => ({
      get matches() {
        return prefersDark && query.includes("dark");
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => schemeListeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => schemeListeners.delete(listener),
    }));

    it("is light without a theme: no dark tokens, none downloaded", async () => {
      const el = mount(`<agency-demo name="Ann"></agency-demo>`);
      await waitFor(() => expect(shadowText(el)).toContain("Hallo, Ann!"));
      expect(css(el)).toContain("color-scheme: light");
      expect(darkAt(el)).toBe(-1);
    });

    it("puts the dark tokens after the shared sheet and before the element's own, and shows nothing before they are there", async () => {
      const el = mount(`<agency-demo theme="dark" name="Ann"></agency-demo>`);
      // Where the dark tokens were when the content first showed.
      let atFirstShow: number | null = null;
      new MutationObserver(() => {
        if (atFirstShow === null && shadowText(el).includes("Hallo")) atFirstShow = darkAt(el);
      }).observe(el.shadowRoot!, { childList: true, subtree: true, characterData: true });
      await waitFor(() => expect(shadowText(el)).toContain("Hallo, Ann!"));
      expect(atFirstShow).toBeGreaterThan(0);
      expect(darkAt(el)).toBeGreaterThan(css(el).indexOf("--agency-color-surface: #ffffff"));
      expect(darkAt(el)).toBeLessThan(css(el).indexOf(".demo__greeting"));
      expect(css(el)).toContain("color-scheme: dark");
      // The attribute changes: the theme follows without a new element.
      el.setAttribute("theme", "light");
      await waitFor(() => expect(darkAt(el)).toBe(-1));
    });

    it("with auto, takes the dark tokens for a dark scheme only, and waits for them when the scheme is dark now", async () => {
      setScheme(true);
      const el = mount(`<agency-demo theme="auto" name="Ann"></agency-demo>`);
      await waitFor(() => expect(shadowText(el)).toContain("Hallo, Ann!"));
      expect(css(el)).toMatch(/@media \(prefers-color-scheme: dark\) \{[^]*--agency-color-surface: #1f2937/);
      setScheme(false);
    });

    it("takes the page's theme from configure(), and its own attribute over it", async () => {
      configure({ theme: "dark" });
      const configured = mount(`<div><agency-demo name="Ann"></agency-demo><agency-demo theme="light" name="Bo"></agency-demo></div>`);
      const [page, own] = configured.querySelectorAll<HTMLElement>("agency-demo");
      await waitFor(() => expect(shadowText(own!)).toContain("Hallo, Bo!"));
      await waitFor(() => expect(darkAt(page!)).toBeGreaterThan(0));
      expect(darkAt(own!)).toBe(-1);
      expect(() => configure({ theme: "sepia" as never })).toThrow(/theme must be "light", "dark" or "auto"/);
    });
  });

  it("follows the locale attribute, and re-renders when it changes", async () => {
    const el = mount(`<agency-demo locale="en" name="Ann"></agency-demo>`);
    await waitFor(() => expect(shadowText(el)).toContain("Hello, Ann!"));
    el.setAttribute("locale", "nl");
    await waitFor(() => expect(shadowText(el)).toContain("Hallo, Ann!"));
  });

  it("uses the page configuration unless an attribute overrides it", async () => {
    configure({ locale: "en", apiBase: "https://agency.example/api" });
    const configured = mount(`<agency-demo></agency-demo>`);
    await waitFor(() => expect(shadowText(configured)).toContain("Hello, visitor!"));
    expect(shadowText(configured)).toContain("API: https://agency.example/api");

    const overridden = mount(`<agency-demo locale="nl" api-base="http://other.test/api"></agency-demo>`);
    await waitFor(() => expect(shadowText(overridden)).toContain("Hallo, bezoeker!"));
    expect(shadowText(overridden)).toContain("API: http://other.test/api");

    configure({ locale: "nl" });
    const plain = mount(`<agency-demo></agency-demo>`);
    await waitFor(() => expect(shadowText(plain)).toContain("Hallo"));
    configure({ locale: "en" });
    await waitFor(() => expect(shadowText(plain)).toContain("Hello"));
  });

  it("without a locale takes the nearest lang attribute, follows it when it changes, and lets locale win", async () => {
    document.documentElement.setAttribute("lang", "en-GB");
    const page = mount(`<agency-demo name="Ann"></agency-demo>`);
    await waitFor(() => expect(shadowText(page)).toContain("Hello, Ann!"));
    document.documentElement.setAttribute("lang", "nl");
    await waitFor(() => expect(shadowText(page)).toContain("Hallo, Ann!"));

    // A section in English on a Dutch page, and an element inside another component's shadow root.
    const section = mount(`<section lang="en"><agency-demo name="Bo"></agency-demo><div id="shell"></div></section>`);
    const inSection = section.querySelector("agency-demo") as HTMLElement;
    await waitFor(() => expect(shadowText(inSection)).toContain("Hello, Bo!"));
    const shell = section.querySelector("#shell")!.attachShadow({ mode: "open" });
    shell.innerHTML = `<agency-demo name="Cy"></agency-demo>`;
    await waitFor(() => expect(shadowText(shell.firstElementChild as HTMLElement)).toContain("Hello, Cy!"));

    const explicit = mount(`<div lang="en"><agency-demo locale="nl" name="Di"></agency-demo></div>`).firstElementChild as HTMLElement;
    await waitFor(() => expect(shadowText(explicit)).toContain("Hallo, Di!"));
  });

  it("dispatches agency-* events that bubble out of the shadow root", async () => {
    const el = mount(`<div><agency-demo locale="en" name="Bo"></agency-demo></div>`).firstElementChild as HTMLElement;
    await waitFor(() => expect(el.shadowRoot?.querySelector("button")).toBeTruthy());
    const seen = vi.fn();
    document.addEventListener("agency-demo-click", (e) => seen((e as CustomEvent).detail, e.composed, e.bubbles));
    el.shadowRoot!.querySelector("button")!.click();
    expect(seen).toHaveBeenCalledWith({ name: "Bo" }, true, true);
  });

  it("follows a link itself when nobody cancels agency-navigate", async () => {
    const assign = vi.spyOn(navigation, "assign").mockImplementation(() => {});
    const el = mount(`<agency-demo locale="en"></agency-demo>`);
    await waitFor(() => expect(el.shadowRoot?.querySelector("a")).toBeTruthy());
    const link = el.shadowRoot!.querySelector("a")!;
    expect(link.getAttribute("href")).toBe("/register");
    let detail: unknown;
    document.addEventListener("agency-navigate", (e) => (detail = (e as CustomEvent).detail), { once: true });
    link.click();
    expect(detail).toEqual({ to: "/register", href: "/register", source: "agency-demo" });
    expect(assign).toHaveBeenCalledWith("/register");
  });

  it("leaves navigation to the page when it cancels agency-navigate", async () => {
    const assign = vi.spyOn(navigation, "assign").mockImplementation(() => {});
    configure({ basePath: "/preview/a/b/" });
    const el = mount(`<agency-demo></agency-demo>`);
    await waitFor(() => expect(el.shadowRoot?.querySelector("a")).toBeTruthy());
    expect(el.shadowRoot!.querySelector("a")!.getAttribute("href")).toBe("/preview/a/b/register");
    const handler = (e: Event) => e.preventDefault();
    document.addEventListener("agency-navigate", handler);
    el.shadowRoot!.querySelector("a")!.click();
    document.removeEventListener("agency-navigate", handler);
    expect(assign).not.toHaveBeenCalled();
  });

  it("renders once for several attribute changes made together", async () => {
    let renders = 0;
    defineElement<{ name?: string }>({
      meta: testMeta("agency-counter", { name: { type: "string" } }),
      component: ({ name }) => {
        renders += 1;
        return <p>{name}</p>;
      },
      catalog: { nl: {}, en: {} },
    });
    const el = document.createElement("agency-counter");
    el.setAttribute("locale", "en");
    el.setAttribute("name", "Ann");
    el.setAttribute("api-base", "http://api.test/api");
    document.body.append(el);
    await waitFor(() => expect(el.shadowRoot?.querySelector("p")?.textContent).toBe("Ann"));
    expect(renders).toBe(1);
    el.setAttribute("name", "Bo");
    el.setAttribute("locale", "nl");
    el.setAttribute("name", "Bo");
    await waitFor(() => expect(el.shadowRoot?.querySelector("p")?.textContent).toBe("Bo"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(renders).toBe(2);
  });

  it("unmounts its React tree when removed and mounts it again when put back", async () => {
    const mounted = vi.fn();
    const unmounted = vi.fn();
    function Lifecycle() {
      useEffect(() => {
        mounted();
        return unmounted;
      }, []);
      return <p>here</p>;
    }
    defineElement({ meta: testMeta("agency-lifecycle", {}), component: Lifecycle, catalog: { nl: {}, en: {} } });
    const el = mount(`<agency-lifecycle></agency-lifecycle>`);
    await waitFor(() => expect(mounted).toHaveBeenCalledTimes(1));
    el.remove();
    await waitFor(() => expect(unmounted).toHaveBeenCalledTimes(1));
    document.body.append(el);
    await waitFor(() => expect(mounted).toHaveBeenCalledTimes(2));
    expect(el.shadowRoot?.querySelector("p")?.textContent).toBe("here");
  });

  it("is harmless to define twice", () => {
    const again = defineElement({ meta: demoMeta, component: () => null, catalog: { nl: {}, en: {} } });
    expect(again).toBe(AgencyDemo);
    expect(customElements.get("agency-demo")).toBe(AgencyDemo);
  });

  it("exposes AgencyWidgets.configure on window", () => {
    expect(typeof window.AgencyWidgets?.configure).toBe("function");
  });

  it("shows the crash screen when the component fails to render", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    defineElement({
      meta: testMeta("agency-broken", {}),
      component: () => {
        throw new Error("boom");
      },
      catalog: { nl: {}, en: {} },
    });
    const el = mount(`<agency-broken locale="en"></agency-broken>`);
    await waitFor(() => expect(shadowText(el)).toContain("Oops! Something went wrong"));
  });
});
