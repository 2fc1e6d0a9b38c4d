import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { HtmlValidate, type ConfigData } from "html-validate";
import { AUTH_PATHS, DESK_PATHS, PORTAL_PATHS, PUBLIC_PATHS, SINGLE_LANGUAGE_PATHS } from "../host/src/lib/site-pages";
import { API_ORIGIN, articlePaths } from "./helpers";

/**
 * Every page as the server sends it, in Dutch and English, checked by two validators nobody on this project wrote:
 * the Nu HTML Checker (vnu, the W3C's checker; Java) and html-validate with its accessibility rules on top of the
 * recommended set (.htmlvalidate.json switches off only style rules, each with its reason).
 */

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.E2E_PORT ?? 4310);
const dir = resolve(root, `test-results/validate-html-${port}`);

interface Page {
  name: string;
  path: string;
  /** The visitor's language cookie: About, Features, the blog and the sign-in pages render in English with it. */
  english?: boolean;
  status?: number;
}

async function pages(request: APIRequestContext): Promise<Page[]> {
  const articles = await articlePaths(request);
  expect(articles.length).toBeGreaterThan(0);
  const chosenLanguage = [...SINGLE_LANGUAGE_PATHS, ...AUTH_PATHS, ...articles];
  return [
    ...[...PUBLIC_PATHS, ...AUTH_PATHS, ...articles, "/blog?page=2", ...PORTAL_PATHS, ...DESK_PATHS].map((path) => ({ name: path, path })),
    ...chosenLanguage.map((path) => ({ name: `${path} (en)`, path, english: true })),
    { name: "not found", path: "/no-such-page", status: 404 },
    { name: "not found (en)", path: "/en/no-such-page", status: 404 },
  ];
}

/**
 * The page as vnu reads it. Its CSS checker predates CSS Shadow Parts and reports "CSS: Parse Error" on every
 * `::part()` selector (valid CSS that styles the elements' parts); inside <style> those become an attribute selector
 * of the same shape, so the rest of the page's CSS is still checked.
 */
const forVnu = (html: string) =>
  html.replace(/(<style[^>]*>)([\s\S]*?)(<\/style>)/g, (_, open: string, css: string, close: string) =>
    `${open}${css.replace(/::part\(([\w-]+)\)/g, '[part~="$1"]')}${close}`,
  );

/**
 * Landmarks without a name or with a name given twice, and articles without one where a page lists several (what
 * IBM's accessibility checker asks; html-validate's unique-landmark sees only part of it).
 */
function unnamed(html: string): string[] {
  const found: string[] = [];
  const names = new Map<string, number>();
  const several = (html.match(/<article\b/g)?.length ?? 0) > 1;
  const ids = new Map([...html.matchAll(/<(h[1-6]|button)\b[^>]*\sid="([^"]+)"[^>]*>([\s\S]*?)<\/\1>/g)].map(([, , id, text]) => [id!, text!.replace(/<[^>]*>/g, "").trim()]));
  for (const [tag, element, attributes] of html.matchAll(/<(aside|article|nav|section|form)\b([^>]*)>/g)) {
    const label = / aria-label="([^"]+)"/.exec(attributes!)?.[1] ?? ids.get(/ aria-labelledby="([^"]+)"/.exec(attributes!)?.[1] ?? "");
    if (!label) {
      // A section or form without a name is no landmark; an aside and a nav need one, an article among several too.
      if (element === "aside" || element === "nav" || (element === "article" && several)) found.push(`${tag} has no name`);
      continue;
    }
    const key = `${element === "section" ? "region" : element} "${label}"`; // articles too: told apart by name
    names.set(key, (names.get(key) ?? 0) + 1);
  }
  for (const [key, count] of names) if (count > 1) found.push(`${count} landmarks named ${key}`);
  return found;
}

const fileName = (page: Page) => `${page.name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}.html`;

/** Java for vnu.jar; the test fails naming the package to install rather than pass without the checker. */
async function java(): Promise<string> {
  try {
    await run("java", ["-version"]);
    return "java";
  } catch {
    throw new Error("The Nu HTML Checker needs Java: sudo apt-get install -y default-jre-headless");
  }
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test("every rendered page is valid HTML for the Nu HTML Checker and html-validate, nl and en, the not-found page too", async ({ request }) => {
  // Well under a minute on an idle machine; the margin is for a loaded one.
  test.setTimeout(240_000);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const list = await pages(request);
  const files = new Map<string, Page>();
  const htmlvalidate = new HtmlValidate(JSON.parse(readFileSync(resolve(root, ".htmlvalidate.json"), "utf8")) as ConfigData);
  const problems: string[] = [];
  const pagesHtml = new Map<string, string>();
  for (const page of list) {
    // As a browser asks: the portal's shells and the not-found page are answered to requests that accept HTML.
    const headers = { accept: "text/html", ...(page.english ? { cookie: "lang=en" } : {}) };
    const response = await request.get(`${API_ORIGIN}${page.path}`, { headers });
    expect(response.status(), page.name).toBe(page.status ?? 200);
    const html = await response.text();
    const file = resolve(dir, fileName(page));
    expect(files.has(file), `${page.name}: two pages in one file`).toBe(false);
    files.set(file, page);
    pagesHtml.set(file, html);
    writeFileSync(file, forVnu(html));
  }

  // One Java process for every file (the checker's start is most of its time), running while html-validate does.
  // A short-lived JVM is faster with the quick compiler alone, which needs a larger stack for the checker's schema.
  const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));
  const args = ["-Xss4m", "-XX:TieredStopAtLevel=1", "-jar", vnuJar, "--format", "json", "--stdout", "--exit-zero-always", ...files.keys()];
  const vnu = java().then((command) => run(command, args, { maxBuffer: 64 * 1024 * 1024 }));
  vnu.catch(() => {}); // awaited below; not an unhandled rejection while html-validate runs

  for (const [file, html] of pagesHtml) {
    const page = files.get(file)!;
    for (const problem of unnamed(html)) problems.push(`landmarks ${page.name}: ${problem}`);
    const report = await htmlvalidate.validateString(html, file);
    for (const result of report.results) {
      for (const m of result.messages) problems.push(`html-validate ${page.name}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
    }
  }

  const { messages } = JSON.parse((await vnu).stdout) as { messages: VnuMessage[] };
  for (const m of messages) {
    // Info messages other than warnings are remarks (a trailing slash on a void element has no effect).
    if (m.type === "info" && m.subType !== "warning") continue;
    const page = files.get(decodeURIComponent((m.url ?? "").replace(/^file:/, "")))?.name ?? m.url;
    problems.push(`vnu ${m.subType ?? m.type} ${page}:${m.lastLine ?? "?"} ${m.message} ${m.extract ? JSON.stringify(m.extract) : ""}`);
  }
  expect(problems, problems.join("\n")).toEqual([]);
});
