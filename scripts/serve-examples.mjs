#!/usr/bin/env node
// Serves examples/ on its own origin, the way a partner's site would host them: the pages load the element
// bundle and call the API on the agency's origin. The pages name the agency by path only (`/widgets/…`,
// `api-base="/api"`, `contact-href="/en/contact"`), which works where the agency's server serves them itself;
// here those paths are pointed at --api, as a partner configures the agency's address, and the pages get the
// strict policy a partner page would send, with the agency's origin allowed for scripts, its stylesheet, API calls and images.
// Its address (/) lists every example. The agency's server must allow this origin (ALLOWED_ORIGINS), which it
// prints at start; the React example is served once built (`npm run build:examples`, which `npm start` also does).
// Usage: node scripts/serve-examples.mjs --port 4311 --api http://127.0.0.1:4310
import { createReadStream, existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize, resolve } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { port: { type: "string", default: "4311" }, api: { type: "string", default: "http://localhost:8080" } },
});
const root = resolve(import.meta.dirname, "../examples");
const agency = new URL(values.api).origin;
const policy = [
  "default-src 'self'",
  `script-src 'self' ${agency}`,
  // The agency's stylesheet that reserves the elements' room (agency-widgets.css); still no inline style.
  `style-src 'self' ${agency}`,
  `connect-src 'self' ${agency}`,
  `img-src 'self' data: ${agency}`,
  // The providers of the consent-gated embeds (agency-cookie-banner-embeds.html), as a partner lists theirs.
  "frame-src 'self' https://www.youtube-nocookie.com https://www.openstreetmap.org",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");
/** The agency's addresses in a page: the bundle's script and stylesheet, and element attributes holding an API base or a link. */
const pointAtAgency = (html) =>
  html
    .replaceAll('src="/widgets/', `src="${agency}/widgets/`)
    .replaceAll('href="/widgets/', `href="${agency}/widgets/`).replace(/\b((?:data-)?api-base|[a-z]+-href)="\/(?!\/)/g, `$1="${agency}/`);
/** The example pages, each with its <title>, and the React example when it is built. */
function examples() {
  const pages = readdirSync(root)
    .filter((name) => name.endsWith(".html"))
    .sort()
    .map((name) => ({ href: name, title: /<title>([^<]*)<\/title>/.exec(readFileSync(join(root, name), "utf8"))?.[1]?.trim() || name }));
  const react = existsSync(join(root, "react/dist/index.html"));
  return { pages, react };
}

const escape = (text) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/** The page at /: every example, and the origin the agency's server must allow, as the browser sees this one. */
function indexPage(origin) {
  const { pages, react } = examples();
  const items = pages.map(({ href, title }) => `<li><a href="${escape(href)}">${escape(title)}</a> <code>${escape(href)}</code></li>`);
  items.push(
    react
      ? '<li><a href="react/dist/index.html">A React 19 app using the elements</a> <code>react/</code></li>'
      : "<li>A React 19 app using the elements (<code>react/</code>): not built yet; run <code>npm run build:examples</code>.</li>",
  );
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>Examples of the agency's elements</title></head>
  <body>
    <main>
      <h1>Examples of the agency's elements</h1>
      <p>Served as a partner's site would serve them, calling the agency at <code>${escape(agency)}</code>.
        That server must allow this page's origin: start it with <code>ALLOWED_ORIGINS=${escape(origin)}</code>.</p>
      <ul>
        ${items.join("\n        ")}
      </ul>
    </main>
  </body>
</html>
`;
}

const types = { ".html": "text/html; charset=utf-8", ".css": "text/css", ".js": "text/javascript", ".svg": "image/svg+xml" };

createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://x");
  if (url.pathname === "/" || url.pathname === "/index.html") {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Content-Security-Policy": policy });
    res.end(indexPage(`http://${req.headers.host ?? `127.0.0.1:${values.port}`}`));
    return;
  }
  const path = normalize(decodeURIComponent(url.pathname));
  const file = join(root, path);
  if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
    return;
  }
  const type = types[extname(file)] ?? "application/octet-stream";
  if (type.startsWith("text/html")) {
    res.writeHead(200, { "Content-Type": type, "Cache-Control": "no-store", "Content-Security-Policy": policy });
    res.end(pointAtAgency(readFileSync(file, "utf8")));
    return;
  }
  res.writeHead(200, { "Content-Type": type });
  createReadStream(file).pipe(res);
}).listen(Number(values.port), "127.0.0.1", () => {
  const origin = `http://127.0.0.1:${values.port}`;
  console.log(`Examples at ${origin}/ (every example is listed there), calling the agency at ${values.api}.`);
  console.log(`That server must allow this origin: ALLOWED_ORIGINS=${origin} (open the examples at this address, not at localhost).`);
  if (!examples().react) console.log("The React example is not built yet: npm run build:examples");
});
