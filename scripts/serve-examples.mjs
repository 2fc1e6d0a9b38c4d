#!/usr/bin/env node
// Serves examples/ on its own origin, the way a partner's site would host them: the pages load the element
// bundle and call the API on the agency's origin. The pages name the agency by path only (`/widgets/…`,
// `api-base="/api"`, `contact-href="/en/contact"`), which works where the agency's server serves them itself;
// here those paths are pointed at --api, as a partner configures the agency's address, and the pages get the
// strict policy a partner page would send, with the agency's origin allowed for scripts, API calls and images.
// Usage: node scripts/serve-examples.mjs --port 4311 --api http://127.0.0.1:4310
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
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
  "style-src 'self'",
  `connect-src 'self' ${agency}`,
  `img-src 'self' data: ${agency}`,
  // The providers of the consent-gated embeds (agency-cookie-banner-embeds.html), as a partner lists theirs.
  "frame-src 'self' https://www.youtube-nocookie.com https://www.openstreetmap.org",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");
/** The agency's addresses in a page: the bundle's script, and element attributes holding an API base or a link. */
const pointAtAgency = (html) =>
  html.replaceAll('src="/widgets/', `src="${agency}/widgets/`).replace(/\b((?:data-)?api-base|[a-z]+-href)="\/(?!\/)/g, `$1="${agency}/`);
const types = { ".html": "text/html; charset=utf-8", ".css": "text/css", ".js": "text/javascript", ".svg": "image/svg+xml" };

createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://x");
  const path = normalize(decodeURIComponent(url.pathname === "/" ? "/index.html" : url.pathname));
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
  console.log(`Examples at http://127.0.0.1:${values.port}/ (API ${values.api})`);
});
