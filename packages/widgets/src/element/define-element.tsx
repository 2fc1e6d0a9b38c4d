import { DEFAULT_LOCALE, withLinkLanguage } from "@agency/contract";
import { createI18nFor, getApiClient, navigation, resolveSettings, subscribeSettings } from "@agency/core";
import { adoptStyles, ErrorBoundary, uiCss, uiElementCatalog, useThemeStyles } from "@agency/ui";
import r2wc from "@r2wc/react-to-web-component";
import { I18nProvider } from "@lingui/react";
import { startTransition, useEffect, useLayoutEffect, useMemo, useReducer, useState, useSyncExternalStore, type ComponentType } from "react";
import { readAttribute, writeAttribute, type AttributeValue } from "./attributes";
import { ElementContext, type ElementApi } from "./element-context";
import { attributeName, type ElementMeta } from "./element-meta";
import { installGlobal } from "./global";
import { messagesOf, type ElementCatalog } from "./element-messages";
import { nearestLanguage, subscribePageLanguage } from "./page-language";
import type { AgencyNavigateDetail } from "../events";

export interface ElementDefinition<P extends object> {
  /** The element's public API (its `<name>.meta.ts`); every prop of the component is one of its attributes. */
  meta: ElementMeta<Extract<keyof P, string>>;
  /** A plain React component; it reaches the element through useElement(). */
  component: ComponentType<P>;
  /**
   * The element's Lingui catalog (nl, and en at hand or as `() => import("./locales/en.po")`), or several merged in
   * order (e.g. the form kit's `formCatalog`, then the element's own); the ui primitives' catalog is added
   * automatically.
   */
  catalog: ElementCatalog | ElementCatalog[];
  /**
   * The element's CSS text (import it with ?inline), or several (e.g. the form kit's `formCss`, then its own);
   * adopted into the shadow root after the shared sheet. Each text is one sheet, shared by every element using it.
   */
  css?: string | string[];
}

type Values = Record<string, AttributeValue>;

/** What the React tree inside an element reads from it: its attribute values, and word when they change. */
interface ElementState {
  subscribe: (onChange: () => void) => () => void;
  values: () => Values;
  /** The element shows its content: its custom state `loading` ends (see agency-widgets.css). */
  rendered: () => void;
}

const states = new WeakMap<Element, ElementState>();

function toHref(to: string, basePath: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(to) || to.startsWith("//")) return to;
  return to.startsWith("/") ? `${basePath}${to.slice(1)}` : to;
}

/** r2wc's element class, as far as its public surface goes: a custom element with the standard callbacks. */
type R2wcElementClass = new () => HTMLElement & { connectedCallback(): void; disconnectedCallback(): void };

/** The element's internals, where the browser has them (custom states; not in every test DOM). */
function attachInternals(element: HTMLElement): ElementInternals | null {
  try {
    return element.attachInternals();
  } catch {
    return null;
  }
}

/**
 * Sets or clears a custom state (`:state(loading)`): until its content is there, an element keeps the room that
 * agency-widgets.css reserves for it before it is defined, so the page does not move between the two.
 */
function setState(internals: ElementInternals | null, name: string, on: boolean): void {
  try {
    if (on) internals?.states.add(name);
    else internals?.states.delete(name);
  } catch {
    // A browser without custom states: the reserved room ends when the element is defined.
  }
}

/** Rendered after the element's component, in the same commit: the element's content is on screen from here. */
function Rendered({ state }: { state: ElementState }) {
  useLayoutEffect(() => state.rendered(), [state]);
  return null;
}

/**
 * Turns a React component into an `agency-*` custom element (see packages/widgets/README.md).
 *
 * r2wc is the mechanism, used through its public API only: `r2wc(Component, { shadow: "open" })` gives a class
 * that attaches the open shadow root, mounts a React root in it when the element is connected (handing the
 * component that root as `container`) and unmounts it when disconnected. It is given no props, because its
 * attribute handling is not what an HTML author expects (a bare boolean attribute reads as false,
 * `="false"` as false, a removed attribute is ignored, every change renders on its own). The subclass below
 * owns attributes and properties instead: it observes the attributes declared in the element's meta, reflects
 * each as a property, and the React tree reads them through useSyncExternalStore, so React batches several
 * changes into one render. Nothing here touches r2wc's internal symbols, so an r2wc update cannot silently
 * break it; the factory's tests cover what is used (shadow root, mount on connect, unmount on disconnect).
 */
