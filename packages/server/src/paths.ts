import { fileURLToPath } from "node:url";

/**
 * This module sits directly in `src/`, and the build emits every chunk directly in `dist/`, so one level up is
 * the package root in both `tsx src/server.ts` and `node dist/server.js`. Files read at run time (migrations,
 * blog content) stay on disk beside the package instead of being bundled.
 */
export const packageRoot = fileURLToPath(new URL("..", import.meta.url));
export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
export const migrationsDir = `${packageRoot}migrations`;
/** The server's source, where the tools find every mail template (src/mail/registry.ts). */
export const serverSrcDir = `${packageRoot}src`;
export const blogContentDir = `${packageRoot}content/blog`;
/** The server's own texts (mails, pages, answers) and the contract's error texts, read at start. */
export const serverLocalesDir = `${packageRoot}src/locales`;
export const contractLocalesDir = `${repoRoot}packages/contract/src/locales`;
export const quoteChoicesLocalesDir = `${repoRoot}packages/contract/src/quote-choices/locales`;
export const packageFeaturesLocalesDir = `${repoRoot}packages/contract/src/package-features/locales`;
