// The editors' data, written from custom-elements.json: VS Code's HTML custom data (html.customData) and
// JetBrains' web-types (found through package.json's "web-types"), so both complete the tags, attributes and
// values and show the descriptions.
import type { Manifest } from "./manifest.ts";

const declarations = (manifest: Manifest) => manifest.modules.flatMap((m) => m.declarations);

/** An attribute's values, when its type is a union of string literals. */
const valuesOf = (type: string): string[] | undefined =>
  /^"[^"]*"( \| "[^"]*")*$/.test(type) ? [...type.matchAll(/"([^"]*)"/g)].map((m) => m[1]!) : undefined;

export function vscodeCustomData(manifest: Manifest): object {
  return {
    version: 1.1,
    tags: declarations(manifest).map((d) => ({
      name: d.tagName,
      description: d.description,
      attributes: d.attributes.map((a) => ({
        name: a.name,
        // VS Code's format has no default: the description says it, unless it already says where it comes from.
        description: a.default === undefined || a.description.includes(" Default: ") ? a.description : `${a.description} Default: ${a.default}.`,
        ...(a.type.text === "boolean" ? { valueSet: "v" } : {}),
        ...(valuesOf(a.type.text) ? { values: valuesOf(a.type.text)!.map((name) => ({ name })) } : {}),
      })),
    })),
  };
}

export function webTypes(manifest: Manifest, pkg: { name: string; version: string }): object {
  return {
    $schema: "https://json.schemastore.org/web-types",
    name: pkg.name,
    version: pkg.version,
    "description-markup": "markdown",
    contributions: {
      html: {
        elements: declarations(manifest).map((d) => ({
          name: d.tagName,
          description: d.description,
          attributes: d.attributes.map((a) => ({
            name: a.name,
            description: a.description,
            ...(a.default === undefined ? {} : { default: a.default }),
            value:
              a.type.text === "boolean"
                ? { kind: "no-value", type: "boolean" }
                : { kind: "plain", type: a.type.text, required: false },
          })),
          events: d.events.map((e) => ({ name: e.name, description: e.description })),
          css: { parts: d.cssParts, properties: d.cssProperties.map((p) => ({ name: p.name, description: p.description })) },
        })),
      },
    },
  };
}
