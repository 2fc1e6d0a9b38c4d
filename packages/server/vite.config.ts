import { builtinModules } from "node:module";
import { defineConfig } from "vite";
import { alias } from "../../vite.shared.ts";
import pkg from "./package.json" with { type: "json" };

// Workspace packages (the contract) are TypeScript sources: they are bundled in, with their own dependencies
// (TypeBox), so the server runs on one copy of the contract's schema library.
const deps = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies ?? {})].filter((d) => !d.startsWith("@agency/"));

/**
 * Server build: `dist/server.js` (and the command-line tools `dist/leads.js`, `dist/migrate.js`, `dist/staff.js`,
 * `dist/healthcheck.js`) for Node, with every npm package external so native modules
 * (argon2) and PGlite's WASM files load from node_modules. Chunks stay flat in dist/ because src/paths.ts finds
 * the package root as "one directory up" from its own file, in src/ and in dist/ alike.
 */
export default defineConfig({
  resolve: { alias },
  build: {
    ssr: true,
    target: "node20",
    outDir: "dist",
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    rollupOptions: {
      input: { server: "src/server.ts", leads: "src/cli/leads.ts", migrate: "src/cli/migrate.ts", staff: "src/cli/staff.ts", healthcheck: "src/cli/healthcheck.ts" },
      external: (id) =>
        id.startsWith("node:") || builtinModules.includes(id) || deps.some((d) => id === d || id.startsWith(`${d}/`)),
      output: { entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js", format: "es" },
    },
  },
  // TypeBox comes with the contract (its own dependency, not the server's): bundled, never looked up at run time,
  // where another copy (0.27, for jest types) sits at the workspace root.
  ssr: { noExternal: ["@sinclair/typebox"], target: "node" },
});
