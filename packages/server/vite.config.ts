import { builtinModules } from "node:module";
import { defineConfig } from "vite";
import pkg from "./package.json" with { type: "json" };

const deps = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies ?? {})];

/**
 * Server build: `dist/server.js` (and the command-line tools `dist/leads.js`, `dist/migrate.js`,
 * `dist/healthcheck.js`) for Node, with every package external so native modules
 * (argon2) and PGlite's WASM files load from node_modules. Chunks stay flat in dist/ because src/paths.ts finds
 * the package root as "one directory up" from its own file, in src/ and in dist/ alike.
 */
export default defineConfig({
  build: {
    ssr: true,
    target: "node20",
    outDir: "dist",
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    rollupOptions: {
      input: { server: "src/server.ts", leads: "src/cli/leads.ts", migrate: "src/cli/migrate.ts", healthcheck: "src/cli/healthcheck.ts" },
      external: (id) =>
        id.startsWith("node:") || builtinModules.includes(id) || deps.some((d) => id === d || id.startsWith(`${d}/`)),
      output: { entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js", format: "es" },
    },
  },
  ssr: { noExternal: [], target: "node" },
});
