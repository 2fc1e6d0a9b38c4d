import { type ChildProcess, execSync, spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { expect, test } from "@playwright/test";

// The container's runtime stage without a container engine: its WORKDIR is laid out in a temporary directory
// from the Dockerfile's own COPY lines (the build stage's files taken from this build), its `npm ci` line is run
// there (from npm's cache, as the repository's install left it), and its CMD starts the server. So a file the
// server reads at run time, or a package the server or the site's server entry imports, that the image lacks
// fails here.

const repo = join(import.meta.dirname, "..");
const port = Number(process.env.E2E_PORT ?? 4310) + 3;
const origin = `http://127.0.0.1:${port}`;

const dockerfile = readFileSync(join(repo, "Dockerfile"), "utf8").replaceAll("\\\n", " ");
const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
const lines = runtimeStage.split("\n").map((line) => line.trim());

let app: string;
let server: ChildProcess | undefined;
let output = "";
/** What the image sets (ENV) and an operator adds, here on a fresh embedded database. */
const env = () => ({
  PATH: process.env.PATH,
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  PORT: String(port),
  DATA_DIR: join(app, "data"),
  PUBLIC_URL: origin,
  PAYMENTS: "test",
  MAIL: "outbox",
  LOG_LEVEL: "warn",
});
/** A command of the image (`node packages/server/dist/…`) run in its working directory. */
const runInImage = (args: string[]) => spawnSync(args[0]!, args.slice(1), { cwd: app, env: env(), encoding: "utf8", timeout: 60_000 });

test.describe.configure({ mode: "serial" });

test.describe("the container's runtime stage", () => {
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    app = mkdtempSync(join(tmpdir(), "agency-runtime-"));
    for (const line of lines) {
      if (!line.startsWith("COPY ")) continue;
      const words = line.split(/\s+/).slice(1);
      const fromBuild = words[0] === "--from=build";
      const sources = words.slice(fromBuild ? 1 : 0, -1).map((source) => source.replace(/^\/app\//, ""));
      const destination = words.at(-1)!;
      for (const source of sources) {
        const target = destination.endsWith("/") ? join(app, destination, source.split("/").pop()!) : join(app, destination);
        mkdirSync(dirname(target), { recursive: true });
        cpSync(join(repo, source), target, { recursive: true });
      }
    }
    const install = lines.find((line) => line.startsWith("RUN npm ci"))!.slice("RUN ".length).split("&&")[0]!;
    execSync(`${install} --prefer-offline`, { cwd: app, stdio: "pipe", timeout: 180_000 });

    // docs/deploy.md's upgrade step: the migrations applied on their own, before the instances start.
    const migrate = runInImage(["node", "packages/server/dist/migrate.js"]);
    expect(`${migrate.stdout}${migrate.stderr}`).toMatch(/applied {2}\d+/);
    expect(migrate.status).toBe(0);

    const cmd = JSON.parse(lines.find((line) => line.startsWith("CMD "))!.slice("CMD ".length)) as string[];
    server = spawn(cmd[0]!, cmd.slice(1), { cwd: app, env: env(), stdio: ["ignore", "pipe", "pipe"] });
    server.stdout!.on("data", (chunk: Buffer) => (output += chunk));
    server.stderr!.on("data", (chunk: Buffer) => (output += chunk));
    await expect
      .poll(
        async () => {
          if (server!.exitCode !== null) throw new Error(`the server stopped: ${output}`);
          return fetch(`${origin}/api/ready`).then((r) => r.status, () => 0);
        },
        { timeout: 90_000, intervals: [500] },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((resolve) => server!.once("exit", resolve));
    }
    if (app) rmSync(app, { recursive: true, force: true });
  });

  test("answers its own health check (liveness) and compose's readiness check", () => {
    const health = JSON.parse(/HEALTHCHECK [^\n]*?CMD (\[[^\]]+\])/.exec(runtimeStage)![1]!) as string[];
    for (const args of [health, [...health, "ready"]]) {
      const result = runInImage(args);
      expect(result.status, `${args.join(" ")}: ${result.stderr}`).toBe(0);
    }
  });

  test("serves the public pages rendered by the site's server entry, in both languages", async () => {
    for (const [path, title] of [
      ["/pricing", /<h1[^>]*>Transparante prijzen/],
      ["/en/pricing", /<h1[^>]*>Transparent pricing/],
    ] as const) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toMatch(title);
    }
    expect(output).not.toMatch(/could not render|Cannot find (module|package)|ENOENT/i);
  });

  test("serves the API with the server's texts, and the element bundle under its versioned address", async () => {
    const plans = await fetch(`${origin}/api/subscriptions/plans`, { headers: { "accept-language": "en" } });
    expect(plans.status).toBe(200);
    for (const [language, text] of [["nl", "Niet gevonden"], ["en", "Not found"]]) {
      const notFound = await fetch(`${origin}/api/no-such-route`, { headers: { "accept-language": language! } });
      expect(notFound.status).toBe(404);
      expect(((await notFound.json()) as { error: string }).error).toContain(text);
    }
    const bundle = await fetch(`${origin}/widgets/v1/agency-widgets.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toMatch(/javascript/);
  });
});
