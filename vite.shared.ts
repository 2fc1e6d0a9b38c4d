import react from "@vitejs/plugin-react";
import { lingui } from "@lingui/vite-plugin";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { descriptorsWithoutText, linguiMacros } from "./vite-lingui-macros.ts";
import { defaultClientConditions, defaultServerConditions, type Plugin, type PluginOption } from "vite";

export const root = fileURLToPath(new URL(".", import.meta.url));

/** Workspace sources are imported directly, so every tool sees one copy of each package. */
export const alias = {
  // Before "@agency/ui": that one points at the ui entry file.
  "@agency/ui/styles/": `${root}packages/ui/src/styles/`,
  "@agency/ui/form": `${root}packages/ui/src/form/index.ts`,
  // Before "@agency/contract": those are the contract's other entries.
  "@agency/contract/schemas": `${root}packages/contract/src/schemas/index.ts`,
  "@agency/contract/catalog": `${root}packages/contract/src/catalog.ts`,
  "@agency/contract/quote-choices/catalogs": `${root}packages/contract/src/quote-choices/catalogs.ts`,
  "@agency/contract/quote-choices": `${root}packages/contract/src/quote-choices/catalog.ts`,
  "@agency/contract/package-features": `${root}packages/contract/src/package-features/catalog.ts`,
  "@agency/contract": `${root}packages/contract/src/index.ts`,
  "@agency/core": `${root}packages/core/src/index.ts`,
  "@agency/ui": `${root}packages/ui/src/index.ts`,
};

/**
 * The site imports each element by the name a partner's bundler uses (`@agency/widgets/agency-login.js`). Inside the
 * repository that name resolves to the element's source through the package's `agency-source` export condition,
 * so the site compiles the elements with its own React instead of loading the built bundle.
 */
const SOURCE_CONDITION = "agency-source";
export const clientConditions = [SOURCE_CONDITION, ...defaultClientConditions];
export const serverConditions = [SOURCE_CONDITION, ...defaultServerConditions];

/** The element bundle's exact version (its package.json), which `AgencyWidgets.version` reports. */
export const widgetsVersion = (JSON.parse(readFileSync(`${root}packages/widgets/package.json`, "utf8")) as { version: string }).version;

/**
 * Defines `__AGENCY_WIDGETS_VERSION__` wherever element code is compiled (the bundle, the host, the tests), so the
 * constant can never be missing from one of them.
 */
function widgetsVersionDefine(): Plugin {
  return { name: "agency-widgets-version", config: () => ({ define: { __AGENCY_WIDGETS_VERSION__: JSON.stringify(widgetsVersion) } }) };
}

/** React + Lingui macros (through Babel) + direct .po imports: the same for the bundle, the host and tests. */
export function browserPlugins(): PluginOption[] {
  return [
    react(),
    linguiMacros(),
    descriptorsWithoutText(),
    lingui({ configPath: `${root}lingui.config.ts` }),
    widgetsVersionDefine(),
  ];
}

/** V8's explicit compile hint, a magic comment that must open the file. */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * Opens the chunks that run as soon as they arrive (React DOM's chunk, the site's entry, the elements) with V8's
 * explicit compile hint: Chromium then compiles every function of the file while it streams in, on a background
 * thread, instead of one by one on the main thread as each is first called. Measured on the site's first load, it
 * takes about a third of the main thread's work out of the entry's task. Other browsers read a comment. Chromium
 * reads it only as the file's first line, so it is added to the written files, after minification (which drops
 * comments) and after Vite's own first line; the source map moves down that one line.
 */
export function compileHints(eager: (chunk: { name: string; isEntry: boolean }) => boolean): Plugin {
  return {
    name: "agency-compile-hints",
    apply: "build",
    writeBundle(options, bundle) {
      const dir = options.dir ?? "dist";
      for (const file of Object.values(bundle)) {
        if (file.type !== "chunk" || !eager(file)) continue;
        const path = join(dir, file.fileName);
        const code = readFileSync(path, "utf8");
        if (code.startsWith(COMPILE_HINT)) continue;
        writeFileSync(path, `${COMPILE_HINT}\n${code}`);
        if (!existsSync(`${path}.map`)) continue;
        const map = JSON.parse(readFileSync(`${path}.map`, "utf8")) as { mappings: string };
        writeFileSync(`${path}.map`, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
      }
    },
  };
}
