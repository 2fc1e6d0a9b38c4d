import { createHash } from "node:crypto";
import { execFileSync, spawnSync } from "node:child_process";
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { dirname, extname, join, normalize } from "node:path";
import { expect, test } from "@playwright/test";

// The element package as a partner gets it: `npm pack` of the built packages/widgets, installed from the
// tarball into an empty project (offline: it has no dependencies), type-checked from a consumer's files and
// loaded in Chromium from the installed files.

const repo = join(import.meta.dirname, "..");
const port = Number(process.env.E2E_PORT ?? 4310) + 2;
const origin = `http://127.0.0.1:${port}`;
const TAGS = ["agency-quote-form", "agency-pricing", "agency-login", "agency-subscribe", "agency-settings", "agency-cookie-banner"];

let dir: string;
let project: string;
let packed: string[];
let server: Server;

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** tsc (the repository's) on the consumer project; the output when it fails. */
function typecheck(files: string[]): { ok: boolean; output: string } {
  writeFileSync(
    join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        lib: ["ES2023", "DOM", "DOM.Iterable"],
        module: "preserve",
        moduleResolution: "bundler",
        jsx: "react-jsx",
        strict: true,
        noEmit: true,
        types: [],
      },
      files,
    }),
  );
  const result = spawnSync(join(repo, "node_modules/.bin/tsc"), ["-p", "tsconfig.json"], { cwd: project, encoding: "utf8" });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

test.describe.configure({ mode: "serial" });

