/** The agency's public identity, used in the layout, legal pages and meta tags. */
export const SITE = {
  name: "Pixelwerf",
  email: "hallo@pixelwerf.nl",
  /** Public address of the live site: sitemap.xml and robots.txt use it unless PUBLIC_URL is set at build time. */
  url: "https://pixelwerf.nl",
  /** The agency's own AI site-builder platform (linked from Services). */
  platformUrl: "https://platform.pixelwerf.nl",
} as const;
