import { readdirSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { alias, browserPlugins } from "../../vite.shared.ts";

const src = fileURLToPath(new URL("./src/", import.meta.url));

/**
 * Entries: `agency-widgets.js` defines all six elements; `agency-<tag>.js` defines one. Shared code (React,
 * core, ui, the factory) lands in common chunks, so a page with one element loads only that one plus them.
 * Every folder with a `<name>.element.ts` is an element; `demo` is built too (for the factory's browser test)
 * but register.ts never includes it.
 */
const elementEntries = Object.fromEntries(
  readdirSync(src, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(`${src}${d.name}/${d.name}.element.ts`))
    .map((d) => [`agency-${d.name}`, `${src}${d.name}/${d.name}.element.ts`]),
);

export default defineConfig({
  plugins: browserPlugins(),
  resolve: { alias },
  // Library builds don't replace process.env.NODE_ENV by themselves; without this React ships its
  // development build (and fails on a page without `process`).
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
    lib: {
      entry: { "agency-widgets": `${src}register.ts`, ...elementEntries },
      formats: ["es"],
    },
    rolldownOptions: {
      output: {
        minify: true,
        entryFileNames: "[name].js",
        chunkFileNames: "chunks/[name]-[hash].js",
      },
    },
  },
});
