// What the widgets build reads from the sources besides the metas: the CSS custom properties, the parts the
// components render, and the names in the type modules (src/events.ts, src/public-api.ts), read as TypeScript.
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import ts from "@typescript/typescript6";
import type { ElementMeta } from "../../src/element/element-meta.ts";

export const packageDir = `${resolve(import.meta.dirname, "../..")}/`;
export const repoDir = `${resolve(packageDir, "../..")}/`;
export const read = (path: string) => readFileSync(path, "utf8");

export interface CssProperty {
  name: string;
  default: string;
  description: string;
}

/** The shared `--agency-*` tokens: ui.css declares each with its default and a comment saying what it colours. */
export function sharedCssProperties(): CssProperty[] {
  const css = read(`${repoDir}packages/ui/src/styles/ui.css`);
  return [...css.matchAll(/^\s*(--agency-[a-z0-9-]+):\s*(.+?);\s*\/\*\s*(.+?)\s*\*\/\s*$/gm)].map(([, name, value, description]) => ({
    name: name!,
    default: value!,
    description: description!,
  }));
}

const folderOf = (meta: ElementMeta) => `${packageDir}src/${meta.tag.replace(/^agency-/, "")}/`;

/** `var(--agency-x, fallback)` in the element's CSS that ui.css does not declare, with the fallback. */
export function ownCssProperties(meta: ElementMeta, shared: Set<string>): Map<string, string> {
  const css = read(`${folderOf(meta)}${meta.tag.replace(/^agency-/, "")}.css`);
  const used = new Map<string, string>();
  for (const [, name, fallback] of css.matchAll(/var\((--agency-[a-z0-9-]+)\s*(?:,\s*([^)]+))?\)/g)) {
    if (!shared.has(name!)) used.set(name!, fallback?.trim() ?? "");
  }
  return used;
}

/**
 * Every `part` name written in the element's components (part="a" or part={x ? "a b" : "c"}), in its folder and its
 * subfolders (panels loaded later), tests left out.
 */
export function partsInSource(meta: ElementMeta): string[] {
  const names = new Set<string>();
  const folder = folderOf(meta);
  const files = readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".tsx") && !f.includes("__tests__"));
  for (const file of files) {
    for (const [, value] of read(`${folder}${file}`).matchAll(/\bpart=(\{[^}]*\}|"[^"]*")/g)) {
      for (const [, text] of value!.matchAll(/"([^"]*)"/g)) for (const name of text!.split(/\s+/)) if (name) names.add(name);
    }
  }
  return [...names].sort();
}

/** The members of an interface in a source file: property name -> its type as written, and its JSDoc. */
export function interfaceMembers(file: string, name: string): Map<string, { type: string; doc: string }> {
  const source = ts.createSourceFile(file, read(`${packageDir}${file}`), ts.ScriptTarget.Latest, true);
  const found = source.statements.find((node): node is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(node) && node.name.text === name);
  if (!found) throw new Error(`${file} declares no interface ${name}`);
  const members = new Map<string, { type: string; doc: string }>();
  for (const member of found.members) {
    if (!ts.isPropertySignature(member) || !member.type || !(ts.isStringLiteral(member.name) || ts.isIdentifier(member.name))) continue;
    const doc = ts.getJSDocCommentsAndTags(member).map((d) => ts.getTextOfJSDocComment(d.comment) ?? "").join(" ");
    members.set(member.name.text, { type: member.type.getText(source), doc });
  }
  return members;
}
