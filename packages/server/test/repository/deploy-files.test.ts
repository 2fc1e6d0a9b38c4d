import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "vite";
import { parse } from "yaml";
import { configVariables, loadConfig, settingList } from "../../src/config";
import { probe } from "../../src/cli/healthcheck";
import { commonPasswordsFile } from "../../src/accounts/common-passwords";
import { blogContentDir, contractLocalesDir, migrationsDir, packageRoot, repoRoot, serverLocalesDir } from "../../src/paths";
import serverBuild from "../../vite.config";
import { settingsDocs } from "../../scripts/settings-docs";
import { buildTestApp, type TestApp } from "../support/helpers";

/**
 * What runs the server outside this repository (.env.example, the Dockerfile, compose.yaml and its nginx) can only
 * set settings the server reads, and must point at routes, ports and files that exist. No container engine is
 * needed for these checks; they read the files.
 */
const read = (file: string) => readFileSync(path.join(repoRoot, file), "utf8");
const known = configVariables();

interface ComposeService {
  build?: unknown;
  image?: string;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(read("compose.yaml"), { merge: true }) as { services: Record<string, ComposeService> };
const appServices = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);

/** `ENV A=1 \ B=2` and `ENV A 1` lines of the runtime stage (the last FROM). */
const dockerfile = read("Dockerfile");
const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
const dockerEnv: Record<string, string> = {};
for (const match of runtimeStage.replaceAll("\\\n", " ").matchAll(/^ENV\s+(.+)$/gm)) {
  for (const pair of match[1]!.trim().split(/\s+/)) {
    const [name, value] = pair.split("=");
    dockerEnv[name!] = value ?? "";
  }
}
const builtEntries = (serverBuild.build?.rollupOptions?.input ?? {}) as Record<string, string>;

