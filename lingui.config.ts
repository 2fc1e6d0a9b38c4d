import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/**
 * One catalog set per area, so an element ships only its own messages:
 * ui primitives, one catalog per element folder, and the host site.
 * Source texts are the spec's English wording; Dutch (the site's default locale, see
 * packages/core/src/settings.ts) lives in the nl catalogs. `npm run i18n:check` fails on a missing translation.
 */
export default defineConfig({
  locales: ["nl", "en"],
  sourceLocale: "en",
  fallbackLocales: { default: "en" },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    { path: "<rootDir>/packages/ui/src/locales/{locale}", include: ["<rootDir>/packages/ui/src"] },
    {
      path: "<rootDir>/packages/widgets/src/{name}/locales/{locale}",
      include: ["<rootDir>/packages/widgets/src/{name}/"],
    },
    // The host: a shell catalog (layouts, guards, shared bits) and one per page folder, loaded with its route,
    // so a marketing page never downloads the portal's texts.
    {
      path: "<rootDir>/host/src/locales/{locale}",
      include: ["<rootDir>/host/src"],
      exclude: ["<rootDir>/host/src/pages/**"],
    },
    { path: "<rootDir>/host/src/pages/{name}/locales/{locale}", include: ["<rootDir>/host/src/pages/{name}/"] },
  ],
});
