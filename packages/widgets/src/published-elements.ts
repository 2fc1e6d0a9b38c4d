/**
 * The elements a partner gets, in the order the README, the manifest and the declarations list them: each
 * element's meta with its docs. register.ts defines the same six.
 */
import { cookieBannerDocs, cookieBannerMeta } from "./cookie-banner/cookie-banner.meta";
import type { ElementDocs, ElementMeta } from "./element/element-meta";
import { loginDocs, loginMeta } from "./login/login.meta";
import { pricingDocs, pricingMeta } from "./pricing/pricing.meta";
import { quoteFormDocs, quoteFormMeta } from "./quote-form/quote-form.meta";
import { settingsDocs, settingsMeta } from "./settings/settings.meta";
import { subscribeDocs, subscribeMeta } from "./subscribe/subscribe.meta";

export interface PublishedElement {
  meta: ElementMeta;
  docs: ElementDocs<ElementMeta>;
}

export const publishedElements: PublishedElement[] = [
  { meta: quoteFormMeta, docs: quoteFormDocs },
  { meta: pricingMeta, docs: pricingDocs },
  { meta: loginMeta, docs: loginDocs },
  { meta: subscribeMeta, docs: subscribeDocs },
  { meta: settingsMeta, docs: settingsDocs },
  { meta: cookieBannerMeta, docs: cookieBannerDocs },
];
