import type { PluginOption } from "vite";
import { defineConfig } from "vitest/config";
import { alias, browserPlugins, clientConditions } from "./vite.shared.ts";
import { markdownContent } from "./host/markdown-plugin.ts";

/**
 * Vitest for the whole repository: browser code on jsdom, the server on node.
 * Each workspace's `npm test` runs its own project (`vitest run --project <name>`).
 */
const browserProject = (name: string, dir: string, plugins: PluginOption[] = []) => ({
  extends: true as const,
  plugins: [...browserPlugins(), ...plugins],
  test: {
    name,
    environment: "jsdom",
    // The agency's own origin, where the tests' API (http://api.test/api) lives: the elements keep the site's storage
    // keys there. A test of a partner's page gives its element an API on another origin.
    environmentOptions: { jsdom: { url: "http://api.test/" } },
    include: [`${dir}/**/*.test.{ts,tsx}`],
    setupFiles: ["./vitest.setup.ts"],
    // Room for the five-second waits of vitest.setup.ts, and a few of them in one test.
    testTimeout: 15_000,
    // Elements adopt their CSS text (?inline) into shadow roots; tests assert on it.
    css: true,
  },
});

export default defineConfig({
  resolve: { alias, conditions: clientConditions },
  test: {
    globals: true,
    // Two cores: keep the worker count honest so server tests (PGlite) don't starve.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // Lingui's plugin compiles the contract's .po catalogs, as in the browser builds.
        plugins: browserPlugins(),
        test: { name: "contract", environment: "node", include: ["packages/contract/**/*.test.ts"] },
      },
      browserProject("core", "packages/core"),
      browserProject("ui", "packages/ui"),
      browserProject("widgets", "packages/widgets"),
      // The site's Markdown content arrives parsed, as in its build.
      browserProject("host", "host", [markdownContent()]),
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["packages/server/**/*.test.ts"],
          // One migrated embedded database, whose dump each test app's database starts from.
          globalSetup: ["packages/server/test/support/migrated-template.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
