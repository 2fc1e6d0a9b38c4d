/**
 * The API contract shared with the browser code. This is the only server module the widgets, core and host may
 * import: it has no imports and its only runtime values are the enumerations below (plain arrays), so importing
 * it never pulls server code into a bundle.
 */

export type Locale = "nl" | "en";
export const LOCALES = ["nl", "en"] as const satisfies readonly Locale[];

// ---------- Errors ----------

/** Every error answer. `fields` names the body fields at fault for a 400 from validation. */
export interface ErrorResponse {
  error: string;
  fields?: string[];
  /** Seconds until a throttled call may be retried (also sent as the Retry-After header on 429). */
  retryAfter?: number;
}

// ---------- Accounts ----------

export interface User {
  id: string;
  email: string;
  name: string;
  /** ISO 8601 */
  created_at: string;
}

export interface RegisterPayload {
  name: string;
  email: string;
  /** 6 to 128 characters. */
  password: string;
  /** Language for mails sent to this account; defaults to the request's Accept-Language, then nl. */
  language?: Locale;
}

export interface LoginPayload {
  email: string;
  password: string;
}

export interface AuthResponse {
  user: User;
  token: string;
}

export interface MeResponse {
  user: User;
}

export interface ForgotPasswordPayload {
  email: string;
  language?: Locale;
  /** `/` or `/preview/{first}/{second}/`; the mailed link is PUBLIC_URL + basePath + `reset-password?token=…`. */
  basePath?: string;
}

export interface VerifyResetTokenResponse {
  valid: boolean;
  email?: string;
  error?: string;
}

export interface ResetPasswordPayload {
  token: string;
  newPassword: string;
}

export interface SuccessMessageResponse {
  success: true;
  message: string;
}

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

// ---------- Quote requests (spec §3, §5) ----------

export const PROJECT_TYPES = ["new-website", "redesign", "landing-page", "e-commerce", "maintenance", "other"] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/** 'Unknown' in the form reuses 4000+. Labels differ per locale (euro in nl, dollars in en); values do not. */
export const BUDGET_RANGES = ["500-1000", "1000-2000", "2000-3000", "3000-4000", "4000+"] as const;
export type BudgetRange = (typeof BUDGET_RANGES)[number];

export const TIMELINES = ["asap", "1-month", "2-3-months", "flexible"] as const;
export type Timeline = (typeof TIMELINES)[number];

export const DOMAIN_STATUSES = ["have-domain", "need-domain", "need-help"] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

export const HEAR_ABOUT_US = ["google-search", "social-media", "referral", "advertising", "other"] as const;
export type HearAboutUs = (typeof HEAR_ABOUT_US)[number];

/** Values of the eight feature checkboxes; the form shows translated labels for them. */
export const CONTACT_FEATURES = [
  "contact-forms",
  "online-booking",
  "e-commerce",
  "blog",
  "photo-gallery",
  "social-media",
  "live-chat",
  "analytics",
] as const;
export type ContactFeature = (typeof CONTACT_FEATURES)[number];

/** The ten choices of the phone prefix select. +1 appears twice (US, CA); the value sent is the dial code. */
export const COUNTRY_CODES = [
  { dial: "+31", country: "NL" },
  { dial: "+1", country: "US" },
  { dial: "+1", country: "CA" },
  { dial: "+44", country: "GB" },
  { dial: "+49", country: "DE" },
  { dial: "+33", country: "FR" },
  { dial: "+39", country: "IT" },
  { dial: "+34", country: "ES" },
  { dial: "+61", country: "AU" },
  { dial: "+81", country: "JP" },
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number]["dial"];
export const DEFAULT_COUNTRY_CODE: CountryCode = "+31";

/**
 * Name of the hidden honeypot field. People never see it, so never fill it; a request where it is not empty is
 * answered like any other but kept flagged as spam and not mailed.
 */
