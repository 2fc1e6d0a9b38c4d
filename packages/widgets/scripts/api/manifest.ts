// custom-elements.json (Custom Elements Manifest 2.1) from the published elements' metas and docs, the event map
// (src/events.ts) and the element interfaces (src/public-api.ts); it fails on a source that disagrees with a meta.
import { attributeName, commonDocs, navigateDocs, type AttributeDocs, type AttributeMeta } from "../../src/element/element-meta.ts";
import type { PublishedElement } from "../../src/published-elements.ts";
import { interfaceMembers, ownCssProperties, partsInSource, sharedCssProperties, type CssProperty } from "./sources.ts";

export interface Manifest {
  schemaVersion: string;
  modules: Array<{ kind: "javascript-module"; path: string; declarations: Declaration[]; exports: object[] }>;
}

export interface Declaration {
  kind: "class";
  customElement: true;
  name: string;
  tagName: string;
  description: string;
  superclass: { name: string };
  attributes: Array<{ name: string; fieldName: string; type: { text: string }; default?: string; description: string }>;
  members: Array<{ kind: "field"; name: string; type: { text: string }; default?: string; attribute: string; reflects: true; description: string }>;
  events: Array<{ name: string; type: { text: string }; cancelable: boolean; description: string }>;
  cssParts: Array<{ name: string; description: string }>;
  cssStates: Array<{ name: string; description: string }>;
  cssProperties: CssProperty[];
}

const literal = (value: string | number | boolean) => JSON.stringify(value);
const attributeType = (a: AttributeMeta) => (a.values ? a.values.map(literal).join(" | ") : a.type);

function disagree(what: string, found: string[], declared: string[]): void {
  const undeclared = found.filter((name) => !declared.includes(name));
  const unused = declared.filter((name) => !found.includes(name));
  if (undeclared.length || unused.length) {
    throw new Error(`${what} (undeclared: ${undeclared.join(", ") || "none"}; unused: ${unused.join(", ") || "none"})`);
  }
}

function declaration({ meta, docs }: PublishedElement, className: string, shared: CssProperty[]): Declaration {
  disagree(`${meta.tag}: its components and its docs disagree on parts`, partsInSource(meta), Object.keys(docs.parts));
  const own = ownCssProperties(meta, new Set(shared.map((p) => p.name)));
  disagree(`${meta.tag}: its CSS and its docs disagree on custom properties`, [...own.keys()], Object.keys(docs.cssProperties));
  const details = interfaceMembers("src/events.ts", "AgencyEventDetails");
  const attributes = Object.entries(meta.attributes).map(([property, attribute]) => {
    const doc = (docs.attributes as Record<string, AttributeDocs>)[property] ?? commonDocs[property as "locale"];
    const value = attribute.default ?? doc.default;
    const type = attributeType(attribute);
    const reads = attribute.type === "boolean" || attribute.default !== undefined ? type : `${type} | undefined`;
    // The schema wants values: an attribute's default is the attribute's text, a field's a literal; the words
    // saying where a default comes from belong in the description.
    const description = doc.defaultText ? `${doc.description} Default: ${doc.defaultText}.` : doc.description;
    return { property, name: attributeName(property), type, reads, description, value };
  });
  return {
    kind: "class",
    customElement: true,
    name: className,
    tagName: meta.tag,
    description: docs.description,
    superclass: { name: "HTMLElement" },
    attributes: attributes.map((a) => ({
      name: a.name,
      fieldName: a.property,
      type: { text: a.type },
      ...(a.value === undefined ? {} : { default: String(a.value) }),
      description: a.description,
    })),
    members: attributes.map((a) => ({
      kind: "field",
      name: a.property,
      type: { text: a.reads },
      ...(a.value === undefined ? {} : { default: literal(a.value) }),
      attribute: a.name,
      reflects: true,
      description: a.description,
    })),
    events: Object.entries(meta.events).map(([name, event]) => {
      const detail = details.get(name);
      if (!detail) throw new Error(`${meta.tag} dispatches ${name}, which src/events.ts's AgencyEventDetails does not type`);
      const description = (docs.events as Record<string, string | undefined>)[name] ?? (name === "agency-navigate" ? navigateDocs : "");
      return { name, type: { text: `CustomEvent<${detail.type}>` }, cancelable: event.cancelable, description: `${description}${event.cancelable ? " Cancelable." : ""}` };
    }),
    cssParts: Object.entries(docs.parts).map(([name, description]) => ({ name, description })),
    // Set by the element factory for every element (define-element.tsx); agency-widgets.css reserves room with it.
    cssStates: [{ name: "loading", description: "Defined, but its texts or data are still on their way: its content is not shown yet." }],
    cssProperties: [...shared, ...Object.entries(docs.cssProperties).map(([name, description]) => ({ name, default: own.get(name)!, description }))],
  };
}

export function buildManifest(elements: readonly PublishedElement[]): Manifest {
  const shared = sharedCssProperties();
  if (shared.length === 0) throw new Error("ui.css declares no --agency-* custom properties with a comment");
  const classes = interfaceMembers("src/public-api.ts", "AgencyElements");
  return {
    schemaVersion: "2.1.0",
    modules: elements.map((element) => {
      const path = `dist/${element.meta.tag}.js`;
      const name = classes.get(element.meta.tag)?.type;
      if (!name) throw new Error(`src/public-api.ts's AgencyElements has no interface for ${element.meta.tag}`);
      return {
        kind: "javascript-module",
        path,
        declarations: [declaration(element, name, shared)],
        exports: [
          { kind: "js", name, declaration: { name, module: path } },
          { kind: "custom-element-definition", name: element.meta.tag, declaration: { name, module: path } },
        ],
      };
    }),
  };
}
