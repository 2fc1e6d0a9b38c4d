import react from "@vitejs/plugin-react";
import babel from "@rolldown/plugin-babel";
import { lingui } from "@lingui/vite-plugin";
import { fileURLToPath } from "node:url";
import type { PluginOption } from "vite";

export const root = fileURLToPath(new URL(".", import.meta.url));

/** Workspace sources are imported directly, so every tool sees one copy of each package. */
export const alias = {
  // Before "@agency/ui": that one points at the ui entry file.
  "@agency/ui/styles/": `${root}packages/ui/src/styles/`,
  "@agency/core": `${root}packages/core/src/index.ts`,
  "@agency/ui": `${root}packages/ui/src/index.ts`,
  "@agency/widgets/": `${root}packages/widgets/src/`,
  "@agency/widgets": `${root}packages/widgets/src/react.ts`,
};

/** React + Lingui macros (through Babel) + direct .po imports: the same for the bundle, the host and tests. */
export function browserPlugins(): PluginOption[] {
  return [
    react(),
    babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }),
    lingui({ configPath: `${root}lingui.config.ts` }),
  ];
}

/**
 * Builds for the browser render the React components with Preact's React-compatible runtime: React DOM alone
 * is ~66 KB gzip, Preact with compat ~11 KB. That is what keeps an element under 95 KB on a partner's page and
 * the site's first load under 130 KB. Unit tests run React itself; the Chromium tests run these builds.
 * AGENCY_RUNTIME=react builds with React (to compare sizes, or to rule the runtime out when debugging).
 */
export function runtimeAliases(): Array<{ find: RegExp; replacement: string }> {
  if (process.env.AGENCY_RUNTIME === "react") return [];
  return [
    { find: /^react$/, replacement: "preact/compat" },
    { find: /^react-dom$/, replacement: "preact/compat" },
    { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
    { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
    { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-runtime" },
  ];
}

/** The workspace aliases as a list, after the runtime aliases (Vite matches the first). */
export function buildAliases() {
  return [...runtimeAliases(), ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement }))];
}
