import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";
import { LOCALES } from "./packages/contract/src/rules.ts";

/**
 * The parts of an element that load after its first screen, per element folder. Their texts are a catalog of
 * their own (`<element>/locales/later/`), which comes in their chunk (withTexts, packages/widgets/src/element).
 */
const later: Record<string, string[]> = {
  "cookie-banner": ["consent-details.tsx", "consent-embeds.tsx"],
  login: ["forgot-view.tsx", "register-view.tsx", "second-factor-view.tsx", "invitation.tsx"],
  settings: ["account-profile.tsx", "billing.tsx", "cancel-dialog.tsx", "invoices.tsx", "payment-notice.tsx", "verify-email-notice.tsx"],
  subscribe: ["offer.tsx", "billing-toggle.tsx", "immediate-start.tsx", "plan-card.tsx", "trust-list.tsx"],
};
const widgets = "<rootDir>/packages/widgets/src";
const laterFiles = Object.fromEntries(
  Object.entries(later).map(([name, files]) => [name, files.map((file) => `${widgets}/${name}/${file}`)]),
);

/**
 * One catalog set per area, so an element ships only its own messages: the contract's error texts (shared by the
 * server and every element), the server's mails and pages, ui primitives, one catalog per element folder, and the
 * host site. Source texts are the spec's English wording; Dutch (the site's default language) lives in the nl
 * catalogs. `npm run i18n:check` fails on a missing translation.
 */
export default defineConfig({
  locales: [...LOCALES],
  sourceLocale: "en",
  fallbackLocales: { default: "en" },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: "<rootDir>/packages/contract/src/locales/{locale}",
      include: ["<rootDir>/packages/contract/src"],
      exclude: ["<rootDir>/packages/contract/src/quote-choices/**", "<rootDir>/packages/contract/src/package-features/**"],
    },
    // The quote form's choices, for the form and the mails that repeat them; an element without the form skips them.
    { path: "<rootDir>/packages/contract/src/quote-choices/locales/{locale}", include: ["<rootDir>/packages/contract/src/quote-choices"] },
    // What each package includes, for the pricing element, the offer page and the offer's document.
    { path: "<rootDir>/packages/contract/src/package-features/locales/{locale}", include: ["<rootDir>/packages/contract/src/package-features"] },
    { path: "<rootDir>/packages/server/src/locales/{locale}", include: ["<rootDir>/packages/server/src"] },
    {
      path: "<rootDir>/packages/ui/src/locales/{locale}",
      include: ["<rootDir>/packages/ui/src"],
      exclude: ["<rootDir>/packages/ui/src/form/**"],
    },
    // The form kit's texts travel only with the elements and pages that have a form.
    { path: "<rootDir>/packages/ui/src/form/locales/{locale}", include: ["<rootDir>/packages/ui/src/form"] },
    {
      path: `${widgets}/{name}/locales/{locale}`,
      include: [`${widgets}/{name}/`],
      exclude: [`${widgets}/*/panels/**`, ...Object.values(laterFiles).flat()],
    },
    ...Object.entries(laterFiles).map(([name, files]) => ({ path: `${widgets}/${name}/locales/later/{locale}`, include: files })),
    // The settings element's panels that load after its first screen bring their own texts along.
    {
      path: "<rootDir>/packages/widgets/src/settings/panels/locales/{locale}",
      include: ["<rootDir>/packages/widgets/src/settings/panels/"],
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
