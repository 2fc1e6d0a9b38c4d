import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * Licence texts of packages that name their licence in package.json but ship no licence file, taken from their
 * source repository. A package is listed here only when its published files hold no text to copy.
 */
const TEXT_FROM_REPOSITORY: Record<string, string> = {
  // github.com/bitovi/react-to-web-component, LICENSE (both packages come from that repository).
  "@r2wc/core": "licences/bitovi-react-to-web-component.txt",
  "@r2wc/react-to-web-component": "licences/bitovi-react-to-web-component.txt",
};

const LICENCE_FILE = /^(licen[cs]e|copying)(\.(md|txt))?$/i;

interface BundledPackage {
  name: string;
  version: string;
  licence: string;
  text: string;
}

/** The package a bundled module belongs to: the folder after the last `node_modules/` of its path. */
function packageDir(moduleId: string): string | null {
  const path = moduleId.split("?")[0]!;
  const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(path);
  return match ? match[1]! : null;
}

function describe(dir: string): BundledPackage {
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name: string; version: string; license?: string };
  const file = readdirSync(dir).find((name) => LICENCE_FILE.test(name));
  const fallback = TEXT_FROM_REPOSITORY[manifest.name];
  const text = file ? readFileSync(join(dir, file), "utf8") : fallback ? readFileSync(join(root, fallback), "utf8") : null;
  if (!text?.trim()) {
    throw new Error(
      `${manifest.name}@${manifest.version} is bundled but ships no licence text: add it from its repository to licences/ and ` +
        "TEXT_FROM_REPOSITORY in vite-licences.ts",
    );
  }
  // An SPDX expression in parentheses ("(MPL-2.0 OR Apache-2.0)") is written without them, as the heading adds its own.
  const licence = (manifest.license ?? "see its text").replace(/^\((.*)\)$/, "$1");
  return { name: manifest.name, version: manifest.version, licence, text: text.trim() };
}

/**
 * Writes `fileName` beside the build: the name, version, licence and licence text of every npm package whose code
 * is in its chunks, so the notices that MIT and similar licences ask for go with every copy of the files. The build
 * fails when a bundled package has no licence text to copy.
 */
export function licenceNotices(fileName = "THIRD-PARTY-LICENSES.md"): Plugin {
  return {
    name: "agency-licence-notices",
    apply: "build",
    generateBundle(_options, bundle) {
      const dirs = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        for (const id of output.moduleIds) {
          const dir = packageDir(id);
          if (dir && existsSync(join(dir, "package.json"))) dirs.add(dir);
        }
      }
      const packages = [...dirs].map(describe).sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
      const unique = packages.filter((p, i) => i === 0 || p.name !== packages[i - 1]!.name || p.version !== packages[i - 1]!.version);
      const sections = unique.map((p) => `## ${p.name} - ${p.version} (${p.licence})\n\n${p.text}\n`);
      const source = `# Licences\n\nThe scripts beside this file contain these packages, under these licences:\n\n${sections.join("\n")}`;
      this.emitFile({ type: "asset", fileName, source });
    },
  };
}
