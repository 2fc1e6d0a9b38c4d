import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig, type Plugin } from "vite";
import { alias, browserPlugins, clientConditions, compileHints, serverConditions } from "../vite.shared.ts";
import { licenceNotices } from "../vite-licences.ts";
import { markdownContent } from "./markdown-plugin.ts";
import { BILINGUAL_PATHS, PRIVATE_PATHS, SINGLE_LANGUAGE_PATHS } from "./src/lib/site-pages.ts";

/**
 * site-pages.json: the page list the server builds sitemap.xml and robots.txt from, at the address it runs at
 * (PUBLIC_URL and the request's base), with the blog's articles as they are in its database. The build knows neither,
 * so it writes no address; its time is the pages' last change (they change with a build).
 */
function sitePagesFile(): Plugin {
  return {
    name: "agency-site-pages",
    apply: "build",
    generateBundle() {
      const pages = { builtAt: new Date().toISOString(), bilingual: BILINGUAL_PATHS, singleLanguage: SINGLE_LANGUAGE_PATHS, private: PRIVATE_PATHS };
      this.emitFile({ type: "asset", fileName: "site-pages.json", source: `${JSON.stringify(pages, null, 1)}\n` });
    },
  };
}

/**
 * route-preloads.json: for each page, the chunks and CSS it needs beyond the entry. A page the browser renders
 * (the portal) gets them in index.html as <link rel="modulepreload"> / stylesheet, the app's chunk included, so
 * a first visit fetches the page's code with the entry instead of round trips after it; a page the server
 * renders gets its CSS inline and no script before its first paint. Pages are found by convention:
 * /x -> src/pages/<folder>/x-page.tsx.
 */
function routePreloads(): Plugin {
  const pathsOf = (page: string): string[] => {
    if (page === "home") return ["/"];
    if (page === "blog-article") return ["/blog/*"];
    if (page === "dashboard-settings") return ["/dashboard/settings"];
    return [`/${page}`];
  };
  return {
    name: "agency-route-preloads",
    apply: "build",
    // After Vite has dropped the JS shells of CSS-only chunks, so only files that exist are listed.
    enforce: "post",
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (file: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) if (byFile.has(dep)) closure(dep, seen);
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      const inEntry = entry ? closure(entry.fileName) : new Set<string>();
      // The whole app (React Router, the route table), which a page the browser renders starts with.
      const app = chunks.find((c) => (c.facadeModuleId ?? "").endsWith("/src/app/site-app.tsx"));
      const preloads: Record<string, { js: string[]; css: string[] }> = {};
      for (const chunk of chunks) {
        const page = /\/src\/pages\/[^/]+\/([^/]+)-page\.tsx$/.exec(chunk.facadeModuleId ?? "")?.[1];
        if (!page) continue;
        const needed = closure(chunk.fileName, app ? closure(app.fileName) : new Set());
        const files = [...needed].filter((f) => !inEntry.has(f));
        const css = files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
        for (const path of pathsOf(page)) preloads[path] = { js: files, css: [...new Set(css)] };
      }
      writeFileSync(join(options.dir ?? "dist", "route-preloads.json"), JSON.stringify(preloads, null, 1));
    },
  };
}

/**
 * On the server the elements are not defined: a custom element is rendered as its tag (with its reserved box), and
 * the browser upgrades it. Their modules (`@agency/widgets/agency-<tag>.js`, compiled from
 * `packages/widgets/src/<name>/<name>.element.ts`) become empty in the server build.
 */
function elementsInBrowserOnly(): Plugin {
  const elementModule = /[\\/]packages[\\/]widgets[\\/]src[\\/].+\.element\.tsx?$/;
  return {
    name: "agency-elements-in-browser-only",
    enforce: "pre",
    load(id) {
      return elementModule.test(id.split("?")[0]!) ? "export {};" : null;
    },
  };
}

/**
 * Two builds: the browser's (dist/) and, with --ssr, the server entry (dist/server/entry-server.js) that the API
 * server loads to send every public page already rendered.
 */
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        plugins: [elementsInBrowserOnly(), ...browserPlugins(), markdownContent()],
        resolve: { alias },
        ssr: { resolve: { conditions: serverConditions } },
        build: {
          outDir: "dist/server",
          emptyOutDir: true,
          target: "node20",
          sourcemap: false,
          rollupOptions: { output: { entryFileNames: "entry-server.js" } },
        },
      }
    : {
        plugins: [
          ...browserPlugins(),
          markdownContent(),
          sitePagesFile(),
          routePreloads(),
          // THIRD-PARTY-LICENSES.md, served at /THIRD-PARTY-LICENSES.md.
          licenceNotices(),
          // The entry (React DOM and the islands) and the elements run as soon as they arrive.
          compileHints((chunk) => chunk.isEntry || chunk.name === "define-element" || chunk.name.endsWith(".element")),
        ],
        resolve: { alias, conditions: clientConditions },
        // Relative asset URLs: the same build serves "/" and "/preview/{first}/{second}/"; the server rewrites the
        // "./" prefixes in index.html to the request's base path (see packages/server static-site plugin).
        base: "./",
        build: {
          outDir: "dist",
          emptyOutDir: true,
          target: "es2022",
          sourcemap: true,
          // React and its JSX runtime in one chunk: code loaded later that uses hooks but no JSX (the API client's
          // axios setup, the login call) would otherwise split them into two downloads for every page. And the small
          // modules every public page loads with its elements (the contract's rules and prices, the session, the ui
          // primitives' texts, styles, theme and crash screen) in one chunk rather than a dozen, each with its own request
          // and compression.
          rolldownOptions: {
            // The elements take the ui primitives' English texts as a module of their own, so a Dutch partner page does
            // not download them; the site has them at hand anyway (uiCatalog), where that import is rightly no split.
            onLog(level, log, handler) {
              if (log.code === "INEFFECTIVE_DYNAMIC_IMPORT" && /ui[\\/]src[\\/]locales[\\/]en\.po/.test(log.message)) return;
              handler(level, log);
            },
            output: {
              codeSplitting: {
                groups: [
                  { name: "react", test: /node_modules[\\/]react[\\/]/ },
                  {
                    name: "shared",
                    test: /packages[\\/](contract[\\/]src[\\/](rules|pricing|currency|format)\.ts|core[\\/]src[\\/](storage|session)\.ts|ui[\\/]src[\\/](toast[\\/]toast-store|locales[\\/]|i18n|ui-catalog|theme|styles\.ts|styles[\\/]ui\.css|crash-screen[\\/])|widgets[\\/]src[\\/]element[\\/]later-part)|host[\\/]src[\\/]app[\\/]color-scheme\.css/,
                  },
                ],
              },
            },
          },
        },
        server: {
          port: 5173,
          proxy: { "/api": "http://localhost:8080", "/widgets": "http://localhost:8080" },
        },
      },
);
