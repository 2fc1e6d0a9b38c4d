import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { buildTestApp, type TestApp } from "../support/helpers";

const keepRelease = path.join(__dirname, "../../../widgets/scripts/keep-release.mjs");
const precompress = path.join(__dirname, "../../../../scripts/precompress.mjs");
const FLOATING = "public, max-age=300, stale-while-revalidate=86400";
const IMMUTABLE = "public, max-age=31536000, immutable";

/** A widgets package folder as the build leaves it: package.json and a dist/ the build has just replaced. */
function build(packageDir: string, version: string, files: Record<string, string>) {
  writeFileSync(path.join(packageDir, "package.json"), JSON.stringify({ name: "@agency/widgets", version }));
  const dist = path.join(packageDir, "dist");
  rmSync(dist, { recursive: true, force: true });
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    writeFileSync(path.join(dist, name), content);
  }
  // As `npm run build:widgets` does: precompressed forms first, then the release is kept.
  execFileSync(process.execPath, [precompress, dist]);
  execFileSync(process.execPath, [keepRelease, packageDir]);
}

const sha384 = (bytes: Buffer) => `sha384-${createHash("sha384").update(bytes).digest("base64")}`;
/** A response's body as the browser's script loader sees it: decoded from whatever encoding it came in. */
function decoded(res: { rawPayload: Buffer; headers: Record<string, unknown> }): Buffer {
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(res.rawPayload);
  if (encoding === "gzip") return gunzipSync(res.rawPayload);
  return res.rawPayload;
}

let t: TestApp;
const packageDir = mkdtempSync(path.join(tmpdir(), "widgets-releases-"));

beforeAll(async () => {
  // Two deploys: 1.0.0, then 1.1.0, whose build no longer has 1.0.0's chunk.
  build(packageDir, "1.0.0", {
    "agency-widgets.js": 'import "./chunks/shared-Old0Hash1.js"; export const v = "1.0.0";',
    "chunks/shared-Old0Hash1.js": "export const shared = 'old';",
  });
  build(packageDir, "1.1.0", {
    "agency-widgets.js": 'import "./chunks/shared-New1Hash2.js"; export const v = "1.1.0";',
    "chunks/shared-New1Hash2.js": "export const shared = 'new';",
    // Large enough to be precompressed.
    "chunks/texts-Big3Hash4.js": `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `text number ${i}`))};`,
  });
  t = await buildTestApp({
    staticSite: {
      hostDist: path.join(packageDir, "no-host"),
      examplesDir: path.join(packageDir, "no-examples"),
      widgetsDist: path.join(packageDir, "dist"),
      widgetsReleases: path.join(packageDir, "releases"),
    },
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(packageDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ url });

describe("the element bundle's addresses", () => {
  it("/widgets/v1/ serves the newest 1.x, cached briefly and revalidated in the background", async () => {
    const res = await get("/widgets/v1/agency-widgets.js");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('v = "1.1.0"');
    expect(res.headers["cache-control"]).toBe(FLOATING);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    // Its chunks have content-hashed names: those are cached for good.
    const chunk = await get("/widgets/v1/chunks/shared-New1Hash2.js");
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers["cache-control"]).toBe(IMMUTABLE);
  });

  it("/widgets/<exact version>/ serves that release, immutable for a year, the current one and earlier ones", async () => {
    const current = await get("/widgets/1.1.0/agency-widgets.js");
    expect(current.statusCode).toBe(200);
    expect(current.body).toContain('v = "1.1.0"');
    expect(current.headers["cache-control"]).toBe(IMMUTABLE);
    const earlier = await get("/widgets/1.0.0/agency-widgets.js");
    expect(earlier.statusCode).toBe(200);
    expect(earlier.body).toContain('v = "1.0.0"');
    expect(earlier.headers["cache-control"]).toBe(IMMUTABLE);
    expect((await get("/widgets/1.0.0/chunks/shared-Old0Hash1.js")).body).toContain("'old'");
  });

  it("/widgets/agency-widgets.js keeps working, with its short cache", async () => {
    const res = await get("/widgets/agency-widgets.js");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('v = "1.1.0"');
    expect(res.headers["cache-control"]).toBe("public, max-age=300, must-revalidate");
    expect((await get("/preview/a/b/widgets/v1/agency-widgets.js")).statusCode).toBe(200);
  });

  it("a page opened before the deploy still gets the earlier release's chunk, at every address", async () => {
    for (const url of ["/widgets/chunks/shared-Old0Hash1.js", "/widgets/v1/chunks/shared-Old0Hash1.js", "/widgets/1.1.0/chunks/shared-Old0Hash1.js"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain("'old'");
      expect(res.headers["cache-control"]).toBe(IMMUTABLE);
    }
  });

  it("answers 404 for a version never released, a major without releases, and a file no release has", async () => {
    for (const url of [
      "/widgets/1.2.0/agency-widgets.js",
      "/widgets/0.9.9/agency-widgets.js",
      "/widgets/v2/agency-widgets.js",
      "/widgets/v1/chunks/shared-Gone9Hash9.js",
      "/widgets/v1/agency-nothing.js",
      "/widgets/v1/..%2f..%2fpackage.json",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: "not_found" });
    }
  });

  it("each release publishes integrity.json, and its addresses serve exactly those bytes in every content encoding", async () => {
    for (const [version, files] of [
      ["1.0.0", ["agency-widgets.js", "chunks/shared-Old0Hash1.js"]],
      ["1.1.0", ["agency-widgets.js", "chunks/shared-New1Hash2.js", "chunks/texts-Big3Hash4.js"]],
    ] as const) {
      const res = await get(`/widgets/${version}/integrity.json`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe(IMMUTABLE);
      const integrity = res.json() as Record<string, string>;
      expect(Object.keys(integrity)).toEqual(files);
      for (const [file, hash] of Object.entries(integrity)) {
        expect(hash).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
        const encodings = new Set<unknown>();
        for (const accept of ["identity", "gzip", "br", "gzip, deflate, br"]) {
          const served = await t.app.inject({ url: `/widgets/${version}/${file}`, headers: { "accept-encoding": accept } });
          expect(served.statusCode, `${file} ${accept}`).toBe(200);
          expect(sha384(decoded(served)), `${version}/${file} as ${accept}`).toBe(hash);
          encodings.add(served.headers["content-encoding"] ?? "identity");
        }
        // The large chunk really went out compressed, both ways.
        if (file.includes("Big3")) expect(encodings).toEqual(new Set(["identity", "gzip", "br"]));
      }
    }
    // The floating address publishes the newest release's hashes.
    expect((await get("/widgets/v1/integrity.json")).json()).toEqual((await get("/widgets/1.1.0/integrity.json")).json());
  });

  it("keeping a release never deletes an earlier one, and the current build says its version", async () => {
    build(packageDir, "1.1.1", { "agency-widgets.js": 'export const v = "1.1.1";' });
    expect((await get("/widgets/v1/agency-widgets.js")).body).toContain('v = "1.1.1"');
    expect((await get("/widgets/release.json")).json()).toEqual({ version: "1.1.1" });
    for (const version of ["1.0.0", "1.1.0", "1.1.1"]) expect((await get(`/widgets/${version}/agency-widgets.js`)).statusCode).toBe(200);
    expect((await get("/widgets/chunks/shared-New1Hash2.js")).statusCode).toBe(200);
  });
});
