#!/usr/bin/env node
// Dependencies flow one way: contract -> core -> ui -> widgets -> host, and the server depends on the contract
// only. The contract imports nothing of ours. Browser code (core, ui, widgets, host) may import the contract's
// index (types, rules, formatter, error texts) and its compiled catalog, never its TypeBox schemas; inside the
// contract, only the schemas import TypeBox, and other files reach them with type-only imports. No widget imports
// another widget. Nothing the contract defines is defined again elsewhere (a type, a rule, a constant), and dates,
// money and numbers are formatted by the contract's formatter only. The server's route handlers hold no SQL: data
// access lives in the repositories, named one way (accounts/repository.ts, payments/plans-repository.ts …), never
// store.ts or <thing>-store.ts. In the site, the public pages' runtime (host/src/runtime) is used through its index
// only and uses nothing of the site but host/src/lib, which does not use it; and no module of the site imports itself
// through a chain of imports, type-only ones included. Every form of the elements and the site that handles its submit
// keeps its state in useForm (@agency/ui/form), not in state of its own. Fails with the file, the import and the rule
// it breaks.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const areas = {
  contract: "packages/contract/src",
  core: "packages/core/src",
  ui: "packages/ui/src",
  widgets: "packages/widgets/src",
  host: "host/src",
  server: "packages/server/src",
};
const allowed = {
  contract: [],
  core: ["contract"],
  ui: ["contract", "core"],
  widgets: ["contract", "core", "ui"],
  host: ["contract", "core", "ui", "widgets"],
  server: ["contract"],
};
const BROWSER = new Set(["core", "ui", "widgets", "host"]);
const SCHEMAS = "packages/contract/src/schemas";
const CATALOG = "packages/contract/src/catalog";

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|tsx|mjs|js)$/.test(name)) yield path;
  }
}

function areaOfPath(absPath) {
  const rel = relative(root, absPath);
  return Object.entries(areas).find(([, dir]) => rel.startsWith(`${dir}/`) || rel === dir)?.[0];
}

/** The area an import points into, and the repository path it names when that is known. */
function targetOf(specifier, fromFile) {
  const pkg = specifier.match(/^@agency\/(contract|core|ui|widgets|server)(\/.*)?$/);
  if (pkg) {
    const entry = pkg[1] === "contract" && pkg[2] === "/schemas" ? SCHEMAS : pkg[1] === "contract" && pkg[2] === "/catalog" ? CATALOG : null;
    return { area: pkg[1], path: entry };
  }
  if (specifier.startsWith(".")) {
    const abs = resolve(dirname(fromFile), specifier);
    return { area: areaOfPath(abs), path: relative(root, abs) };
  }
  return { area: null, path: null, external: specifier };
}

