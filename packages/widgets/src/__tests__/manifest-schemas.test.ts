import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import Ajv, { type AnySchema } from "ajv";
import AjvDraft04 from "ajv-draft-04";
import { describe, expect, it } from "vitest";
import { vscodeCustomData, webTypes } from "../../scripts/api/editor-data";
import { buildManifest } from "../../scripts/api/manifest";
import { packageDir } from "../../scripts/api/sources";
import { publishedElements } from "../published-elements";

// What an editor or a documentation tool does with the package's data: read it by its published schema. The
// schemas are pinned (packages/widgets/schemas/README.md says where each comes from).
const require = createRequire(packageDir);
const json = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
const schemas = {
  manifest: json(require.resolve("custom-elements-manifest/schema.json")),
  vscode: json(require.resolve("vscode-html-languageservice/docs/customData.schema.json")),
  webTypes: json(`${packageDir}schemas/web-types.json`),
};
const elementSchema = { ...schemas.manifest, $ref: "#/definitions/CustomElementDeclaration", properties: {}, required: [] };
const pkg = json(`${packageDir}package.json`) as { name: string; version: string; license?: string };

/** The schema's errors for the data, as readable lines ([] when it validates). */
function errors(ajv: Ajv | AjvDraft04, schema: Record<string, unknown>, data: unknown): string[] {
  const validate = ajv.compile(schema as AnySchema);
  return validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message} ${JSON.stringify(e.params)}`);
}

const manifest = buildManifest(publishedElements);
const declarations = manifest.modules.flatMap((m) => m.declarations);

describe("the element manifest and the editors' data", () => {
  it("custom-elements.json validates against the Custom Elements Manifest schema", () => {
    expect(errors(new Ajv({ allErrors: true, strict: false }), schemas.manifest, manifest)).toEqual([]);
    // A module's declarations match any of several kinds, and a plain class declaration takes anything besides its
    // own fields; so each element is also held to the custom element's definition, attributes included.
    for (const declaration of declarations) {
      expect(errors(new Ajv({ allErrors: true, strict: false }), elementSchema, declaration), declaration.tagName).toEqual([]);
    }
  });

  it("the VS Code custom data validates against VS Code's schema", () => {
    expect(errors(new Ajv({ allErrors: true, strict: false }), schemas.vscode, vscodeCustomData(manifest))).toEqual([]);
  });

  it("web-types.json validates against JetBrains' Web-Types schema", () => {
    expect(errors(new AjvDraft04({ allErrors: true, strict: false }), schemas.webTypes, webTypes(manifest, pkg))).toEqual([]);
  });

  it("each schema rejects what it should, so the checks above can fail", () => {
    const broken = structuredClone(manifest) as unknown as { modules: Array<{ declarations: Array<{ attributes: Array<{ default?: unknown }> }> }> };
    broken.modules[0]!.declarations[0]!.attributes[0]!.default = 365;
    expect(errors(new Ajv({ allErrors: true, strict: false }), elementSchema, broken.modules[0]!.declarations[0])).not.toEqual([]);
    expect(errors(new Ajv({ allErrors: true, strict: false }), schemas.vscode, { version: 1.1, tags: [{ description: "no name" }] })).not.toEqual([]);
    expect(errors(new AjvDraft04({ allErrors: true, strict: false }), schemas.webTypes, { name: "x" })).not.toEqual([]);
  });

  it("every default is a value of the attribute's type, and the words about it are in the description", () => {
    for (const d of declarations) {
      for (const attribute of d.attributes) {
        const member = d.members.find((m) => m.attribute === attribute.name)!;
        const where = `${d.tagName} ${attribute.name}`;
        expect(member.default === undefined, where).toBe(attribute.default === undefined);
        if (attribute.default === undefined) continue;
        // The field's default is a literal of its type; the attribute's is the text that literal stands for.
        const value: unknown = JSON.parse(member.default!);
        expect(String(value), where).toBe(attribute.default);
        const type = attribute.type.text;
        if (type.startsWith('"')) expect(type.split(" | "), where).toContain(JSON.stringify(value));
        else expect(typeof value, where).toBe(type);
      }
    }
    const attribute = (tag: string, name: string) => declarations.find((d) => d.tagName === tag)!.attributes.find((a) => a.name === name)!;
    expect(attribute("agency-cookie-banner", "consent-max-age-days")).toMatchObject({ default: "365" });
    expect(attribute("agency-cookie-banner", "policy-version")).toMatchObject({ default: "1" });
    expect(attribute("agency-cookie-banner", "analytics-cookies")).toMatchObject({ default: "_ga _ga_* _gid _gat _gat_*" });
    expect(attribute("agency-login", "locale")).toMatchObject({ default: "nl" });
    expect(attribute("agency-login", "locale").description).toContain("Default: AgencyWidgets.configure({ locale }), else the nearest lang attribute");
    expect(attribute("agency-subscribe", "success-url").description).toContain("{base}dashboard?subscription=success on this origin");
  });

  it("the package partners install says under which license", () => {
    // The product is the agency's own, published under no open-source license (the repository has none).
    expect(pkg.license).toBe("UNLICENSED");
  });
});
