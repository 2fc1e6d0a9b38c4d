import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import fp from "fastify-plugin";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { IMMUTABLE, SHORT, inside, isDir, isFile, isHashedFile, notBuilt, sendFrom } from "../lib/static-files";

export interface WidgetsOptions {
  /** The current build of the element bundle. */
  dist: string;
  /** Earlier builds kept by packages/widgets/scripts/keep-release.mjs, one folder per exact version. */
  releases: string;
}

/**
 * An entry under a major version (`/widgets/v1/agency-widgets.js`) follows new 1.x releases: a cache keeps it five
 * minutes and may go on using it for a day while it fetches the new one in the background.
 */
export const FLOATING = "public, max-age=300, stale-while-revalidate=86400";

const EXACT_VERSION = /^\d+\.\d+\.\d+$/;
const MAJOR_VERSION = /^v(\d+)$/;

const parts = (version: string) => version.split(".").map(Number) as [number, number, number];
const newestFirst = (a: string, b: string) => {
  const [x, y] = [parts(a), parts(b)];
  return y[0] - x[0] || y[1] - x[1] || y[2] - x[2];
};

async function readVersion(file: string): Promise<string | null> {
  try {
    const { version } = JSON.parse(await readFile(file, "utf8")) as { version?: unknown };
    return typeof version === "string" && EXACT_VERSION.test(version) ? version : null;
  } catch {
    return null;
  }
}

/**
 * The element bundle, at three kinds of address:
 *  - `/widgets/<file>`: the current build, as it always was;
 *  - `/widgets/v<major>/<file>`: the newest release of that major version, briefly cached (what partners embed);
 *  - `/widgets/<x.y.z>/<file>`: exactly that release, cached for a year.
 * The build deletes the previous build's chunks, so a page opened before a deploy (or an entry file a cache still
 * holds) would ask for chunks that are gone. Chunk names carry their content's hash, so a chunk missing from one
 * release is served from any other kept release that has it.
 */
async function widgetsPlugin(app: FastifyInstance, opts: WidgetsOptions) {
  const dist = path.resolve(opts.dist);
  const releasesDir = path.resolve(opts.releases);

  /** The current build's version: written beside it by keep-release.mjs, else the package's own. */
  const currentVersion = async () =>
    (await readVersion(path.join(dist, "release.json"))) ?? (await readVersion(path.join(dist, "..", "package.json")));

  /** Every version with files on disk, newest first, with the folder that holds it. */
  async function versions(): Promise<Array<{ version: string; dir: string }>> {
    const found = new Map<string, string>();
    try {
      for (const entry of await readdir(releasesDir, { withFileTypes: true })) {
        if (entry.isDirectory() && EXACT_VERSION.test(entry.name)) found.set(entry.name, path.join(releasesDir, entry.name));
      }
    } catch {
      // No release kept yet.
    }
    const current = await currentVersion();
    // The current build wins over a kept copy of the same version: it is what was deployed.
    if (current) found.set(current, dist);
    return [...found.keys()].sort(newestFirst).map((version) => ({ version, dir: found.get(version)! }));
  }

  async function handler(request: FastifyRequest, reply: FastifyReply) {
    if (!(await isDir(dist))) return notBuilt(reply, "The element bundle", "npm run build:widgets");
    const rest = (request.params as { "*": string })["*"];
    const [first = "", ...others] = rest.split("/");
    // Listed only when the address names a version or a file is missing: the plain address needs no directory read.
    let listed: Awaited<ReturnType<typeof versions>> | undefined;
    const all = async () => (listed ??= await versions());

    let root: string;
    let relative: string;
    let entryCache: string;
    const major = MAJOR_VERSION.exec(first);
    if (major) {
      const newest = (await all()).find(({ version }) => parts(version)[0] === Number(major[1]));
      if (!newest) return reply.sendError(404, "not_found");
      [root, relative, entryCache] = [newest.dir, others.join("/"), FLOATING];
    } else if (EXACT_VERSION.test(first)) {
      const exact = (await all()).find(({ version }) => version === first);
      if (!exact) return reply.sendError(404, "not_found");
      [root, relative, entryCache] = [exact.dir, others.join("/"), IMMUTABLE];
    } else {
      [root, relative, entryCache] = [dist, rest, SHORT];
    }

    reply.header("cross-origin-resource-policy", "cross-origin");
    const file = inside(root, relative);
    if (!file) return reply.sendError(404, "not_found");
    if (await isFile(file)) return sendFrom(reply, root, file, isHashedFile(file) ? IMMUTABLE : entryCache);
    if (isHashedFile(file)) {
      for (const { dir } of await all()) {
        if (dir === root) continue;
        const earlier = inside(dir, relative);
        if (earlier && (await isFile(earlier))) return sendFrom(reply, dir, earlier, IMMUTABLE);
      }
    }
    return reply.sendError(404, "not_found");
  }

  for (const url of ["/widgets/*", "/preview/:first/:second/widgets/*"]) app.get(url, { schema: { hide: true } }, handler);
}

export default fp(widgetsPlugin, { name: "widgets", dependencies: ["errors"] });
