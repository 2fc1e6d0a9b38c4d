import { transformAsync } from "@babel/core";
import type { Plugin } from "vite";

/** Our own modules; dependencies and Vite's virtual modules bring no Lingui macros. */
const SOURCE = /\.(?:[jt]sx?|[cm][jt]s)(?:$|\?)/;
const SKIPPED = /[/\\]node_modules[/\\]|^\0/;

/** The parser plugins of a file's syntax, by its extension. */
function syntaxOf(id: string): ("typescript" | "jsx")[] {
  const path = id.replace(/\?.*$/, "");
  if (path.endsWith(".tsx")) return ["typescript", "jsx"];
  if (/\.[cm]?ts$/.test(path)) return ["typescript"];
  return path.endsWith(".jsx") ? ["jsx"] : [];
}

/**
 * Compiles Lingui's macros (`t`, `Trans`, `msg` …) with Babel before anything else sees the file, the one Babel
 * step of the build. Written here rather than taken from @rolldown/plugin-babel, whose every release asks for
 * Node 22, while the project runs on Node 20.19 too (`engines`).
 */
export function linguiMacros(): Plugin {
  return {
    name: "agency-lingui-macros",
    enforce: "pre",
    async transform(code, id) {
      if (!SOURCE.test(id) || SKIPPED.test(id) || !code.includes("/macro")) return null;
      const result = await transformAsync(code, {
        filename: id.replace(/\?.*$/, ""),
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { sourceType: "module", allowAwaitOutsideFunction: true, plugins: syntaxOf(id) },
        plugins: ["@lingui/babel-plugin-lingui-macro"],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}
