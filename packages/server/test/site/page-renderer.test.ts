import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { syncBlog } from "../../src/blog/sync";
import { buildTestApp, type TestApp } from "../support/helpers";

/**
 * The static-site plugin with a server entry: public pages are sent rendered (language, head tags, markup, loader
 * data) with nothing that loads a script before the first paint, English ones with the inline language guard,
 * portal pages as the browser-rendered shell, an address that is no page as the rendered not-found page (404),
 * and each page rendered once per blog content version and kept as a finished document. The entry here is a
 * small stand-in with the real entry's interface (host/src/entry-server.tsx), which counts its renders and reads
 * the blog through the API.
 */

let t: TestApp;
const root = mkdtempSync(path.join(tmpdir(), "ssr-"));
const hostDist = path.join(root, "host");

const GUARD = "window.guarded = true;\n";
const BOOT = "window.booted = document.currentScript.dataset.entry;\n";

const ENTRY = `
export let renders = 0;
export const documentScripts = { languageGuard: ${JSON.stringify(GUARD)}, boot: ${JSON.stringify(BOOT)} };
const app = (pathname) => pathname.replace(/^\\/preview\\/[^/]+\\/[^/]+/, "") || "/";
const pages = ["/pricing", "/en/pricing", "/blog"];
export function pageKindOf(appPath) {
  if (pages.includes(appPath)) return "rendered";
  if (["/dashboard", "/desk", "/en/desk"].includes(appPath)) return "portal";
  return appPath.startsWith("/dashboard/") ? "portal-missing" : "missing";
}
export function renderedPageUrl(url) {
  const [pathname, query = ""] = url.split("?");
  const page = new URLSearchParams(query).get("page");
  return app(pathname) === "/blog" && page ? pathname + "?page=" + page : pathname;
}
export async function render(path, origin, serverData) {
  renders++;
  globalThis.ssrRenders = renders;
  const url = new URL(path, origin);
  if (url.pathname === "/pricing" && url.search) throw new Error("rendered with a query it does not read: " + url.search);
  const english = app(url.pathname).startsWith("/en");
  const missing = pageKindOf(app(url.pathname)) === "missing";
  const { body } = await serverData.get("/blog?page=1&limit=50", english ? "en" : "nl");
  const titles = body.posts.map((post) => post.title).join(", ");
  return {
    kind: "page",
    status: missing ? 404 : 200,
    lang: english ? "en" : "nl",
    head: "<title>" + (missing ? "Not found" : url.pathname) + " | Site</title>",
    body: "<h1>" + url.pathname + url.search + "</h1><p>" + titles + "</p><p>Costs $& more, $' less</p>",
    data: JSON.stringify({ path: url.pathname }),
  };
}
`;