const isSchemas = (path) => path !== null && (path === SCHEMAS || path.startsWith(`${SCHEMAS}/`));
const isCatalog = (path) => path !== null && path.replace(/\.ts$/, "") === CATALOG;
const widgetFolder = (rel) => rel.match(/^packages\/widgets\/src\/([^/]+)\//)?.[1];
const IMPORT = /(import|export)(\s+type)?[^'"]*?from\s*["']([^"']+)["']|import\s*\(?\s*["']([^"']+)["']/g;

// The names the contract exports: defining one of them again elsewhere is a copy that will drift.
const contractIndex = readFileSync(join(root, "packages/contract/src/index.ts"), "utf8");
const contractNames = new Set(
  [...contractIndex.matchAll(/export (?:type )?\{([^}]*)\}/g)].flatMap(([, list]) =>
    list.split(",").map((name) => name.trim().replace(/^type\s+/, "")).filter(Boolean),
  ),
);
const DEFINITION = /^\s*(?:export\s+)?(?:declare\s+)?(?:(?:const|let|var|function\*?|class|enum|interface)\s+([A-Za-z_$][\w$]*)|type\s+([A-Za-z_$][\w$]*)\s*(?:<[^>]*>)?\s*=)/gm;
// Intl formatting of dates, money and numbers outside the formatters (Intl.DisplayNames, ListFormat … are fine).
const OWN_FORMATTING = /\bIntl\.(?:DateTimeFormat|NumberFormat)\b|\.toLocale(?:Date|Time)?String\(/;
const FORMATTERS = new Set(["packages/contract/src/format.ts", "packages/contract/src/money.ts"]);
// A statement that reads or writes a table, as the repositories write them (upper-case keywords).
const TABLE_SQL = /\b(?:SELECT\b[^;`"']*?\bFROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b/;
const ROUTES = "packages/server/src/routes/";
const SERVER_SOURCE = "packages/server/src/";
const STORE_NAME = /(?:^|\/|-)store\.ts$/;
const RUNTIME = "host/src/runtime";
const LIB = "host/src/lib";
const within = (path, dir) => path === dir || path.startsWith(`${dir}/`);
// A form that handles its own submit (`<form … onSubmit=`, its handlers' arrows allowed among the attributes before it).
const SUBMITTED_FORM = /<form\b(?:[^>]|=>)*?\bonSubmit\s*=/;
const FORM_KIT = "packages/ui/src/form";

/** The site's own module a relative import names, as a repository path, when it is one of its sources. */
function hostModule(path) {
  const candidates = [path, `${path}.ts`, `${path}.tsx`, `${path}/index.ts`, `${path}/index.tsx`];
  return candidates.find((candidate) => /\.(ts|tsx)$/.test(candidate) && existsSync(join(root, candidate)));
}

/** The site's static imports (type-only ones too), module by module, for the cycle check. */
const hostImports = new Map();

const problems = [];
for (const [area, dir] of Object.entries(areas)) {
  for (const file of files(join(root, dir))) {
    const source = readFileSync(file, "utf8");
    const rel = relative(root, file);
    const isTest = /__tests__|\.test\./.test(rel);
    if (area !== "contract" && !isTest) {
      for (const [, declared, aliased] of source.matchAll(DEFINITION)) {
        const name = declared ?? aliased;
        if (contractNames.has(name)) problems.push(`${rel}: defines ${name} — the contract has it; import it from @agency/contract`);
      }
    }
    if (rel.startsWith(ROUTES) && TABLE_SQL.test(source)) {
      problems.push(`${rel}: runs SQL — route handlers validate, call a repository (<area>/repository.ts, <area>/<thing>-repository.ts) and answer`);
    }
    if (rel.startsWith(SERVER_SOURCE) && STORE_NAME.test(rel)) {
      problems.push(`${rel}: is named as a store — the server's data access is repository.ts or <thing>-repository.ts`);
    }
    if (BROWSER.has(area) && !isTest && !within(rel, FORM_KIT) && SUBMITTED_FORM.test(source) && !/\buseForm\s*[<(]/.test(source)) {
      problems.push(`${rel}: has a <form> with onSubmit but no useForm — a form's values, errors and busy state live in useForm of @agency/ui/form`);
    }
    if (!isTest && !FORMATTERS.has(rel) && OWN_FORMATTING.test(source)) {
      problems.push(`${rel}: formats with Intl or toLocale…String — use formatDate / formatMoney / formatNumber of @agency/contract`);
    }
    for (const [whole, , typeOnly, fromSpecifier, bareSpecifier] of source.matchAll(IMPORT)) {
      const specifier = fromSpecifier ?? bareSpecifier;
      if (!specifier) continue;
      const target = targetOf(specifier, file);

      if (area === "contract" && !isTest) {
        // The schemas are the only TypeBox users; everything else of the contract must stay free of it at run time.
        const inSchemas = rel.startsWith(`${SCHEMAS}/`);
        if (target.external === "@sinclair/typebox" && !inSchemas) {
          problems.push(`${rel}: imports ${specifier} — only ${SCHEMAS} may use TypeBox`);
        }
        if (!inSchemas && isSchemas(target.path) && !typeOnly) {
          problems.push(`${rel}: imports ${specifier} at run time — outside the schemas, use \`import type\` / \`export type\``);
        }
      }

      // One way to the contract's names: from @agency/contract where they are used, never passed on by another module.
      if (area !== "contract" && target.area === "contract" && /^export\b/.test(whole)) {
        problems.push(`${rel}: re-exports ${specifier} — import contract names from @agency/contract where they are used`);
      }
      if (BROWSER.has(area) && isSchemas(target.path)) {
        problems.push(`${rel}: imports ${specifier} — browser code takes types from @agency/contract, never its TypeBox schemas`);
      }
      if (area === "server" && isCatalog(target.path)) {
        problems.push(`${rel}: imports ${specifier} — the server reads the contract's .po catalogs itself (src/i18n.ts)`);
      }

      if (area === "host" && !isTest && target.path) {
        const inRuntime = within(rel, RUNTIME);
        const toRuntime = within(target.path, RUNTIME);
        if (inRuntime && !toRuntime && !within(target.path, LIB)) {
          problems.push(`${rel}: imports ${specifier} — the runtime uses nothing of the site but ${LIB}; the site hands it what it needs`);
        }
        if (within(rel, LIB) && toRuntime) {
          problems.push(`${rel}: imports ${specifier} — ${LIB} must not use the runtime (${RUNTIME})`);
        }
        if (!inRuntime && toRuntime && target.path !== RUNTIME && target.path !== `${RUNTIME}/index`) {
          problems.push(`${rel}: imports ${specifier} — the site uses the runtime through its entry, ${RUNTIME}/index.ts`);
        }
        const module = !whole.includes("(") && hostModule(target.path);
        if (module) hostImports.set(rel, [...(hostImports.get(rel) ?? []), module]);
      }

      if (!target.area || target.area === area) {
        // Inside widgets: an element folder may use element/ (the factory) but not another element.
        if (area === "widgets" && target.path && !isTest) {
          const from = widgetFolder(rel);
          const to = widgetFolder(`${target.path}/`) ?? widgetFolder(target.path);
          if (from && to && from !== to && to !== "element" && from !== "element") {
            problems.push(`${rel}: imports ${specifier} — a widget must not import another widget (${to})`);
          }
        }
        continue;
      }
      // The site takes an element by its published name, as a partner's page does, never from inside its folder.
      if (area === "host" && target.area === "widgets" && !/^@agency\/widgets(\/agency-[a-z-]+\.js)?$/.test(specifier)) {
        problems.push(`${rel}: imports ${specifier} — the site imports an element as @agency/widgets/agency-<tag>.js`);
      }
      if (!allowed[area].includes(target.area)) {
        problems.push(`${rel}: imports ${specifier} — ${area} may import only ${allowed[area].join(", ") || "nothing of ours"}`);
      }
    }
  }
}

// Import cycles in the site: each module's chains of imports, depth first; a chain back to a module on it is a cycle.
const reported = new Set();
const done = new Set();
function visit(module, chain) {
  const at = chain.indexOf(module);
  if (at >= 0) {
    const cycle = chain.slice(at);
    const key = [...cycle].sort().join(" ");
    if (!reported.has(key)) {
      reported.add(key);
      problems.push(`${cycle[0]}: imports itself through ${[...cycle.slice(1), cycle[0]].join(" -> ")} — an import cycle (type-only imports count)`);
    }
    return;
  }
  if (done.has(module)) return;
  for (const next of hostImports.get(module) ?? []) visit(next, [...chain, module]);
  done.add(module);
}
for (const module of hostImports.keys()) visit(module, []);

if (problems.length) {
  console.error(`Import boundaries broken (${problems.length}):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log("Import boundaries: ok");
