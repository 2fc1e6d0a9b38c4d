import { readdirSync, existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { licenceNotices } from "../../vite-licences.ts";
import { alias, browserPlugins, compileHints } from "../../vite.shared.ts";

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
  plugins: [
    ...browserPlugins(),
    // The stylesheet partners include to reserve the elements' room before their script runs, published beside them.
    {
      name: "agency-widgets-css",
      generateBundle() {
        this.emitFile({ type: "asset", fileName: "agency-widgets.css", source: readFileSync(`${src}agency-widgets.css`, "utf8") });
      },
    },
    // THIRD-PARTY-LICENSES.md beside the files (and in the npm package).
    licenceNotices(),
    // React DOM's shared chunk and each element run as soon as they arrive.
    compileHints((chunk) => chunk.name === "define-element" || chunk.name.endsWith(".element")),
  ],
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
        // The files are what a browser runs, not input for another bundler: the minifier has already used the
        // `@__PURE__` annotations, and leaving them in costs bytes in every chunk. Licence comments stay.
        comments: { legal: true, annotation: false, jsdoc: false },
        entryFileNames: "[name].js",
        chunkFileNames: "chunks/[name]-[hash].js",
        // What every element needs in one shared chunk (React, Lingui, r2wc, the factory, core, the contract's
        // rules and the ui primitives every element shows), instead of a handful of small chunks that each cost
        // a request and their own compression. Code that only some elements or only an error needs (the form
        // kit, the modal, the toaster and its store, the API's endpoint functions per resource, the API's error
        // texts, axios) keeps its own chunks, so a page with one element does not download the others' calls. The
        // form kit's fields, select and form hook, which the login and quote form elements both show at once, are
        // one chunk rather than three; the axios instance's setup (core's api-instance) comes with axios. The customer
        // session store is one chunk with what the elements that have a session (login, subscribe, settings) all show
        // at once besides it (the toasts' store, the refused-origin text), for them and the API calls that use it.
        codeSplitting: {
          groups: [
            {
              name: "define-element",
              test: /node_modules[\\/](react|react-dom|scheduler|@lingui|@r2wc)[\\/]|widgets[\\/]src[\\/]element[\\/](?!solve-challenge|with-texts|element-session|team-api)|packages[\\/]core[\\/]src[\\/](?!api-errors|api-instance|api[\\/]|session)|packages[\\/]contract[\\/]src[\\/](rules|index|money|currency)|packages[\\/]ui[\\/]src[\\/](crash-screen|spinner|styles\.ts|styles[\\/]ui\.css|theme|i18n|locales[\\/]nl|index)/,
            },
            { name: "form-kit", test: /packages[\\/]ui[\\/]src[\\/]form[\\/](fields|use-form|select-field)/ },
            {
              name: "session",
              test: /packages[\\/]core[\\/]src[\\/]session\.ts|widgets[\\/]src[\\/]element[\\/]element-session|packages[\\/]ui[\\/]src[\\/](toast[\\/]toast(-store)?|connection[\\/]origin-refused)\.ts/,
            },
          ],
        },
      },
    },
  },
});