beforeAll(async () => {
  mkdirSync(path.join(hostDist, "server"), { recursive: true });
  writeFileSync(
    path.join(hostDist, "index.html"),
    '<!doctype html>\n<html lang="nl">\n<head><meta charset="UTF-8" /><script type="module" crossorigin src="./assets/index-Ef56Gh78.js"></script>' +
      '<link rel="modulepreload" crossorigin href="./assets/react-Ij90Kl12.js"><link rel="stylesheet" crossorigin href="./assets/app-Ab12Cd34.css"></head>\n' +
      '<body><div id="root"></div></body></html>',
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
const html = { accept: "text/html,application/xhtml+xml" };
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

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
    expect(res.body).toContain('<html lang="nl">');
    expect(res.body).toMatch(/<title>\/pricing \| Site<\/title><\/head>/);
    // The site's styles come with the page, so it is painted without waiting for another request.
    expect(res.body).toContain("<style>body{margin:0}</style>");
    expect(res.body).not.toContain("app-Ab12Cd34.css");
    expect(res.body).toContain('<div id="root"><h1>/pricing</h1>');
    // The page's text goes in as it is, "$&" included.
    expect(res.body).toContain("<p>Costs $& more, $' less</p></div>");
    expect(res.body).toContain('<script type="application/json" id="router-data">{"path":"/pricing"}</script>');
    expect(res.body).not.toContain(GUARD);
  });

  it("loads no script before the first paint: no module script or preload, the boot script last, allowed by its hash", async () => {
    const res = await t.app.inject({ url: "/pricing" });
    const head = res.body.slice(0, res.body.indexOf("</head>"));
    expect(head).not.toMatch(/<script|modulepreload/);
    const boot = `<script data-entry="/assets/index-Ef56Gh78.js" data-preload="/assets/react-Ij90Kl12.js">${BOOT}</script></body>`;
    expect(res.body).toContain(boot);
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers["content-security-policy"]))?.[1] ?? "";
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).toContain(sha256(BOOT));
    expect(scriptSrc).toContain(sha256(GUARD));
    expect(scriptSrc).not.toContain("unsafe-inline");
    const preview = await t.app.inject({ url: "/preview/a/b/pricing" });
    expect(preview.body).toContain('<script data-entry="/preview/a/b/assets/index-Ef56Gh78.js" data-preload="/preview/a/b/assets/react-Ij90Kl12.js">');
  });

  it("runs the language guard inline, first in the head of an English page", async () => {
    const res = await t.app.inject({ url: "/en/pricing" });
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain(`<meta charset="UTF-8" /><script>${GUARD}</script>`);
    const preview = await t.app.inject({ url: "/preview/a/b/en/pricing" });
    expect(preview.body).toContain(`<meta charset="UTF-8" /><script>${GUARD}</script>`);
    expect(preview.body).toContain('<div id="root"><h1>/preview/a/b/en/pricing</h1>');
  });

  it("sends portal pages as the shell the browser renders, and never serves the server entry", async () => {
    const shell = await t.app.inject({ url: "/dashboard", headers: html });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('<div id="root"></div>');
    expect(shell.body).toContain('<script type="module" crossorigin src="/assets/index-Ef56Gh78.js">');
    expect(shell.body).not.toContain("router-data");
    const encoded = ["/%73erver/entry-server.js", "/server%2Fentry-server.js", "/%2Fserver/entry-server.js", "/assets/..%2Fserver/entry-server.js", "/SERVER/../server/entry-server.js"];
    for (const url of ["/server/entry-server.js", "/server/", "/preview/a/b/server/entry-server.js", "/preview/a/b/%73erver/entry-server.js", ...encoded]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});

describe("the portal's shell", () => {
  it("is in the language of its address: English under /en, also under a preview base, Dutch elsewhere", async () => {
    const cases = { "/dashboard": "nl", "/desk": "nl", "/en/desk": "en", "/preview/a/b/en/desk": "en", "/preview/a/b/desk": "nl" };
    for (const [url, lang] of Object.entries(cases)) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).toContain(`<html lang="${lang}">`);
    }
  });
});

