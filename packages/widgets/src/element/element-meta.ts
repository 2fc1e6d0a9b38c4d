/**
 * The public API of an element, declared once in its `<name>.meta.ts`: the meta (what `defineElement` builds the
 * attributes, properties and events from, so it ships in the bundle) and the docs (what the manifest, the editors'
 * data and the README say about it; read by the widgets build only, so the bundler leaves them out). The element's
 * TypeScript types are derived from the meta by the types below, its events' details come from src/events.ts.
 * These modules import nothing that only a bundler can load (.po catalogs, ?inline CSS), so the build script can
 * read them in plain Node.
 */

import { LOCALES, THEMES } from "@agency/contract";

/**
 * How an attribute's text becomes its property's value, the HTML way:
 * - "string": the text; a missing attribute reads as the default (or undefined).
 * - "number": the text as a number; missing or not a number reads as the default (or undefined).
 * - "boolean": present means true, whatever its value (`show-included="false"` is true, as in HTML); absent is
 *   false. Setting the property to false removes the attribute.
 */
export type AttributeType = "string" | "number" | "boolean";

export interface AttributeMeta {
  type: AttributeType;
  /** A string attribute that takes one of these values; anything else reads as the default. */
  values?: readonly string[];
  /** What the property reads while the attribute is absent. */
  default?: string | number | boolean;
}

export interface EventMeta {
  /**
   * Whether `preventDefault()` means something (the docs say what). Only such events are dispatched cancelable;
   * every event bubbles and is composed, so it leaves the shadow root.
   */
  cancelable: boolean;
}

export interface ElementMeta<Attribute extends string = string> {
  tag: `agency-${string}`;
  /** Keyed by property name (camelCase); the attribute is its kebab-case form. */
  attributes: Record<Attribute | keyof typeof commonAttributes, AttributeMeta>;
  /** Every event it dispatches; the detail's type is src/events.ts's entry for the name. */
  events: Record<`agency-${string}`, EventMeta>;
}

export interface AttributeDocs {
  description: string;
  /**
   * What the element uses while the attribute is absent and nothing else says otherwise (no
   * `AgencyWidgets.configure()`, a Dutch page, the default `api-base`), for an attribute whose meta has no `default`.
   * The manifest's `default` is this value, never words.
   */
  default?: string | number;
  /** How the default is found when it depends on something else (the locale, the page): added to the description. */
  defaultText?: string;
}

/** What is said about an element; the keys follow its meta (the common attributes are documented once, below). */
export interface ElementDocs<M extends ElementMeta> {
  description: string;
  attributes: { [K in Exclude<keyof M["attributes"], keyof typeof commonAttributes>]: AttributeDocs };
  /** Every event's description (agency-navigate has a standard one). */
  events: { [K in keyof M["events"]]?: string };
  /** `part` names the element renders, for `::part()` styling. */
  parts: Record<string, string>;
  /** The element's own `--agency-*` custom properties (its CSS gives the default); ui.css adds the shared ones. */
  cssProperties: Record<`--agency-${string}`, string>;
}

/** The attribute of a property: `apiBase` -> `api-base`. */
export const attributeName = (property: string): string => property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Every element takes these three; they override the page-wide `AgencyWidgets.configure()`. */
export const commonAttributes = {
  locale: { type: "string", values: LOCALES },
  apiBase: { type: "string" },
  theme: { type: "string", values: THEMES },
} as const satisfies Record<string, AttributeMeta>;

export const commonDocs: Record<keyof typeof commonAttributes, AttributeDocs> = {
  locale: {
    default: "nl",
    defaultText:
      "AgencyWidgets.configure({ locale }), else the nearest lang attribute (<html lang=\"en\">) when it is nl or en, else the page URL (/en), else nl",
    description: "Language of the element; changing it re-renders in that language.",
  },
  apiBase: {
    default: "/api",
    defaultText: "AgencyWidgets.configure({ apiBase }), else /api on the page's origin",
    description: "The agency's API, e.g. https://agency.example/api. Its origin must allow the page's origin.",
  },
  theme: {
    default: "light",
    defaultText: "AgencyWidgets.configure({ theme }), else light",
    description:
      "Colour theme: light, dark, or auto (follows the visitor's prefers-color-scheme). The --agency-* custom properties set on the element override either theme's values.",
  },
};

/** Fired by every element that links somewhere. */
export const navigateEvent = { cancelable: true } as const satisfies EventMeta;

export const navigateDocs =
  "The element wants to go to another page. Cancel it to route yourself (a single-page app does); otherwise the element follows the link with a full page load.";

// ---------- the element's types, derived from its meta ----------

/** The value an attribute's property holds: one of its values, or its type. */
type ValueOf<A> = A extends { values: readonly (infer V)[] } ? V : A extends { type: "boolean" } ? boolean : A extends { type: "number" } ? number : string;

/** `contactHref` -> `contact-href`, as attributeName() does it. */
type Kebab<S extends string> = S extends `${infer C}${infer Rest}` ? `${C extends Lowercase<C> ? C : `-${Lowercase<C>}`}${Kebab<Rest>}` : S;

/**
 * The element's properties: each attribute as a property that reflects it. Reading gives undefined while the
 * attribute is absent, unless it is a boolean or has a default.
 */
export type ElementProperties<M extends ElementMeta> = {
  -readonly [K in keyof M["attributes"]]: M["attributes"][K] extends { type: "boolean" } | { default: unknown }
    ? ValueOf<M["attributes"][K]>
    : ValueOf<M["attributes"][K]> | undefined;
};

/**
 * JSX props of the element in React 19: its attributes (true: present, false: absent), and `on` + each event's name,
 * which React 19 passes to addEventListener on a custom element (`onagency-navigate={…}`).
 */
export type ElementJsxProps<M extends ElementMeta, Details> = {
  [K in keyof M["attributes"] & string as Kebab<K>]?: ValueOf<M["attributes"][K]>;
} & {
  [E in keyof M["events"] & string as `on${E}`]?: (event: CustomEvent<E extends keyof Details ? Details[E] : never>) => void;
};
