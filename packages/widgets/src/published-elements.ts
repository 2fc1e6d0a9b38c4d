/**
 * The elements a partner gets, in the order the README, the manifest and the declarations list them. Each
 * entry is an element's meta; register.ts defines the same six.
 */
import { cookieBannerMeta } from "./cookie-banner/cookie-banner.meta";
import { loginMeta } from "./login/login.meta";
import { pricingMeta } from "./pricing/pricing.meta";
import { quoteFormMeta } from "./quote-form/quote-form.meta";
import { settingsMeta } from "./settings/settings.meta";
import { subscribeMeta } from "./subscribe/subscribe.meta";

export const publishedElements = [quoteFormMeta, pricingMeta, loginMeta, subscribeMeta, settingsMeta, cookieBannerMeta];
