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
  // Before "@agency/contract": those are the contract's other entries.
  "@agency/contract/schemas": `${root}packages/contract/src/schemas/index.ts`,
  "@agency/contract/catalog": `${root}packages/contract/src/catalog.ts`,
  "@agency/contract": `${root}packages/contract/src/index.ts`,
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
