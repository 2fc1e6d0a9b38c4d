import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { licenceNotices } from "../../../../vite-licences";

/**
 * The build's licence file (vite-licences.ts, in the site's and the bundle's Vite builds), on a made-up bundle whose
 * modules come from packages in a temporary node_modules.
 */
let dir = "";
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = "";
});

function installed(name: string, manifest: Record<string, string>, files: Record<string, string> = {}): string {
  const path = join(dir, "node_modules", name);
  mkdirSync(join(path, "dist"), { recursive: true });
  writeFileSync(join(path, "package.json"), JSON.stringify({ name, ...manifest }));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(path, file), text);
  return join(path, "dist/index.js");
}

/** Runs the plugin's generateBundle on chunks made of `moduleIds`; the file it emits. */
function emitted(...chunks: string[][]): string {
  const assets: Array<{ fileName: string; source: string }> = [];
  const plugin = licenceNotices();
  const bundle = Object.fromEntries(chunks.map((moduleIds, i) => [`chunk-${i}.js`, { type: "chunk", moduleIds }]));
  const generate = plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
  generate.call({ emitFile: (asset: { fileName: string; source: string }) => assets.push(asset) }, {}, bundle);
  expect(assets.map((a) => a.fileName)).toEqual(["THIRD-PARTY-LICENSES.md"]);
  return assets[0]!.source;
}

describe("the licence notices of a build", () => {
  it("lists every package of every chunk once, sorted, with its licence file's text; workspace modules are left out", () => {
    dir = mkdtempSync(join(tmpdir(), "agency-licences-"));
    const react = installed("react", { version: "19.0.0", license: "MIT" }, { LICENSE: "MIT License\n\nCopyright (c) Meta\n" });
    const scoped = installed("@scope/tool", { version: "1.2.3", license: "(MPL-2.0 OR Apache-2.0)" }, { "LICENSE.md": "Either licence.\n" });
    const text = emitted([react, `${react}?commonjs-exports`, "/repo/packages/core/src/index.ts"], [scoped, react, "\0rolldown/runtime"]);
    expect(text).toBe(
      "# Licences\n\nThe scripts beside this file contain these packages, under these licences:\n\n" +
        "## @scope/tool - 1.2.3 (MPL-2.0 OR Apache-2.0)\n\nEither licence.\n\n" +
        "## react - 19.0.0 (MIT)\n\nMIT License\n\nCopyright (c) Meta\n",
    );
  });

  it("takes the text from licences/ for a package that ships none, and fails the build for any other", () => {
    dir = mkdtempSync(join(tmpdir(), "agency-licences-"));
    const r2wc = installed("@r2wc/core", { version: "1.3.1", license: "MIT" });
    expect(emitted([r2wc])).toContain("## @r2wc/core - 1.3.1 (MIT)\n\nMIT License\n\nCopyright (c) 2022 Bitovi\n");
    const bare = installed("no-licence-text", { version: "0.1.0", license: "MIT" }, { "README.md": "No licence here.\n" });
    expect(() => emitted([bare])).toThrow("no-licence-text@0.1.0 is bundled but ships no licence text");
  });
});