describe("settings", () => {
  it("the server knows a list of variables, read from the config itself", () => {
    expect(known).toEqual(expect.arrayContaining(["PORT", "DATABASE_URL", "DATA_DIR", "TRUST_PROXY", "PUBLIC_URL", "SLOW_REQUEST_MS", "STRIPE_SECRET_KEY"]));
    expect(known).not.toContain("INIT_CWD");
  });

  it("SLOW_REQUEST_MS defaults to 1000 and must be a positive whole number", () => {
    expect(loadConfig({}, "/").slowRequestMs).toBe(1000);
    expect(loadConfig({ SLOW_REQUEST_MS: "250" }, "/").slowRequestMs).toBe(250);
    expect(() => loadConfig({ SLOW_REQUEST_MS: "soon" }, "/")).toThrow(/SLOW_REQUEST_MS must be a whole number/);
  });

  it(".env.example sets (or shows, commented out) every variable the server knows, and no other", () => {
    const documented = [...read(".env.example").matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
    expect([...new Set(documented)].sort()).toEqual(known);
  });

  it("every setting names its variable once and describes itself", () => {
    expect(new Set(known).size).toBe(settingList().length);
    for (const setting of settingList()) expect(setting.env && setting.description, setting.env).toBeTruthy();
  });

  it(".env.example and the settings table (docs/configuration.md) are what `npm run settings:docs` writes from the schema", () => {
    for (const [file, content] of Object.entries(settingsDocs())) expect(read(file), `${file}: run npm run settings:docs`).toBe(content);
  });
});

describe("Dockerfile", () => {
  it("builds in stages and runs as a non-root user with production dependencies only", () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(runtimeStage).toMatch(/^RUN npm ci --omit=dev\b/m);
    expect(runtimeStage).toMatch(/^USER node$/m);
    expect(runtimeStage).not.toMatch(/^COPY \. /m);
  });

  it("sets only variables the server knows, and exposes the PORT it sets", () => {
    expect(Object.keys(dockerEnv).filter((name) => !known.includes(name))).toEqual([]);
    expect(runtimeStage).toMatch(new RegExp(`^EXPOSE ${dockerEnv.PORT}$`, "m"));
    // Payments and mail fail closed: the image alone (no Stripe keys, no PAYMENTS, no SMTP_URL) does not start.
    expect(() => loadConfig(dockerEnv, "/")).toThrow(/PAYMENTS=test/);
    expect(() => loadConfig({ ...dockerEnv, PAYMENTS: "test" }, "/")).toThrow(/MAIL=outbox/);
    expect(loadConfig({ ...dockerEnv, PAYMENTS: "test", MAIL: "outbox" }, "/")).toMatchObject({ nodeEnv: "production", dataDir: "/data", host: "0.0.0.0" });
  });

  it("starts the built server and checks it with the built health check", () => {
    const cmd = /^CMD \["node", "packages\/server\/dist\/(\w+)\.js"\]$/m.exec(runtimeStage);
    expect(builtEntries[cmd![1]!]).toBe("src/server.ts");
    const health = /^\s+CMD \["node", "packages\/server\/dist\/(\w+)\.js"\]$/m.exec(runtimeStage.slice(runtimeStage.indexOf("HEALTHCHECK")));
    expect(builtEntries[health![1]!]).toBe("src/cli/healthcheck.ts");
  });

  it("copies the files the server reads at run time", () => {
    for (const dir of ["packages/server/migrations", "packages/server/content", "packages/server/dist", "packages/widgets/dist", "host/dist"]) {
      expect(runtimeStage).toMatch(new RegExp(`^COPY .*\\b${dir} ${dir}$`, "m"));
      expect(existsSync(path.join(repoRoot, dir.replace("/dist", "")))).toBe(true);
    }
  });

  it("copies every file and folder the server reads from disk at run time (src/paths.ts)", () => {
    const copied = [...runtimeStage.matchAll(/^COPY (?:--from=build \/app\/)?(\S+) \1$/gm)].map((m) => m[1]!);
    for (const file of [migrationsDir, blogContentDir, serverLocalesDir, contractLocalesDir, commonPasswordsFile]) {
      const rel = path.relative(repoRoot, file);
      expect(copied.some((dir) => rel === dir || rel.startsWith(`${dir}/`)), rel).toBe(true);
    }
  });

  it("installs what the site's server entry imports, beside the server's own dependencies", () => {
    // host/dist/server/entry-server.js renders the public pages in the server's process; its imports of react,
    // react-dom, react-router, @lingui/* and dompurify resolve through the host workspace's dependencies.
    expect(runtimeStage).toMatch(/^RUN npm ci --omit=dev --workspace @agency\/server --workspace @agency\/host\b/m);
    for (const workspace of ["contract", "core", "ui", "widgets", "server"]) {
      expect(runtimeStage).toMatch(new RegExp(`^COPY packages/${workspace}/package.json packages/${workspace}/$`, "m"));
    }
    expect(runtimeStage).toMatch(/^COPY host\/package.json host\/$/m);
  });

  it("carries the kept builds of the element bundle into the image, so earlier chunks outlive a deploy", () => {
    expect(runtimeStage).toMatch(/^COPY --from=build \/app\/packages\/widgets\/releases packages\/widgets\/releases$/m);
    expect(read("package.json")).toMatch(/"build:widgets": "[^"]*node packages\/widgets\/scripts\/keep-release\.mjs"/);
    expect(read(".dockerignore").split("\n").filter((line) => /releases/.test(line))).toEqual([]);
  });

  it("runs Node 24, the LTS line @types/node describes, while package.json still admits Node 20.19 for development", () => {
    const image = /^ARG NODE_IMAGE=node:(\d+)-/m.exec(dockerfile)?.[1];
    expect(image).toBe("24");
    const root = JSON.parse(read("package.json")) as { engines: { node: string }; devDependencies: Record<string, string> };
    expect(/^\^?(\d+)\./.exec(root.devDependencies["@types/node"]!)?.[1]).toBe(image);
    expect(root.engines.node).toMatch(/^\^20\.19\.0 \|\| /);
  });

  it("keeps secrets, dependencies and builds out of the build context", () => {
    const ignored = read(".dockerignore").split("\n");
    expect(ignored).toEqual(expect.arrayContaining([".env", "**/node_modules", "**/dist", "data", ".git"]));
  });
});

