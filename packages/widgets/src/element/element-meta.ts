/**
 * The public API of an element, declared once: `defineElement` builds the element's attributes, properties and
 * events from it, and the widgets build (scripts/build-api.ts) writes custom-elements.json, the TypeScript
 * declarations and the README's element table from it. These modules import nothing that only a bundler can
 * load (.po catalogs, ?inline CSS), so the build script can read them in plain Node.
 */

import { LOCALES } from "@agency/core";

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
  /** The default in words, when it depends on something else (the locale, the page). */
  defaultText?: string;
  description: string;
}

export interface EventMeta {
  /** The type of `event.detail`: a name exported by element/public-types.ts. */
  detail: string;
  /**
   * Whether `preventDefault()` means something (the description says what). Only such events are dispatched
   * cancelable; every event bubbles and is composed, so it leaves the shadow root.
   */
  cancelable: boolean;
  description: string;
}

export interface ElementMeta<Attribute extends string = string> {
  tag: `agency-${string}`;
  /** The class name used in the manifest and the TypeScript declarations, e.g. "AgencyPricingElement". */
  className: string;
  description: string;
  /** Keyed by property name (camelCase); the attribute is its kebab-case form. */
  attributes: Record<Attribute | keyof typeof commonAttributes, AttributeMeta>;
  events: Record<`agency-${string}`, EventMeta>;
  /** `part` names the element renders, for `::part()` styling. */
  parts: Record<string, string>;
  /** The element's own `--agency-*` custom properties (its CSS gives the default); ui.css adds the shared ones. */
  cssProperties: Record<`--agency-${string}`, string>;
}

/** The attribute of a property: `apiBase` -> `api-base`. */
export const attributeName = (property: string): string => property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Every element takes these two; they override the page-wide `AgencyWidgets.configure()`. */
export const commonAttributes = {
  locale: {
    type: "string",
    values: LOCALES,
    defaultText: "AgencyWidgets.configure({ locale }), else the page URL (/en), else nl",
    description: "Language of the element; changing it re-renders in that language.",
  },
  apiBase: {
    type: "string",
    defaultText: "AgencyWidgets.configure({ apiBase }), else /api on the page's origin",
    description: "The agency's API, e.g. https://agency.example/api. Its origin must allow the page's origin.",
  },
} as const satisfies Record<string, AttributeMeta>;

/** Fired by every element that links somewhere. */
export const navigateEvent = {
  detail: "AgencyNavigateDetail",
  cancelable: true,
  description:
    "The element wants to go to another page. Cancel it to route yourself (a single-page app does); otherwise the element follows the link with a full page load.",
} as const satisfies EventMeta;
