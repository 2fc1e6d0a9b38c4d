import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { syncBlog } from "../src/blog/sync";
import { buildTestApp, type TestApp } from "./helpers";

/**
 * The static-site plugin with a server entry: public pages are sent rendered (language, head tags, markup, loader
 * data), English ones with the blocking language guard, portal pages as the browser-rendered shell, and a page is
 * rendered again when the blog's content changes. The entry here is a small stand-in with the real entry's
 * interface (host/src/entry-server.tsx), which counts its renders and reads the blog through the API.
 */

let t: TestApp;
const root = mkdtempSync(path.join(tmpdir(), "ssr-"));
const hostDist = path.join(root, "host");

const ENTRY = `
export let renders = 0;
export function isServerRenderedPath(appPath) {
  return ["/pricing", "/en/pricing", "/blog"].includes(appPath);
}
export async function render(path, origin, serverData) {
  renders++;
  globalThis.ssrRenders = renders;
  const url = new URL(path, origin);
  if (url.searchParams.has("moved")) return { kind: "redirect", status: 302, location: "/pricing" };
  const english = url.pathname.includes("/en/");
  const { body } = await serverData.get("/blog?page=1&limit=50", english ? "en" : "nl");
  const titles = body.posts.map((post) => post.title).join(", ");
  return {
    kind: "page",
    status: 200,
    lang: english ? "en" : "nl",
    head: "<title>" + url.pathname + " | Site</title>",
    body: "<h1>" + url.pathname + "</h1><p>" + titles + "</p><p>Costs $& more, $' less</p>",
    data: JSON.stringify({ path: url.pathname }),
  };
}
`;

beforeAll(async () => {
  mkdirSync(path.join(hostDist, "server"), { recursive: true });
  writeFileSync(
    path.join(hostDist, "index.html"),
    '<!doctype html>\n<html lang="nl">\n<head><meta charset="UTF-8" /><link rel="stylesheet" crossorigin href="./assets/app-Ab12Cd34.css"></head>\n<body><div id="root"></div></body></html>',
  );
  mkdirSync(path.join(hostDist, "assets"), { recursive: true });
  writeFileSync(path.join(hostDist, "assets", "app-Ab12Cd34.css"), "body{margin:0}");
  writeFileSync(path.join(hostDist, "server", "entry-server.js"), ENTRY);
  t = await buildTestApp({
    env: { PUBLIC_URL: "https://agency.example" },
    staticSite: { hostDist, widgetsDist: path.join(root, "widgets"), examplesDir: path.join(root, "examples") },
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const renders = () => (globalThis as { ssrRenders?: number }).ssrRenders ?? 0;

/** Writes a Markdown post into the test's blog folder. */
const writePost = (dir: string, id: string, title: string) =>
  writeFileSync(
    path.join(dir, `${id}.md`),
    `---\nid: ${id}\ntitle: "${title}"\nauthor_name: Sanne\ncreated_at: 2026-01-01\ntags: []\n---\n\nText.\n`,
  );

describe("server-rendered pages", () => {
  it("sends a public page rendered, whatever the Accept header: language, head tags, markup and loader data", async () => {
    const res = await t.app.inject({ url: "/pricing" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.headers["content-security-policy"]).toMatch(/script-src 'self'/);
    expect(res.body).toContain('<html lang="nl">');
    expect(res.body).toMatch(/<title>\/pricing \| Site<\/title><\/head>/);
    // The site's styles come with the page, so it is painted without waiting for another request.
    expect(res.body).toContain("<style>body{margin:0}</style>");
    expect(res.body).not.toContain("app-Ab12Cd34.css");
    expect(res.body).toContain('<div id="root"><h1>/pricing</h1>');
    // The page's text goes in as it is, "$&" included.
    expect(res.body).toContain("<p>Costs $& more, $' less</p></div>");
    expect(res.body).toContain('<script type="application/json" id="router-data">{"path":"/pricing"}</script>');
    expect(res.body).not.toContain("language-guard.js");
  });

  it("puts the language guard as a blocking script file first in the head of an English page", async () => {
    const res = await t.app.inject({ url: "/en/pricing" });
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('<meta charset="UTF-8" /><script src="/language-guard.js"></script>');
    const preview = await t.app.inject({ url: "/preview/a/b/en/pricing" });
    expect(preview.body).toContain('<script src="/preview/a/b/language-guard.js"></script>');
    expect(preview.body).toContain('<div id="root"><h1>/preview/a/b/en/pricing</h1>');
  });

  it("follows the entry's redirects", async () => {
    const res = await t.app.inject({ url: "/pricing?moved=1" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/pricing");
  });

  it("sends portal pages as the shell the browser renders, and never serves the server entry", async () => {
    const shell = await t.app.inject({ url: "/dashboard", headers: { accept: "text/html" } });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('<div id="root"></div>');
    expect(shell.body).toContain('<link rel="stylesheet" crossorigin href="/assets/app-Ab12Cd34.css">');
    expect(shell.body).not.toContain("router-data");
    const encoded = ["/%73erver/entry-server.js", "/server%2Fentry-server.js", "/%2Fserver/entry-server.js", "/assets/..%2Fserver/entry-server.js", "/SERVER/../server/entry-server.js"];
    for (const url of ["/server/entry-server.js", "/server/", "/preview/a/b/server/entry-server.js", "/preview/a/b/%73erver/entry-server.js", ...encoded]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it("renders a page once per blog content version: a post added later is rendered on the next request", async () => {
    const blogDir = path.join(root, "blog");
    mkdirSync(blogDir, { recursive: true });
    writePost(blogDir, "first-post", "First post");
    await syncBlog(t.app.db, blogDir);
    const first = await t.app.inject({ url: "/blog" });
    expect(first.body).toContain("First post");
    const before = renders();
    await t.app.inject({ url: "/blog" });
    expect(renders()).toBe(before);

    writePost(blogDir, "added-later", "Added later");
    await syncBlog(t.app.db, blogDir);
    const after = await t.app.inject({ url: "/blog" });
    expect(renders()).toBe(before + 1);
    expect(after.body).toContain("Added later");
  });
});

describe("page render metrics", () => {
  const count = async (result: string) =>
    (await t.app.metrics.pageRenders.get()).values.find((value) => value.labels.result === result)?.value ?? 0;

  it("counts a page React rendered and one the page cache answered", async () => {
    const [rendered, hits] = [await count("render"), await count("hit")];
    await t.app.inject({ url: "/pricing?from=metrics" });
    await t.app.inject({ url: "/pricing?from=metrics" });
    expect(await count("render")).toBe(rendered + 1);
    expect(await count("hit")).toBe(hits + 1);
  });
});
