import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import path from "node:path";
import { repoRoot } from "../../src/paths";

/**
 * A new developer's first hour: what the README's top says, that `npm ci` has no engine warnings on the Node
 * versions the project supports, that `npm start` builds the React example, and that the examples server opens on a
 * page listing every example with the origin the API must allow.
 */
/** npm's own version ranges (semver, installed with the tools), as npm ci checks `engines` with them. */
const semver = createRequire(import.meta.url)("semver") as { satisfies(version: string, range: string): boolean };
const read = (file: string) => readFileSync(path.join(repoRoot, file), "utf8");

describe("the README", () => {
  const readme = read("README.md");

  it("says at its top how to run the site on another port, and stays short", () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    expect(firstBlock).toMatch(/^PORT=\d+ npm start\b/m);
    expect(readme.split("\n").length).toBeLessThanOrEqual(150);
  });

  it("lists every departure from the specification, the language cookie and 'Save preferences' among them", () => {
    const departures = readme.slice(readme.indexOf("## Where we depart"), readme.indexOf("## Layout"));
    expect(departures).toMatch(/the `lang` cookie, `\?lang=en` links/);
    expect(departures).toMatch(/'Save preferences' saves them as ticked/);
  });

  it("points to a document that exists for every link, and each decision record is listed", () => {
    for (const [, target] of readme.matchAll(/\]\(([^)#]+)\)/g)) expect(existsSync(path.join(repoRoot, target!)), target).toBe(true);
    const records = readdirSync(path.join(repoRoot, "docs/decisions")).filter((f) => /^\d{4}-.+\.md$/.test(f));
    const index = read("docs/decisions/README.md");
    expect(records.length).toBeGreaterThanOrEqual(10);
    for (const record of records) expect(index, record).toContain(`(${record})`);
    expect(read("docs/decisions/0004-english-for-a-visitor-who-chose-it.md")).toMatch(/language cookie \(`lang`/);
    expect(read("docs/decisions/0008-save-preferences-as-ticked.md")).toMatch(/'Save preferences' records exactly the boxes that are ticked/);
  });
});

describe("the dependencies and engines", () => {
  const engines = (JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node;
  const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }> };
  // The lowest release of each supported line, and the newest line.
  const supported = ["20.19.0", "22.16.0", "24.0.0"];

  it("the supported Node versions are those of `engines`", () => {
    for (const version of supported) expect(semver.satisfies(version, engines), version).toBe(true);
    expect(semver.satisfies("20.18.0", engines)).toBe(false);
    expect(semver.satisfies("22.15.0", engines), "html-validate and others want 22.16").toBe(false);
  });

  it("every installed package accepts every supported Node version, so `npm ci` prints no EBADENGINE", () => {
    const refusing: string[] = [];
    for (const [name, entry] of Object.entries(lock.packages)) {
      const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
      // An optional package that does not accept the running Node is skipped by npm without a warning.
      if (!name || !range || entry.optional) continue;
      for (const version of supported) {
        if (!semver.satisfies(version, range)) refusing.push(`${name.replace(/^.*node_modules\//, "")} wants node ${range} (${version})`);
      }
    }
    expect(refusing).toEqual([]);
  });
});

describe("the examples", () => {
  it("npm start builds the React example, which imports the built bundle", () => {
    const start = read("scripts/start.mjs");
    expect(start).toMatch(/name: "examples", output: "examples\/react\/dist\/index.html"/);
    expect(start.indexOf('name: "widgets"')).toBeLessThan(start.indexOf('name: "examples"'));
  });

  it("the examples server opens on a page listing every example, and prints the origin the API must allow", async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [path.join(repoRoot, "scripts/serve-examples.mjs"), "--port", String(port), "--api", "http://127.0.0.1:9"]);
    try {
      const printed = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes("ALLOWED_ORIGINS=")) resolve(out);
        });
        child.on("exit", (code) => reject(new Error(`serve-examples exited (${code}): ${out}`)));
      });
      expect(printed).toContain(`Examples at ${origin}/`);
      expect(printed).toContain(`ALLOWED_ORIGINS=${origin}`);

      const index = await fetch(`${origin}/`);
      expect(index.status).toBe(200);
      const html = await index.text();
      expect(html).toContain(`ALLOWED_ORIGINS=${origin}`);
      const pages = readdirSync(path.join(repoRoot, "examples")).filter((file) => file.endsWith(".html"));
      expect(pages.length).toBeGreaterThan(5);
      for (const page of pages) expect(html, page).toContain(`href="${page}"`);
      expect(html).toMatch(/React 19/);
      // Every listed page is there.
      for (const page of pages) expect((await fetch(`${origin}/${page}`)).status, page).toBe(200);
    } finally {
      child.kill();
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
