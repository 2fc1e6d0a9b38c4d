import type { ComponentType } from "react";
import { FaqAccordion } from "../components/content/faq-accordion";
import { SiteHeader } from "../components/site-header";
import { SkipLink } from "../components/skip-link";

type AnyComponent = ComponentType<never>;

/**
 * Every island by name, as the browser loads it. The ones on (nearly) every public page come with the site's
 * entry; a page's own island is a chunk of its own with the page's texts.
 */
export const ISLANDS = {
  "skip-link": async () => SkipLink,
  "site-header": async () => SiteHeader,
  faq: async () => FaqAccordion,
  "blog-pagination": async () => (await import("../pages/blog/blog-pagination")).BlogPagination,
  "withdrawal-form": async () => (await import("../pages/withdraw/withdrawal-form")).WithdrawalForm,
} satisfies Record<string, () => Promise<AnyComponent>>;

export type IslandName = keyof typeof ISLANDS;

export function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(ISLANDS, name);
}