describe("the opener policy of a page", () => {
  const opener = (fetchSite?: string) => (fetchSite ? { ...html, "sec-fetch-site": fetchSite, "accept-encoding": "br" } : html);

  it("comes with every page another site's page or ours can open, and with every other answer", async () => {
    for (const url of ["/pricing", "/dashboard", "/nowhere"]) {
      for (const fetchSite of [undefined, "cross-site", "same-site", "same-origin"]) {
        const page = await t.app.inject({ url, headers: opener(fetchSite) });
        expect(page.headers["cross-origin-opener-policy"], `${url} ${fetchSite}`).toBe("same-origin-allow-popups");
        expect(String(page.headers.vary).split(", "), url).toContain("sec-fetch-site");
      }
    }
    const api = await t.app.inject({ url: "/api/health", headers: { "sec-fetch-site": "none" } });
    expect(api.headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
  });

  it("is left out when the visitor opened the page themselves (address bar, bookmark): no new process to wait for", async () => {
    for (const url of ["/pricing", "/en/pricing", "/dashboard", "/nowhere"]) {
      const page = await t.app.inject({ url, headers: opener("none") });
      expect(page.headers["content-type"], url).toContain("text/html");
      expect(page.headers["cross-origin-opener-policy"], url).toBeUndefined();
      expect(String(page.headers.vary).split(", "), url).toContain("sec-fetch-site");
    }
  });
});

describe("an address that is no page", () => {
  it("answers a browser 404 with the rendered not-found page, in either language and under a preview base", async () => {
    const cases = { "/nope": "nl", "/en/nope": "en", "/en/blog": "en", "/preview/a": "nl", "/preview/a/b/nope": "nl", "/nope.html": "nl" };
    for (const [url, lang] of Object.entries(cases)) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toMatch(/text\/html/);
      expect(res.body, url).toContain(`<html lang="${lang}">`);
      expect(res.body, url).toContain("<title>Not found | Site</title>");
      expect(res.body, url).toContain(`<h1>${url}</h1>`);
      // The language guard is the English pages' own: an English address that is no page is shown as it is.
      expect(res.body, url).not.toContain(GUARD);
    }
  });

  it("answers a 404 below the portal with the shell the browser renders, kept out of search results", async () => {
    const res = await t.app.inject({ url: "/dashboard/nope", headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    expect(res.body).toContain('<div id="root"></div>');
  });

  it("answers anyone who does not ask for HTML with the API's JSON 404", async () => {
    for (const url of ["/nope", "/en/nope", "/api/nope"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: "not_found" });
    }
  });

  it("answers 404 to a preview base with characters that would break out of an attribute (sent raw, not encoded)", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = new URL(address);
    const raw = (target: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), "127.0.0.1", () =>
          socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\nConnection: close\r\n\r\n`),
        );
        let answer = "";
        socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
        socket.on("end", () => resolve(answer));
        socket.on("error", reject);
      });
    expect(await raw('/preview/a"onload="x/b/pricing')).toMatch(/^HTTP\/1\.1 404/);
    expect(await raw("/preview/a/b/pricing")).toMatch(/^HTTP\/1\.1 200/);
  });
});

describe("the page cache", () => {
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

  it("keys a page on the query parameters it reads: any other query string is the same cached page", async () => {
    const page = (await t.app.inject({ url: "/pricing" })).body;
    const before = renders();
    for (let r = 0; r < 20; r++) expect((await t.app.inject({ url: `/pricing?r=${r}&utm_source=x` })).body).toBe(page);
    expect(renders()).toBe(before);

    const second = await t.app.inject({ url: "/blog?page=2&r=1" });
    expect(second.body).toContain("<h1>/blog?page=2</h1>");
    expect(renders()).toBe(before + 1);
    await t.app.inject({ url: "/blog?r=2&page=2" });
    expect(renders()).toBe(before + 1);
  });

  it("keeps the site's pages when a stream of made-up addresses comes in, and keeps no not-found page", async () => {
    await t.app.inject({ url: "/pricing" });
    await t.app.inject({ url: "/en/pricing" });
    const before = renders();
    for (let i = 0; i < 260; i++) {
      await t.app.inject({ url: `/preview/p${i}/q/pricing` });
      await t.app.inject({ url: `/blog?page=${i + 3}` });
    }
    expect(renders()).toBe(before + 520);
    await t.app.inject({ url: "/pricing" });
    await t.app.inject({ url: "/en/pricing" });
    expect(renders()).toBe(before + 520);

    await t.app.inject({ url: "/nope-twice", headers: html });
    await t.app.inject({ url: "/nope-twice", headers: html });
    expect(renders()).toBe(before + 522);
  });

  it("sends the finished page compressed to browsers that accept it, the same page as uncompressed", async () => {
    const plain = await t.app.inject({ url: "/pricing" });
    const br = await t.app.inject({ url: "/pricing", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({ url: "/pricing", headers: { "accept-encoding": "gzip, br;q=0" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });
});

describe("page render metrics", () => {
  const count = async (result: string) =>
    (await t.app.metrics.pageRenders.get()).values.find((value) => value.labels.result === result)?.value ?? 0;

  it("counts a page React rendered and one the page cache answered", async () => {
    const [rendered, hits] = [await count("render"), await count("hit")];
    await t.app.inject({ url: "/preview/metrics/x/en/pricing" });
    await t.app.inject({ url: "/preview/metrics/x/en/pricing" });
    expect(await count("render")).toBe(rendered + 1);
    expect(await count("hit")).toBe(hits + 1);
  });
});
