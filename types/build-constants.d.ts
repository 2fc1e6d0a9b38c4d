// Replaced at build time by vite.shared.ts (browserPlugins), in the bundle, the host and the tests alike.

/** The element bundle's exact version, from packages/widgets/package.json. */
declare const __AGENCY_WIDGETS_VERSION__: string;