describe("installing from the lock file", () => {
  interface Locked {
    optionalDependencies?: Record<string, string>;
  }
  const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, Locked> };

  /** Where npm finds `name` from the package at `from`: its own node_modules, then each folder up. */
  function resolveLocked(from: string, name: string): string | undefined {
    let dir = from;
    for (;;) {
      const key = `${dir ? `${dir}/` : ""}node_modules/${name}`;
      if (lock.packages[key]) return key;
      if (!dir) return undefined;
      const up = dir.lastIndexOf("/node_modules/");
      dir = up < 0 ? "" : dir.slice(0, up);
    }
  }

  it("locks every optional dependency (each platform's build of a native tool), so npm ci works on any system", () => {
    const missing = Object.entries(lock.packages).flatMap(([key, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolveLocked(key, name))
        .map((name) => `${key || "(root)"} -> ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it("CI and the image install with npm ci and nothing else", () => {
    const ci = read(".ci/run");
    expect(ci).toMatch(/^npm ci\b/m);
    expect(ci).not.toMatch(/npm (install|i)\b/);
    expect(dockerfile.match(/^RUN npm (\w+)/gm)?.filter((run) => run !== "RUN npm ci" && run !== "RUN npm run")).toEqual([]);
  });
});

describe("compose.yaml", () => {
  it("runs PostgreSQL, two app instances of one image and a proxy in front", () => {
    expect(compose.services.db?.image).toMatch(/^postgres:/);
    expect(appServices.map(([name]) => name)).toEqual(["app1", "app2"]);
    expect(new Set(appServices.map(([, service]) => service.image)).size).toBe(1);
    const proxy = compose.services.proxy!;
    expect(proxy.image).toMatch(/^nginx:/);
    expect(Object.keys(proxy.depends_on ?? {}).sort()).toEqual(["app1", "app2"]);
  });

  it("gives the app instances only variables the server knows, and a valid configuration", () => {
    for (const [, service] of appServices) {
      const env = service.environment ?? {};
      expect(Object.keys(env).filter((name) => !known.includes(name))).toEqual([]);
      expect(env.DATABASE_URL).toMatch(/@db:5432\//);
      // Interpolated with the defaults compose would use, plus the required password and payments choice, the settings load.
      const resolved = Object.fromEntries(
        Object.entries(env).map(([name, value]) => [
          name,
          String(value).replace(/\$\{(\w+)(?::-([^}]*)|:\?[^}]*)?\}/g, (_m, variable: string, fallback?: string) =>
            variable === "POSTGRES_PASSWORD" ? "secret" : variable === "PAYMENTS" ? "test" : variable === "MAIL" ? "outbox" : (fallback ?? ""),
          ),
        ]),
      );
      expect(() => loadConfig({ ...dockerEnv, ...resolved }, "/")).not.toThrow();
      expect(loadConfig({ ...dockerEnv, ...resolved }, "/").trustProxy).toBe(1);
    }
  });

  it("checks readiness with the built health check, and the proxy sends traffic to each instance's port", () => {
    const nginx = read("deploy/nginx.conf");
    const port = loadConfig({ ...dockerEnv, PAYMENTS: "test", MAIL: "outbox" }, "/").port;
    for (const [name, service] of appServices) {
      expect(service.healthcheck?.test).toEqual(["CMD", "node", "packages/server/dist/healthcheck.js", "ready"]);
      expect(nginx).toMatch(new RegExp(`^\\s*server ${name}:${port}\\b`, "m"));
    }
    expect(compose.services.proxy!.volumes).toContain("./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro");
    expect(nginx).toMatch(/proxy_set_header X-Request-Id \$request_id;/);
  });
});

describe("the optional Prometheus of compose.yaml", () => {
  it("runs only with the monitoring profile and scrapes each instance's /api/metrics with METRICS_TOKEN", () => {
    const prometheus = compose.services.prometheus as ComposeService & { profiles?: string[]; secrets?: string[] };
    expect(prometheus.profiles).toEqual(["monitoring"]);
    expect(prometheus.volumes).toContain("./deploy/prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro");
    expect(prometheus.volumes).toContain("./deploy/prometheus/alerts.yml:/etc/prometheus/alerts.yml:ro");
    for (const [, service] of appServices) expect(service.environment?.METRICS_TOKEN).toBe("${METRICS_TOKEN:-}");
    const scrape = parse(read("deploy/prometheus/prometheus.yml")) as {
      rule_files: string[];
      scrape_configs: { metrics_path: string; authorization: { credentials_file: string }; static_configs: { targets: string[] }[] }[];
    };
    expect(scrape.rule_files).toEqual(["alerts.yml"]);
    const job = scrape.scrape_configs[0]!;
    expect(job.metrics_path).toBe("/api/metrics");
    expect(job.authorization.credentials_file).toBe(`/run/secrets/${prometheus.secrets?.[0]}`);
    const port = loadConfig({ ...dockerEnv, PAYMENTS: "test", MAIL: "outbox" }, "/").port;
    expect(job.static_configs[0]!.targets).toEqual(appServices.map(([name]) => `${name}:${port}`));
    // The public never reaches the metrics through the proxy.
    expect(read("deploy/nginx.conf")).toMatch(/location ~ \^\(\/preview\/\[\^\/\]\+\/\[\^\/\]\+\)\?\/api\/metrics\/\?\$ \{\s*return 404;/);
  });

  it("docs/deploy.md names each alert of the rules file", () => {
    const deploy = read("docs/deploy.md");
    expect(deploy).toContain("deploy/prometheus/alerts.yml");
    const rules = parse(read("deploy/prometheus/alerts.yml")) as { groups: { rules: { alert: string }[] }[] };
    const names = rules.groups.flatMap((group) => group.rules.map((rule) => rule.alert));
    expect(names.length).toBeGreaterThanOrEqual(6);
    for (const name of names) expect(deploy).toContain(`\`${name}\``);
  });
});

describe("docs/deploy.md", () => {
  const deploy = read("docs/deploy.md");

  it("explains every setting compose.yaml gives the instances", () => {
    const settings = new Set(appServices.flatMap(([, service]) => Object.keys(service.environment ?? {})));
    expect([...settings].filter((name) => !deploy.includes(`\`${name}\``))).toEqual([]);
  });

  it("names only settings the server knows in its table of settings", () => {
    const table = deploy.slice(deploy.indexOf("## Settings an operator sets"), deploy.indexOf("## Health and readiness"));
    const named = [...table.matchAll(/^\| (.+?) \|/gm)].flatMap((row) => [...row[1]!.matchAll(/`([A-Z][A-Z0-9_]*\*?)`/g)].map((m) => m[1]!));
    expect(named.length).toBeGreaterThan(5);
    const unknown = named.filter((name) => (name.endsWith("*") ? !known.some((k) => k.startsWith(name.slice(0, -1))) : !known.includes(name)));
    expect(unknown).toEqual([]);
  });

  it("gives the Stripe webhook address the server answers on", async () => {
    const address = /\*\*`\$PUBLIC_URL(\/api\/[^`]+)`\*\*/.exec(deploy)?.[1];
    expect(address).toBeDefined();
    const stripe = {
      STRIPE_SECRET_KEY: "sk_test_deploy",
      STRIPE_WEBHOOK_SECRET: "whsec_deploy",
      STRIPE_PRICE_MONTHLY: "price_monthly",
      STRIPE_PRICE_YEARLY: "price_yearly",
    };
    const t = await buildTestApp({ env: stripe });
    try {
      // An unsigned call is refused by the webhook route itself, for its signature.
      const response = await t.app.inject({ method: "POST", url: address!, payload: {} });
      expect(response.json()).toMatchObject({ code: "payments.signature_missing" });
    } finally {
      await t.close();
    }
  });
});

describe("the health check command", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => t.close());

  it("succeeds for liveness and readiness of a running server, and fails where none listens", async () => {
    expect(await probe("health", port)).toBe(true);
    expect(await probe("ready", port)).toBe(true);
    await t.app.close();
    expect(await probe("health", port)).toBe(false);
  });

  it("is built next to the server", () => {
    expect(existsSync(path.join(packageRoot, builtEntries.healthcheck!))).toBe(true);
  });

  it("stays small: it runs on every probe, so its built file and what it imports hold neither the settings schema nor TypeBox", async () => {
    // Built here, into a folder of the test's own, as the server's build writes it (a clean clone has no dist/).
    const outDir = mkdtempSync(path.join(tmpdir(), "server-build-"));
    try {
      await build({ configFile: path.join(packageRoot, "vite.config.ts"), root: packageRoot, logLevel: "silent", build: { outDir, emptyOutDir: true } });
      const files = new Set<string>();
      const visit = (file: string) => {
        if (files.has(file)) return;
        files.add(file);
        for (const [, imported] of readFileSync(file, "utf8").matchAll(/\bfrom\s+"(\.[^"]+)"/g)) visit(path.join(path.dirname(file), imported!));
      };
      visit(path.join(outDir, "healthcheck.js"));
      const code = [...files].map((file) => readFileSync(file, "utf8")).join("\n");
      expect(code).not.toMatch(/TypeBox|configSchema/);
      expect(code.length).toBeLessThan(10_000);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 120_000);
});
