/** The agency's public identity, used in the layout, legal pages and meta tags. */
export const SITE = {
  name: "Pixelwerf",
  email: "hallo@pixelwerf.nl",
  /** The agency's own AI site-builder platform (linked from Services). */
  platformUrl: "https://platform.pixelwerf.nl",
} as const;