export function defineElement<P extends object>(definition: ElementDefinition<P>): CustomElementConstructor {
  installGlobal();
  const { meta } = definition;
  const existing = customElements.get(meta.tag);
  // A second copy of the bundle (or a per-element entry after the full one) must not throw.
  if (existing) return existing;

  const Component = definition.component as ComponentType<Record<string, unknown>>;
  const styles = [uiCss, ...[definition.css ?? []].flat()];
  const messagesFor = messagesOf([uiElementCatalog, ...[definition.catalog].flat()], DEFAULT_LOCALE);
  const attributes = Object.entries(meta.attributes).map(([property, attribute]) => ({
    property,
    name: attributeName(property),
    attribute,
  }));
  const readAll = (element: Element): Values =>
    Object.fromEntries(attributes.map((a) => [a.property, readAttribute(a.attribute, element.getAttribute(a.name))]));

  function ElementRoot({ container }: { container?: HTMLElement }) {
    const host = (container as unknown as ShadowRoot).host as HTMLElement;
    const state = states.get(host)!;
    const { locale, apiBase, theme, ...props } = useSyncExternalStore(state.subscribe, state.values);
    // Re-render when the page calls AgencyWidgets.configure() or changes a `lang` attribute.
    const [settingsVersion, bump] = useReducer((n: number) => n + 1, 0);
    useEffect(() => subscribeSettings(bump), []);
    useEffect(() => subscribePageLanguage(bump), []);

    const settings = useMemo(
      () =>
        resolveSettings({
          locale: locale as string | undefined,
          apiBase: apiBase as string | undefined,
          theme: theme as string | undefined,
          pageLanguage: nearestLanguage(host),
        }),
      // settingsVersion stands for what resolveSettings reads from the page: its settings and its `lang`.
      // oxlint-disable-next-line react-hooks/exhaustive-deps
      [locale, apiBase, theme, settingsVersion],
    );
    // The theme's colours: the element shows nothing until the dark tokens it needs are here.
    const themed = useThemeStyles(container as unknown as ShadowRoot, settings.theme, styles);
    // The first render commits nothing; the element's own tree renders as a transition, which yields to the
    // browser every few milliseconds, so a large element (the quote form) does not hold the page's main thread.
    const [started, start] = useState(false);
    useEffect(() => startTransition(() => start(true)), []);
    // English texts that are still on their way: the element renders once they are here.
    const messages = messagesFor(settings.locale);
    const [, arrived] = useReducer((n: number) => n + 1, 0);
    useEffect(() => {
      if (!(messages instanceof Promise)) return;
      let current = true;
      void messages.then(() => current && arrived());
      return () => {
        current = false;
      };
    }, [messages]);
    const i18n = useMemo(
      () => (messages instanceof Promise ? null : createI18nFor(settings.locale, messages)),
      [settings.locale, messages],
    );

    const value = useMemo<ElementApi>(() => {
      // A link to an English page says so (`?lang=en`): opened in a new tab or from a partner's page it stays English.
      const hrefFor = (to: string) => withLinkLanguage(toHref(to, settings.basePath), settings.locale);
      const emit: ElementApi["emit"] = (name, detail) => {
        const event = meta.events[name];
        // The manifest and the types list what an element sends; an event missing there is a bug here.
        if (!event) throw new Error(`${meta.tag} dispatches ${name}, which its meta does not declare`);
        return host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: event.cancelable }));
      };
      return {
        host,
        settings,
        api: getApiClient(settings),
        emit,
        hrefFor,
        navigate: (to) => {
          const detail: AgencyNavigateDetail = { to, href: hrefFor(to), source: meta.tag };
          if (emit("agency-navigate", detail)) navigation.assign(detail.href);
        },
      };
    }, [host, settings]);

    if (!i18n || !started || !themed) return null;
    return (
      <I18nProvider i18n={i18n}>
        <ElementContext.Provider value={value}>
          <ErrorBoundary>
            <Component {...props} />
            <Rendered state={state} />
          </ErrorBoundary>
        </ElementContext.Provider>
      </I18nProvider>
    );
  }

  const Base = r2wc(ElementRoot, { shadow: "open" }) as unknown as R2wcElementClass;

  class AgencyElement extends Base {
    static get observedAttributes(): string[] {
      return attributes.map((a) => a.name);
    }

    #values: Values | null = null;
    readonly #listeners = new Set<() => void>();
    readonly #internals = attachInternals(this);

    constructor() {
      super();
      adoptStyles(this.shadowRoot!, styles);
      setState(this.#internals, "loading", true);
      states.set(this, {
        rendered: () => setState(this.#internals, "loading", false),
        subscribe: (onChange) => {
          this.#listeners.add(onChange);
          return () => this.#listeners.delete(onChange);
        },
        values: () => (this.#values ??= readAll(this)),
      });
    }

    override connectedCallback(): void {
      // A property set before the element was defined (a framework may do that) is an own property of the
      // instance and hides the accessor: pass it through the accessor now.
      const self = this as unknown as Record<string, unknown>;
      for (const { property } of attributes) {
        if (!Object.hasOwn(this, property)) continue;
        const value = self[property];
        delete self[property];
        self[property] = value;
      }
      super.connectedCallback();
    }

    attributeChangedCallback(): void {
      const next = readAll(this);
      if (this.#values && attributes.every((a) => Object.is(this.#values![a.property], next[a.property]))) return;
      this.#values = next;
      for (const onChange of this.#listeners) onChange();
    }
  }

  // Every attribute is also a property that reflects it: reading parses the attribute (with the meta's
  // default), writing sets or removes it, and the element re-renders from the attribute.
  for (const { property, name, attribute } of attributes) {
    Object.defineProperty(AgencyElement.prototype, property, {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement) {
        return readAttribute(attribute, this.getAttribute(name));
      },
      set(this: HTMLElement, value: unknown) {
        const text = writeAttribute(attribute, value);
        if (text === null) this.removeAttribute(name);
        else this.setAttribute(name, text);
      },
    });
  }

  customElements.define(meta.tag, AgencyElement);
  return AgencyElement;
}
