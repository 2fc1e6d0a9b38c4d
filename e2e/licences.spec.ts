import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";

/**
 * The site's scripts and the element bundle contain npm packages whose licences (MIT for React and most of the
 * rest) ask for their notice to go with every copy. Each build publishes THIRD-PARTY-LICENSES.md beside its files;
 * every package its source maps name must be in it, with its licence text. The npm package carries the bundle's
 * (e2e/package.spec.ts).
 */

const repo = join(import.meta.dirname, "..");

/** The npm packages whose code a build's scripts contain, from their source maps (the last `node_modules/` of each source). */
function bundledPackages(dir: string): string[] {
  const found = new Set<string>();
  const maps = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".js.map"));
  expect(maps.length, `source maps in ${dir}`).toBeGreaterThan(0);
  for (const file of maps) {
    const { sources } = JSON.parse(readFileSync(join(dir, file), "utf8")) as { sources: string[] };
    for (const source of sources) {
      const name = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1];
      if (name) found.add(name);
    }
  }
  return [...found].sort();
}

/** The packages a licence file lists (`## name - version (licence)`), each with the text under its heading. */
function listed(markdown: string): Map<string, string> {
  const sections = markdown.split(/^## /m).slice(1);
  return new Map(sections.map((section) => [/^(\S+) - /.exec(section)?.[1] ?? section, section]));
}

const BUILDS = [
  { what: "the site", dist: "host/dist/assets", url: "/THIRD-PARTY-LICENSES.md", expected: ["react", "react-dom", "react-router", "scheduler"] },
  { what: "the element bundle", dist: "packages/widgets/dist", url: "/widgets/v1/THIRD-PARTY-LICENSES.md", expected: ["react", "react-dom", "@r2wc/react-to-web-component"] },
];

for (const { what, dist, url, expected } of BUILDS) {
  test(`${what} publishes the licence of every package its scripts contain (${url})`, async ({ request }) => {
    const response = await request.get(url);
    expect(response.status()).toBe(200);
    const licences = listed(await response.text());
    const bundled = bundledPackages(join(repo, dist));
    for (const name of expected) expect(bundled, `${what} contains ${name}`).toContain(name);
    for (const name of bundled) {
      expect(licences.has(name), `${name} is in ${url}`).toBe(true);
      // The notice itself, not only the package's name: MIT's permission text (or the licence's own text).
      expect(licences.get(name)!.split("\n").filter((line) => line.trim()).length, `${name}'s licence text in ${url}`).toBeGreaterThan(3);
    }
  });
}
