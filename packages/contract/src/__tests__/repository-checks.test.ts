import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

/**
 * The two checks that keep the contract the only place of its definitions and texts (`npm run lint` runs the
 * import boundaries, `npm run i18n:check` the translations), each run on a small copy of the repository with one
 * thing broken. The copy sits inside the repository (test-results/), so the scripts find the installed packages.
 */
const repo = resolve(import.meta.dirname, "../../../..");
const AREAS = ["packages/contract/src", "packages/core/src", "packages/ui/src", "packages/widgets/src", "host/src", "packages/server/src"];

// Named indirectly: the boundary check reads this file too, and the contract's own code may not import core.
const CORE = ["@agency", "core"].join("/");
const FORM_KIT = ["@agency", "ui", "form"].join("/");

let root = "";
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = "";
});

function copyOfRepository(files: string[]): void {
  mkdirSync(join(repo, "test-results"), { recursive: true });
  root = mkdtempSync(join(repo, "test-results/checks-"));
  for (const area of AREAS) mkdirSync(join(root, area), { recursive: true });
  for (const file of files) cpSync(join(repo, file), join(root, file));
}

function write(file: string, text: string): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}

function run(script: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [join(root, "scripts", script)], { encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("the import boundary check", () => {
  const setUp = () => {
    copyOfRepository(["scripts/check-boundaries.mjs", "packages/contract/src/index.ts"]);
    write("packages/core/src/index.ts", `export { getSession } from "./session";\n`);
    write("host/src/pages.ts", `import { localizedPath } from "@agency/contract";\nimport { getSession } from "${CORE}";\nexport const english = getSession() ? localizedPath("/", "en") : "/";\n`);
    write("packages/server/src/routes/api/users.ts", 'import { UserSchema } from "@agency/contract/schemas";\nexport const schema = UserSchema;\n');
    // A probe that touches no table is not data access.
    write("packages/server/src/routes/api/ready/index.ts", 'export const probe = (db: Db) => db.query("SELECT 1");\n');
    // Data access belongs in a repository, named as one.
    write("packages/server/src/consent/repository.ts", 'export const sql = "SELECT id FROM consent_records";\n');
    expect(run("check-boundaries.mjs")).toMatchObject({ status: 0 });
  };

  it.each([
    ["host/src/lib/locales.ts", 'export const LOCALES = ["nl", "en"] as const;\n', "defines LOCALES"],
    ["packages/widgets/src/login/user.ts", "export interface User {\n  id: string;\n}\n", "defines User"],
    ["packages/server/src/accounts/user.ts", "export type User = { id: string };\n", "defines User"],
    ["packages/core/src/user.ts", 'import { UserSchema } from "@agency/contract/schemas";\nexport const s = UserSchema;\n', "never its TypeBox schemas"],
    ["packages/ui/src/date.ts", 'export const date = new Intl.DateTimeFormat("nl-NL").format(new Date());\n', "formats with Intl"],
    ["packages/server/src/mail/date.ts", "export const date = (d: Date) => d.toLocaleDateString();\n", "formats with Intl"],
    ["packages/contract/src/other.ts", 'import { Type } from "@sinclair/typebox";\nexport const T = Type;\n', "only packages/contract/src/schemas may use TypeBox"],
    ["packages/server/src/pages.ts", `import { api } from "${CORE}";\nexport const a = api;\n`, "server may import only contract"],
    [
      "packages/server/src/routes/api/contact/index.ts",
      "export const leads = (db: Db) =>\n  db.query(\n    `SELECT id, email\n       FROM quote_requests`,\n  );\n",
      "route handlers validate, call a repository",
    ],
    ["packages/server/src/routes/api/consent/index.ts", 'export const sql = "INSERT INTO consent_records (id) VALUES ($1)";\n', "runs SQL"],
    // Data access is named one way: repository.ts or <thing>-repository.ts.
    ["packages/server/src/outbox/store.ts", 'export const sql = "SELECT id FROM outbox";\n', "named as a store"],
    ["packages/server/src/desk/notes-store.ts", 'export const sql = "SELECT 1";\n', "repository.ts or <thing>-repository.ts"],
    // Contract names are imported from the contract where they are used, not passed on by another module.
    ["packages/core/src/index.ts", 'export { LOCALES, type User } from "@agency/contract";\n', "re-exports @agency/contract"],
    // The public pages' runtime: the site uses it through its entry, it uses nothing of the site but lib/, and lib/ not it.
    ["host/src/runtime/take-over.ts", 'import type { AppRouter } from "../app/locale-sync";\nexport type App = AppRouter;\n', "the runtime uses nothing of the site but host/src/lib"],
    ["host/src/lib/boot.ts", 'import { bootScript } from "../runtime";\nexport const boot = bootScript();\n', "host/src/lib must not use the runtime"],
    ["host/src/app/live.ts", 'import { markPageLive } from "../runtime/island";\nexport const live = markPageLive;\n', "through its entry, host/src/runtime/index.ts"],
  ])("fails on %s", (file, source, rule) => {
    setUp();
    write(file, source);
    const { status, output } = run("check-boundaries.mjs");
    expect(status).toBe(1);
    expect(output).toContain(file);
    expect(output).toContain(rule);
  });
});

describe("the boundary check on import cycles in the site", () => {
  it("fails on a cycle whose last edge is a type-only import, and passes once it is gone", () => {
    copyOfRepository(["scripts/check-boundaries.mjs", "packages/contract/src/index.ts"]);
    write("host/src/registry.ts", 'import { Header } from "./header";\nexport const ISLANDS = { header: Header };\n');
    write("host/src/header.tsx", 'import { island } from "./island";\nexport const Header = () => null;\nexport const HeaderIsland = island("header");\n');
    write("host/src/island.tsx", 'import type { ISLANDS } from "./registry";\nexport const island = (name: keyof typeof ISLANDS) => name;\n');
    const { status, output } = run("check-boundaries.mjs");
    expect(status).toBe(1);
    expect(output).toContain("an import cycle (type-only imports count)");
    expect(output).toMatch(/host\/src\/(registry\.ts|header\.tsx|island\.tsx)/);
    expect(output.match(/an import cycle/g)).toHaveLength(1);

    write("host/src/island.tsx", "export const island = (name: string) => name;\n");
    expect(run("check-boundaries.mjs")).toMatchObject({ status: 0 });
  });
});

describe("the boundary check on forms", () => {
  // A search form with its value, and its submit, in state of its own; an arrow among its attributes before onSubmit.
  const handWritten = [
    'import { useState } from "react";',
    "export function Search({ go }: { go: (q: string) => void }) {",
    '  const [q, setQ] = useState("");',
    "  return (",
    '    <form role="search" onReset={() => setQ("")} onSubmit={(event) => (event.preventDefault(), go(q))}>',
    "      <input value={q} onChange={(event) => setQ(event.target.value)} />",
    "    </form>",
    "  );",
    "}",
    "",
  ].join("\n");
  const withTheHook = [
    `import { TextField, useForm } from "${FORM_KIT}";`,
    "export function Search({ go }: { go: (q: string) => void }) {",
    '  const form = useForm<{ q: string }>({ initial: { q: "" }, onSubmit: ({ q }) => go(q) });',
    "  return (",
    '    <form role="search" onSubmit={form.submit}>',
    '      <TextField label="Search" {...form.field("q")} />',
    "    </form>",
    "  );",
    "}",
    "",
  ].join("\n");
  const files = ["packages/widgets/src/search/search.tsx", "host/src/pages/search/search-form.tsx"];

  it("fails on a hand-written form in an element or the site, and passes once it uses useForm", () => {
    copyOfRepository(["scripts/check-boundaries.mjs", "packages/contract/src/index.ts"]);
    for (const file of files) write(file, handWritten);
    const { status, output } = run("check-boundaries.mjs");
    expect(status).toBe(1);
    for (const file of files) expect(output).toContain(`${file}: has a <form> with onSubmit but no useForm`);

    for (const file of files) write(file, withTheHook);
    expect(run("check-boundaries.mjs")).toMatchObject({ status: 0 });
  });

  it("leaves the form kit and the tests alone, and a form that submits nowhere by itself", () => {
    copyOfRepository(["scripts/check-boundaries.mjs", "packages/contract/src/index.ts"]);
    write("packages/ui/src/form/example.tsx", handWritten);
    write("host/src/pages/search/__tests__/search.test.tsx", handWritten);
    write("packages/widgets/src/search/search.tsx", 'export const Search = () => <form method="get" action="/search"><input name="q" /></form>;\n');
    expect(run("check-boundaries.mjs")).toMatchObject({ status: 0 });
  });
});

describe("the translation check", () => {
  const setUp = () => {
    copyOfRepository([
      "scripts/check-translations.mjs",
      "packages/contract/src/error-codes.ts",
      "packages/contract/src/locales/nl.po",
      "packages/contract/src/locales/en.po",
    ]);
    expect(run("check-translations.mjs")).toMatchObject({ status: 0 });
  };
  const catalog = (locale: string) => `packages/contract/src/locales/${locale}.po`;

  it.each(["nl", "en"])("fails when an error code has no %s text", (locale) => {
    setUp();
    const text = readFileSync(join(root, catalog(locale)), "utf8");
    const emptied = text.replace(/(msgid "auth\.invalid_credentials"\nmsgstr )"[^"]*"/, '$1""');
    expect(emptied).not.toBe(text);
    write(catalog(locale), emptied);
    const { status, output } = run("check-translations.mjs");
    expect(status).toBe(1);
    expect(output).toContain(`${catalog(locale)}: error code auth.invalid_credentials has no text`);
  });

  it("fails when an error code is not in the catalogs at all", () => {
    setUp();
    const codes = readFileSync(join(root, "packages/contract/src/error-codes.ts"), "utf8");
    write("packages/contract/src/error-codes.ts", codes.replace('"blog.not_found",', '"blog.not_found",\n  "blog.brand_new",'));
    const { status, output } = run("check-translations.mjs");
    expect(status).toBe(1);
    expect(output).toContain("error code blog.brand_new has no text");
  });
});