test.describe("the installable package", () => {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dir = mkdtempSync(join(tmpdir(), "agency-widgets-pack-"));
    const [info] = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", dir], join(repo, "packages/widgets"))) as Array<{
      filename: string;
      files: Array<{ path: string }>;
    }>;
    packed = info!.files.map((f) => f.path);
    project = join(dir, "partner-site");
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "partner-site", private: true, type: "module" }));
    run("npm", ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", join(dir, info!.filename)], project);
    // React's types for the JSX check: the partner's own dependency, taken from this repository (offline).
    mkdirSync(join(project, "node_modules/@types"), { recursive: true });
    symlinkSync(join(repo, "node_modules/@types/react"), join(project, "node_modules/@types/react"));
    symlinkSync(join(repo, "node_modules/csstype"), join(project, "node_modules/csstype"));

    server = createServer((req, res) => {
      const path = normalize(decodeURIComponent(new URL(req.url ?? "/", origin).pathname));
      const file = join(project, path);
      if (!file.startsWith(project) || !existsSync(file) || !statSync(file).isFile()) {
        res.writeHead(404).end();
        return;
      }
      const types: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".json": "application/json" };
      res.writeHead(200, { "Content-Type": types[extname(file)] ?? "application/octet-stream" });
      createReadStream(file).pipe(res);
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  });

  test.afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("the tarball holds the built bundle, the manifest, the types and the licences, and nothing else", () => {
    for (const file of [
      "package.json",
      // The partner documentation travels with the package.
      "README.md",
      "dist/agency-widgets.js",
      "dist/custom-elements.json",
      "dist/vscode.html-custom-data.json",
      "dist/web-types.json",
      "dist/agency-widgets.d.ts",
      "dist/react.d.ts",
      // The licences of the packages the scripts contain (e2e/licences.spec.ts).
      "dist/THIRD-PARTY-LICENSES.md",
    ]) {
      expect(packed, file).toContain(file);
    }
    for (const tag of TAGS) expect(packed).toContain(`dist/${tag}.js`);
    expect(packed.filter((f) => f.startsWith("dist/chunks/") && f.endsWith(".js")).length).toBeGreaterThan(0);
    expect(packed.filter((f) => /^src\/|agency-demo|\.(gz|br)$/.test(f))).toEqual([]);
  });

  test("its integrity.json holds the sha384 of every packed script, as the release at /widgets/<version>/ publishes it", () => {
    expect(packed).toContain("dist/integrity.json");
    const installed = join(project, "node_modules/@agency/widgets");
    const integrity = JSON.parse(readFileSync(join(installed, "dist/integrity.json"), "utf8")) as Record<string, string>;
    const scripts = packed.filter((f) => f.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(TAGS.length);
    for (const file of scripts) {
      const hash = `sha384-${createHash("sha384").update(readFileSync(join(installed, file))).digest("base64")}`;
      expect(integrity[file.slice("dist/".length)], file).toBe(hash);
    }
  });

  test("its exports resolve to the built files", () => {
    const resolve = (specifier: string) =>
      run("node", ["--input-type=module", "-e", `console.log(import.meta.resolve(${JSON.stringify(specifier)}))`], project).trim();
    const dist = `file://${project}/node_modules/@agency/widgets/dist/`;
    expect(resolve("@agency/widgets")).toBe(`${dist}agency-widgets.js`);
    expect(resolve("@agency/widgets/agency-pricing.js")).toBe(`${dist}agency-pricing.js`);
    expect(resolve("@agency/widgets/custom-elements.json")).toBe(`${dist}custom-elements.json`);
    expect(resolve("@agency/widgets/agency-widgets.d.ts")).toBe(`${dist}agency-widgets.d.ts`);
  });

  test("everything package.json points at is in the tarball, and every file a packed module imports is too", () => {
    const pkg = JSON.parse(readFileSync(join(repo, "packages/widgets/package.json"), "utf8")) as {
      exports: Record<string, string | Record<string, string>>;
      types: string;
      customElements: string;
    };
    // "agency-source" is the repository's own condition (the site compiles the elements from their source); no
    // consumer's tool sets it, so its targets are not packed.
    const published = (target: Record<string, string>) =>
      Object.entries(target).flatMap(([condition, file]) => (condition === "agency-source" ? [] : [file]));
    const targets = [
      ...Object.values(pkg.exports).flatMap((target) => (typeof target === "string" ? [target] : published(target))),
      pkg.types,
      pkg.customElements,
    ].map((target) => target.replace(/^\.\//, ""));
    for (const target of targets) {
      if (!target.includes("*")) {
        expect(packed, target).toContain(target);
        continue;
      }
      const pattern = new RegExp(`^${target.replaceAll(".", "\\.").replace("*", "[^/]+")}$`);
      const matches = packed.filter((file) => pattern.test(file));
      for (const tag of TAGS) expect(matches, target).toContain(target.replace("*", tag.slice("agency-".length)));
    }
    // The bundle's entries and chunks import each other by relative paths, and nothing else (no dependencies).
    const installed = join(project, "node_modules/@agency/widgets");
    for (const file of packed.filter((f) => f.endsWith(".js"))) {
      const code = readFileSync(join(installed, file), "utf8");
      // A specifier is a path or a package name: a text that ends in "from" before the next string of a catalog
      // (`" from ",["company"]`) is no import.
      for (const [, specifier] of code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*"([^"\s,[\]{}]+)"/g)) {
        expect(specifier!.startsWith("./") || specifier!.startsWith("../"), `${file} imports ${specifier}`).toBe(true);
        expect(packed, `${file} imports ${specifier}`).toContain(join(dirname(file), specifier!));
      }
    }
  });

  test("a consumer's TypeScript and React 19 code type-checks against it, and a wrong use does not", () => {
    writeFileSync(
      join(project, "consumer.ts"),
      `import "@agency/widgets";
import type { AgencyPricingElement } from "@agency/widgets";

const pricing: AgencyPricingElement | null = document.querySelector("agency-pricing");
if (pricing) {
  pricing.showIncluded = true;
  const locale: "nl" | "en" | undefined = pricing.locale;
  void locale;
  pricing.addEventListener("agency-package-select", (event) => {
    const fee: number = event.detail.startupFee;
    if (fee > 1000) event.preventDefault();
  });
}
const login = document.createElement("agency-login");
login.view = "register";
document.addEventListener("agency-navigate", (event) => {
  const to: string = event.detail.to;
  if (to === "/dashboard") event.preventDefault();
});
window.addEventListener("agency-login-success", (event) => console.log(event.detail.email));
window.AgencyWidgets?.configure({ apiBase: "https://agency.example/api", locale: "nl" });
`,
    );
    writeFileSync(
      join(project, "consumer.tsx"),
      `/// <reference types="@agency/widgets/react" />
export const Page = () => (
  <agency-pricing
    locale="nl"
    show-included
    contact-href="/contact"
    onagency-package-select={(event) => console.log(event.detail.currency)}
    onagency-navigate={(event) => event.preventDefault()}
  />
);
`,
    );
    const good = typecheck(["consumer.ts", "consumer.tsx"]);
    expect(good.output).toBe("");
    expect(good.ok).toBe(true);

    writeFileSync(
      join(project, "wrong.tsx"),
      `/// <reference types="@agency/widgets/react" />
import "@agency/widgets";
document.createElement("agency-login").view = "signup";
document.addEventListener("agency-quote-submitted", (event) => event.detail.nonsense);
export const Page = () => <agency-pricing show-included="yes" onagency-navigate={(event) => event.detail.nowhere} />;
`,
    );
    const wrong = typecheck(["wrong.tsx"]);
    expect(wrong.ok).toBe(false);
    expect(wrong.output).toContain(`'"signup"' is not assignable`);
    expect(wrong.output).toContain("Property 'nonsense' does not exist on type 'AgencyQuoteRequest'");
    expect(wrong.output).toContain("Property 'nowhere' does not exist on type 'AgencyNavigateDetail'");
    expect(wrong.output).toMatch(/show-included/);
  });

  test("the installed bundle defines all six elements in Chromium, and one entry defines just its own", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const dist = "/node_modules/@agency/widgets/dist";
    writeFileSync(
      join(project, "all.html"),
      `<!doctype html><html lang="en"><title>all</title><script type="module" src="${dist}/agency-widgets.js"></script>
<agency-pricing locale="en" show-included></agency-pricing>`,
    );
    writeFileSync(
      join(project, "one.html"),
      `<!doctype html><html lang="en"><title>one</title><script type="module" src="${dist}/agency-pricing.js"></script>
<agency-pricing locale="nl"></agency-pricing>`,
    );
    await page.goto(`${origin}/all.html`);
    await expect(page.locator("agency-pricing").getByRole("heading", { name: "What's Included" })).toBeVisible();
    expect(await page.evaluate((tags) => tags.filter((tag) => !customElements.get(tag)), TAGS)).toEqual([]);
    expect(await page.evaluate(() => typeof window.AgencyWidgets?.configure)).toBe("function");

    await page.goto(`${origin}/one.html`);
    await expect(page.locator("agency-pricing").locator(".package__amount").first()).toHaveText("€ 499");
    expect(await page.evaluate((tags) => tags.filter((tag) => customElements.get(tag)), TAGS)).toEqual(["agency-pricing"]);
    expect(errors).toEqual([]);
  });
});
