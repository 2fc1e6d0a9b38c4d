// The public surface of @agency/core. Explicit on purpose: a change here is a change for every element and the host.
export {
  type AgencySettings,
  type ResolvedSettings,
  basePathFrom,
  apiBaseFrom,
  stripBase,
  localeFromPath,
  configure,
  getPageSettings,
  subscribeSettings,
  resolveSettings,
  SETTINGS_EVENT,
} from "./settings";
export { type Locale, type Catalog, LOCALES, DEFAULT_LOCALE, isLocale, createI18n, intlLocale } from "./i18n";
export { readStorage, writeStorage } from "./storage";
export {
  type SessionSnapshot,
  TOKEN_KEY,
  USER_KEY,
  SESSION_EVENT,
  getSession,
  setSession,
  updateUser,
  clearSession,
  subscribeSession,
  reloadSession,
  useSession,
} from "./session";
export {
  type ApiClientOptions,
  getApiClient,
  apiErrorMessage,
  apiStatus,
  isNetworkError,
  retryAfterSeconds,
  navigation,
} from "./api-client";
export * as authApi from "./api/auth";
export * as subscriptionsApi from "./api/subscriptions";
export * as contactApi from "./api/contact";
export * as blogApi from "./api/blog";
export * as consentApi from "./api/consent";
export * from "./contract";
