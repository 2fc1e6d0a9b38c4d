// The public surface of @agency/core. Explicit on purpose: a change here is a change for every element and the host.
export {
  type AgencySettings,
  type ResolvedSettings,
  configure,
  getPageSettings,
  subscribeSettings,
  resolveSettings,
  SETTINGS_EVENT,
} from "./settings";
export { type Catalog, createI18n, createI18nFor } from "./i18n";
export { readStorage, writeStorage, isAgencyOrigin, storagePrefixFor, ELEMENT_STORAGE_PREFIX, CONSENT_STORAGE_KEY } from "./storage";
export {
  type SessionSnapshot,
  type SessionStore,
  TOKEN_KEY,
  USER_KEY,
  SESSION_EVENT,
  sessionFor,
  siteSession,
  getSession,
  setSession,
  updateUser,
  clearSession,
  subscribeSession,
  reloadSession,
  useSession,
} from "./session";
export type { SessionEndedKey } from "./session-ended";
export {
  type DeskSessionSnapshot,
  DESK_TOKEN_KEY,
  getDeskSession,
  setDeskSession,
  clearDeskSession,
  subscribeDeskSession,
  useDeskSession,
  deskApiClient,
} from "./desk-session";
export {
  type ApiClient,
  type BearerSession,
  type ApiClientOptions,
  type ApiRequestConfig,
  type ApiResponse,
  getApiClient,
  apiErrorMessage,
  apiErrorCode,
  apiErrorFields,
  apiStatus,
  isNetworkError,
  isOriginRefused,
  retryAfterSeconds,
  navigation,
} from "./api-client";
export * as authApi from "./api/auth";
export * as subscriptionsApi from "./api/subscriptions";
export * as contactApi from "./api/contact";
export * as blogApi from "./api/blog";
export * as consentApi from "./api/consent";
export * as accountApi from "./api/account";
export * as twoFactorApi from "./api/two-factor";
export * as passkeysApi from "./api/passkeys";
export * as deskApi from "./api/desk";
export * as teamApi from "./api/team";
export * as withdrawalsApi from "./api/withdrawals";
export * as offersApi from "./api/offers";
export * as deskOffersApi from "./api/desk-offers";
export * as requestsApi from "./api/requests";
export * as deskRequestsApi from "./api/desk-requests";
