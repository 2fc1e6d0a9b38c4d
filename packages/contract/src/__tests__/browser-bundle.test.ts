import { fileURLToPath } from "node:url";
import { rolldown } from "rolldown";
import { describe, expect, it } from "vitest";

const src = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
const contractIndex = src("contract/src/index.ts");

/**
 * What browser code pulls in when it imports the contract (directly, or through core, which every element and the
 * host use): bundled for real, with every package other than ours left out. The contract's schemas, and TypeBox
 * with them, must not be among the modules: its types are erased and nothing at run time reaches the schemas.
 */
async function modulesOf(entry: string): Promise<string[]> {
  const bundle = await rolldown({
    input: entry,
    resolve: { alias: { "@agency/contract": contractIndex } },
    // The message catalogs (.po, compiled by Lingui's plugin in the real builds) are texts, not code.
    external: (id) => (!id.startsWith(".") && !id.startsWith("/") && !id.startsWith("@agency/")) || id.endsWith(".po"),
    logLevel: "silent",
  });
  const { output } = await bundle.generate({ format: "es" });
  await bundle.close();
  return output.flatMap((chunk) => (chunk.type === "chunk" ? chunk.moduleIds : []));
}

describe("the browser's view of the contract", () => {
  it.each([
    ["@agency/contract", contractIndex],
    ["@agency/core", src("core/src/index.ts")],
  ])("importing %s bundles no schema and no TypeBox", async (_name, entry) => {
    const modules = await modulesOf(entry);
    expect(modules.some((id) => id.endsWith("contract/src/rules.ts"))).toBe(true);
    expect(modules.filter((id) => id.includes("/schemas/") || id.includes("typebox"))).toEqual([]);
  });
});