export const HONEYPOT_FIELD = "website_url";

export interface UtmParameters {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
}

/** Body of POST /contact. Optional fields may also be sent as empty strings. */
export interface ContactRequestPayload {
  name: string;
  email: string;
  company?: string;
  countryCode: CountryCode;
  phone: string;
  currentWebsite?: string;
  projectType: ProjectType;
  budgetRange: BudgetRange;
  timeline: Timeline;
  primaryGoal?: string;
  features?: ContactFeature[];
  domainStatus: DomainStatus;
  hearAboutUs?: HearAboutUs | "";
  biggestChallenge?: string;
  message?: string;
  language: Locale;
  /** Label of the client site the embedded form runs on (attribution). */
  source?: string;
  /** Page the form was submitted from (defaults to the Referer). */
  pageUrl?: string;
  utm?: UtmParameters;
  [HONEYPOT_FIELD]?: string;
}

export type ContactResponse = SuccessMessageResponse;

// ---------- Blog ----------

export interface BlogPost {
  id: string;
  title: string;
  excerpt?: string;
  /** Sanitised HTML. */
  content: string;
  category?: string;
  author_name: string;
  /** ISO 8601 */
  created_at: string;
  /** ISO 8601 */
  updated_at: string;
  featured_image?: string;
  tags?: string[];
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  pages: number;
}

export interface BlogListResponse {
  success: true;
  posts: BlogPost[];
  pagination: Pagination;
}

export interface BlogPostResponse {
  success: true;
  post: BlogPost;
}

export interface BlogNotFoundResponse {
  success: false;
  error: "Blog post not found";
}

export const BLOG_PAGE_SIZE = 6;

// ---------- Cookie consent ----------

export interface ConsentRecordPayload {
  /** Anonymous uuid the banner keeps with the choice, so later changes can be linked to the first one. */
  id: string;
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  /** Version of the banner/policy text the visitor agreed to. */
  version: number;
  /** ISO 8601, when the visitor chose. */
  timestamp: string;
}

// ---------- Subscriptions (filled in by the subscriptions issue) ----------

export type BillingPeriod = "monthly" | "yearly";
export const BILLING_PERIODS = ["monthly", "yearly"] as const satisfies readonly BillingPeriod[];

/**
 * Stripe's subscription states, used for both providers. Only `active` and `trialing` grant access (the settings
 * page shows green for `active`). Ended subscriptions (`canceled`, `incomplete_expired`) are answered as null.
 */
export type SubscriptionStatus =
  | "active"
  | "trialing"
  | "past_due"
  | "unpaid"
  | "paused"
  | "incomplete"
  | "incomplete_expired"
  | "canceled";

export interface Plan {
  id: string;
  name: string;
  description: string;
  price_monthly: number;
  price_yearly: number;
  /** ISO 4217 code the prices are in, e.g. "EUR". */
  currency: string;
  features: string[] | Record<string, string | boolean>;
}

export interface Subscription {
  plan_name: string;
  status: string;
  /** ISO 8601 */
  current_period_end: string;
  cancel_at_period_end: boolean;
  billing_period?: BillingPeriod;
}

export interface CreateCheckoutPayload {
  planId: string;
  billingPeriod: BillingPeriod;
  /** Absolute URL on the site's origin or ALLOWED_ORIGINS (no open redirect). */
  successUrl: string;
  cancelUrl: string;
  language?: Locale;
}

/** GET /subscriptions/plans */
export interface PlansResponse {
  plans: Plan[];
}

/** GET /subscriptions/current, POST /subscriptions/cancel and /subscriptions/resume. */
export interface SubscriptionResponse {
  subscription: Subscription | null;
}

/** Either a page to send the browser to, or an embedded Stripe Checkout session. */
export interface CreateCheckoutResponse {
  checkoutUrl?: string;
  sessionId?: string;
  clientSecret?: string;
  publishableKey?: string;
}
