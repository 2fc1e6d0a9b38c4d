#!/usr/bin/env node
// Dependencies flow one way: core -> ui -> widgets -> host; the server shares only its contract file
// (packages/server/src/types.ts, re-exported by core/src/contract.ts). No widget imports another widget.
// Fails with the file, the import and the rule it breaks.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const areas = {
  core: "packages/core/src",
  ui: "packages/ui/src",
  widgets: "packages/widgets/src",
  host: "host/src",
  server: "packages/server/src",
};
const allowed = {
  core: [],
  ui: ["core"],
  widgets: ["core", "ui"],
  host: ["core", "ui", "widgets"],
  server: [],
};
const CONTRACT = "packages/server/src/types.ts";

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

function targetOf(specifier, fromFile) {
  const pkg = specifier.match(/^@agency\/(core|ui|widgets|server)(\/.*)?$/);
  if (pkg) return { area: pkg[1], path: pkg[1] === "server" && pkg[2] === "/types" ? CONTRACT : null };
  if (specifier.startsWith(".")) {
    const abs = resolve(dirname(fromFile), specifier);
    return { area: areaOfPath(abs), path: relative(root, abs) };
  }
  return null;
}

const widgetFolder = (rel) => rel.match(/^packages\/widgets\/src\/([^/]+)\//)?.[1];
const problems = [];
for (const [area, dir] of Object.entries(areas)) {
  for (const file of files(join(root, dir))) {
    const source = readFileSync(file, "utf8");
    const rel = relative(root, file);
    const isTest = /__tests__|\.test\./.test(rel);
    for (const [, specifier] of source.matchAll(/(?:import|export)[^'"]*?from\s*["']([^"']+)["']|import\s*\(?\s*["']([^"']+)["']/g)) {
      if (!specifier) continue;
      const target = targetOf(specifier, file);
      if (!target?.area || target.area === area) {
        // Inside widgets: an element folder may use element/ (the factory) but not another element.
        if (area === "widgets" && target?.path && !isTest) {
          const from = widgetFolder(rel);
          const to = widgetFolder(`${target.path}/`) ?? widgetFolder(target.path);
          if (from && to && from !== to && to !== "element" && from !== "element") {
            problems.push(`${rel}: imports ${specifier} — a widget must not import another widget (${to})`);
          }
        }
        continue;
      }
      const contractImport = target.path?.replace(/\.ts$/, "") === CONTRACT.replace(/\.ts$/, "");
      if (area === "core" && contractImport) continue;
      if (!allowed[area].includes(target.area)) {
        problems.push(`${rel}: imports ${specifier} — ${area} may import only ${allowed[area].join(", ") || "nothing else"}`);
      }
    }
  }
}

if (problems.length) {
  console.error(`Import boundaries broken (${problems.length}):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log("Import boundaries: ok");
