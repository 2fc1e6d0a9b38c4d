import {
  createI18n,
  getApiClient,
  navigation,
  resolveSettings,
  subscribeSettings,
  type Catalog,
} from "@agency/core";
import { adoptStyles, ErrorBoundary, uiCatalog, uiCss } from "@agency/ui";
import r2wc from "@r2wc/react-to-web-component";
import { I18nProvider } from "@lingui/react";
import { useEffect, useMemo, useReducer, type ComponentType } from "react";
import { ElementContext, type ElementApi, type NavigateDetail } from "./element-context";
import { installGlobal } from "./global";

type AttributeType = "string" | "number" | "boolean" | "json";

export interface ElementDefinition<P extends object> {
  /** The custom element name, always `agency-*`. */
  tag: `agency-${string}`;
  /** A plain React component; it reaches the element through useElement(). */
  component: ComponentType<P>;
  /** The element's own attributes (camelCase here, kebab-case in HTML), besides `locale` and `api-base`. */
  props?: { [K in keyof P]?: AttributeType };
  /** The element's Lingui catalog (nl and en); the ui primitives' catalog is added automatically. */
  catalog: Catalog;
  /** The element's CSS text (import it with ?inline); adopted into the shadow root after the shared sheet. */
  css?: string;
}

interface RootProps {
  container?: ShadowRoot;
  locale?: string;
  apiBase?: string;
}

const R2WC_PROPS = Symbol.for("r2wc.props");
const R2WC_RENDER = Symbol.for("r2wc.render");

const kebab = (prop: string) => prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function toHref(to: string, basePath: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(to) || to.startsWith("//")) return to;
  return to.startsWith("/") ? `${basePath}${to.slice(1)}` : to;
}

/** Turns a React component into an `agency-*` custom element (see the README's "Embedding" section). */
export function defineElement<P extends object>(definition: ElementDefinition<P>): CustomElementConstructor {
  installGlobal();
  const existing = customElements.get(definition.tag);
  // A second copy of the bundle (or a per-element entry after the full one) must not throw.
  if (existing) return existing;

  const Component = definition.component as ComponentType<Record<string, unknown>>;
  const styles = definition.css ? [uiCss, definition.css] : [uiCss];

  function ElementRoot({ container, locale, apiBase, ...rest }: RootProps & Record<string, unknown>) {
    const shadow = container!;
    const host = shadow.host as HTMLElement;
    // Re-render when the page calls AgencyWidgets.configure().
    const [settingsVersion, bump] = useReducer((n: number) => n + 1, 0);
    useEffect(() => subscribeSettings(bump), []);

    const settings = useMemo(
      () => resolveSettings({ locale, apiBase }),
      // settingsVersion stands for the page settings resolveSettings reads from window.
      // oxlint-disable-next-line react-hooks/exhaustive-deps
      [locale, apiBase, settingsVersion],
    );
    const i18n = useMemo(() => createI18n(settings.locale, [uiCatalog, definition.catalog]), [settings.locale]);

    const value = useMemo<ElementApi>(() => {
      const hrefFor = (to: string) => toHref(to, settings.basePath);
      const emit: ElementApi["emit"] = (name, detail) =>
        host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true }));
      return {
        host,
        settings,
        api: getApiClient(settings),
        emit,
        hrefFor,
        navigate: (to) => {
          const detail: NavigateDetail = { to, href: hrefFor(to), source: definition.tag };
          if (emit("agency-navigate", detail)) navigation.assign(detail.href);
        },
      };
    }, [host, settings]);

    return (
      <I18nProvider i18n={i18n}>
        <ElementContext.Provider value={value}>
          <ErrorBoundary>
            <Component {...rest} />
          </ErrorBoundary>
        </ElementContext.Provider>
      </I18nProvider>
    );
  }

  const attributeTypes = { locale: "string", apiBase: "string", ...definition.props } as Record<string, AttributeType>;
  const Base = r2wc(ElementRoot, { shadow: "open", props: attributeTypes as never });

  class AgencyElement extends (Base as unknown as { new (): HTMLElement & Record<symbol, unknown> }) {
    constructor() {
      super();
      adoptStyles(this.shadowRoot!, styles);
      // The r2wc constructor skips bare boolean attributes (`<x show-included>`); count them as true.
      const props = this[R2WC_PROPS] as Record<string, unknown>;
      for (const [prop, type] of Object.entries(attributeTypes)) {
        if (type === "boolean" && this.getAttribute(kebab(prop)) === "") props[prop] = true;
      }
    }

    // r2wc ignores a removed attribute and reads a bare boolean attribute (`<x show-included>`) as absent;
    // both are what an HTML author expects to work.
    attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void {
      const prop = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
      const type = attributeTypes[prop];
      if (newValue === null || (newValue === "" && type === "boolean")) {
        const props = this[R2WC_PROPS] as Record<string, unknown>;
        props[prop] = newValue === null ? undefined : true;
        (this[R2WC_RENDER] as () => void).call(this);
        return;
      }
      (Base.prototype as unknown as { attributeChangedCallback: (...a: unknown[]) => void }).attributeChangedCallback.call(
        this,
        name,
        oldValue,
        newValue,
      );
    }
  }

  // r2wc renders synchronously on every attribute change; a framework setting three attributes renders three
  // times. Coalesce them into one render per microtask (disconnected elements are skipped by r2wc itself).
  const baseProto = Base.prototype as unknown as Record<symbol, () => void>;
  const queued = new WeakSet<HTMLElement>();
  Object.defineProperty(AgencyElement.prototype, R2WC_RENDER, {
    value(this: HTMLElement) {
      if (queued.has(this)) return;
      queued.add(this);
      queueMicrotask(() => {
        queued.delete(this);
        baseProto[R2WC_RENDER]!.call(this);
      });
    },
  });

  customElements.define(definition.tag, AgencyElement);
  return AgencyElement;
}
