import react from "@vitejs/plugin-react";
import babel from "@rolldown/plugin-babel";
import { lingui } from "@lingui/vite-plugin";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin, PluginOption } from "vite";

export const root = fileURLToPath(new URL(".", import.meta.url));

/** Workspace sources are imported directly, so every tool sees one copy of each package. */
export const alias = {
  // Before "@agency/ui": that one points at the ui entry file.
  "@agency/ui/styles/": `${root}packages/ui/src/styles/`,
  "@agency/ui/form": `${root}packages/ui/src/form/index.ts`,
  // Before "@agency/contract": those are the contract's other entries.
  "@agency/contract/schemas": `${root}packages/contract/src/schemas/index.ts`,
  "@agency/contract/catalog": `${root}packages/contract/src/catalog.ts`,
  "@agency/contract": `${root}packages/contract/src/index.ts`,
  "@agency/core": `${root}packages/core/src/index.ts`,
  "@agency/ui": `${root}packages/ui/src/index.ts`,
  "@agency/widgets/": `${root}packages/widgets/src/`,
  "@agency/widgets": `${root}packages/widgets/src/react.ts`,
};

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
    babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }),
    lingui({ configPath: `${root}lingui.config.ts` }),
    widgetsVersionDefine(),
  ];
}
