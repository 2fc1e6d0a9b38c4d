import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const src = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** A relative import's file: the path as written, else with the extension the sources use. */
function fileOf(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`].find((path) => existsSync(path) && !path.endsWith("/")) ?? null;
}

/** Every file of the widgets' sources an entry imports statically, directly or through others. */
function staticGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(file, "utf8");
  for (const [, spec] of code.matchAll(/^\s*(?:import|export)\s(?:[^"';]*?from\s*)?"(\.{1,2}\/[^"]+)"/gm)) {
    const next = fileOf(file, spec!.replace(/\?.*$/, ""));
    if (next?.startsWith(src) && /\.tsx?$/.test(next)) staticGraph(next, seen);
  }
  return seen;
}

/**
 * The parts an element's code loads with their texts: `laterPart(import("./part")…, import("./later-texts"))`, or
 * `laterPart(part.then(…), …)` of a `const part = import("./part")` that several such calls share.
 */
function laterParts(folder: string): string[] {
  const parts = new Set<string>();
  for (const name of readdirSync(folder).filter((f) => /\.tsx?$/.test(f))) {
    const file = join(folder, name);
    const code = readFileSync(file, "utf8");
    for (const [, spec] of code.matchAll(/laterPart\(\s*import\("(\.\/[^"]+)"\)/g)) parts.add(fileOf(file, spec!)!);
    for (const [, variable] of code.matchAll(/laterPart\(\s*(\w+)\.then\(/g)) {
      const spec = new RegExp(`\\b${variable}\\s*=\\s*import\\("(\\.\\/[^"]+)"\\)`).exec(code)?.[1];
      if (spec) parts.add(fileOf(file, spec)!);
    }
  }
  return [...parts];
}

const elements = readdirSync(src).filter((name) => existsSync(join(src, name, "later-texts.ts")));

describe("parts that load after an element's first screen", () => {
  it.each(elements)("%s: neither the parts nor their texts are in the element's entry", (name) => {
    const graph = staticGraph(join(src, name, `${name}.element.ts`));
    const parts = laterParts(join(src, name));
    expect(parts.length).toBeGreaterThan(0);
    expect(graph.has(join(src, name, `${name}.tsx`))).toBe(true);
    for (const part of [...parts, join(src, name, "later-texts.ts")]) expect(graph, part).not.toContain(part);
  });
});
