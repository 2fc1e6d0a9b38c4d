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

/** A hand-written descriptor on one line, marked for Lingui's extractor: its id, then its English text. */
const DESCRIPTOR = /(\/\*i18n\*\/[ \t]*\{[ \t]*id:[ \t]*"[^"]+"),[ \t]*message:[ \t]*"(?:[^"\\]|\\.)*"[ \t]*\}/g;

/**
 * Leaves the English text out of hand-written message descriptors in the browser's code, as Lingui's macros do
 * with theirs in a production build: the browser looks every id up in the catalog of its language, and English has
 * one too. The server's build and the tests keep the texts.
 */
export function descriptorsWithoutText(): Plugin {
  return {
    name: "agency-lingui-descriptors",
    // Before TypeScript is compiled, which drops the comment that marks a descriptor.
    enforce: "pre",
    apply: "build",
    transform(code, id, options) {
      if (options?.ssr || !SOURCE.test(id) || SKIPPED.test(id) || !code.includes("/*i18n*/")) return null;
      const stripped = code.replace(DESCRIPTOR, "$1 }");
      // Only text within a line goes: the lines of the source map hold, which is all an empty mapping claims.
      return stripped === code ? null : { code: stripped, map: { mappings: "" } };
    },
  };
}
