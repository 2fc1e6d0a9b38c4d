/**
 * The API contract between the server and the browser code (spec §3, §7).
 * Browser packages import this module only, and only its types and `as const` enumerations:
 * it must stay free of runtime imports.
 */

export type Language = "nl" | "en";

export interface User {
  id: string;
  email: string;
  name: string | null;
  created_at: string;
}

export interface AuthResponse {
  user: User;
  token: string;
}

export interface ErrorResponse {
  error: string;
  /** Fields at fault, on a validation error. */
  fields?: string[];
  /** Seconds to wait, on a 429. */
  retryAfter?: number;
}

export interface RegisterPayload {
  name: string;
  email: string;
  password: string;
  language?: Language;
}

export interface LoginPayload {
  email: string;
  password: string;
}

export interface ForgotPasswordPayload {
  email: string;
  language?: Language;
  /** "/" or "/preview/{first}/{second}/": the reset link points under it. */
  basePath?: string;
}

export interface VerifyResetTokenResponse {
  valid: boolean;
  email?: string;
}

export interface ResetPasswordPayload {
  token: string;
  newPassword: string;
}

export interface MessageResponse {
  success: boolean;
  message: string;
}

// ---- Quote requests (spec §3 "Contact request", §5) ----

export const PROJECT_TYPES = ["new-website", "redesign", "landing-page", "e-commerce", "maintenance", "other"] as const;
export const BUDGET_RANGES = ["500-1000", "1000-2000", "2000-3000", "3000-4000", "4000+"] as const;
export const TIMELINES = ["asap", "1-month", "2-3-months", "flexible"] as const;
export const DOMAIN_STATUSES = ["have-domain", "need-domain", "need-help"] as const;
export const HEAR_ABOUT_US = ["google-search", "social-media", "referral", "advertising", "other"] as const;
export const FEATURES = [
  "contact-forms",
  "online-booking",
  "e-commerce",
  "blog",
  "photo-gallery",
  "social-media",
  "live-chat",
  "analytics",
] as const;
export const COUNTRY_CODES = [
  { code: "+31", country: "NL" },
  { code: "+1", country: "US" },
  { code: "+1", country: "CA" },
  { code: "+44", country: "GB" },
  { code: "+49", country: "DE" },
  { code: "+33", country: "FR" },
  { code: "+39", country: "IT" },
  { code: "+34", country: "ES" },
  { code: "+61", country: "AU" },
  { code: "+81", country: "JP" },
] as const;
export const DEFAULT_COUNTRY_CODE = "+31";
/** Name of the hidden honeypot field: people never fill it, simple bots do. */
export const HONEYPOT_FIELD = "website_url";

export type ProjectType = (typeof PROJECT_TYPES)[number];
export type BudgetRange = (typeof BUDGET_RANGES)[number];
export type Timeline = (typeof TIMELINES)[number];
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];
export type HearAboutUs = (typeof HEAR_ABOUT_US)[number];
export type Feature = (typeof FEATURES)[number];

export interface Utm {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
}

export interface ContactPayload {
  name: string;
  email: string;
  company?: string;
  countryCode: string;
  phone: string;
  currentWebsite?: string;
  projectType: ProjectType | "";
  budgetRange: BudgetRange | "";
  timeline: Timeline | "";
  primaryGoal?: string;
  features?: Feature[];
  domainStatus: DomainStatus | "";
  hearAboutUs?: HearAboutUs | "";
  biggestChallenge?: string;
  message?: string;
  language: Language;
  /** A label naming the client site the form is embedded on. */
  source?: string;
  pageUrl?: string;
  utm?: Utm;
  [HONEYPOT_FIELD]?: string;
}

// ---- Blog (spec §3) ----

export interface BlogPost {
  id: string;
  title: string;
  excerpt?: string | null;
  content: string;
  category?: string | null;
  author_name: string;
  created_at: string;
  updated_at: string;
  featured_image?: string | null;
  tags?: string[] | null;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  pages: number;
}

export interface BlogListResponse {
  success: boolean;
  posts: BlogPost[];
  pagination: Pagination;
}

export interface BlogPostResponse {
  success: boolean;
  post?: BlogPost;
  error?: string;
}

// ---- Subscriptions (spec §3, §7) ----

export type BillingPeriod = "monthly" | "yearly";

export interface Subscription {
  plan_name: string;
  status: string;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  billing_period?: BillingPeriod;
}

export interface Plan {
  id: string;
  name: string;
  description: string;
  price_monthly: number;
  price_yearly: number;
  /** ISO 4217, e.g. "EUR". */
  currency: string;
  features: string[] | Record<string, string | boolean>;
}

export interface CreateCheckoutPayload {
  planId: string;
  billingPeriod: BillingPeriod;
  successUrl: string;
  cancelUrl: string;
  language?: Language;
}

export interface CreateCheckoutResponse {
  checkoutUrl?: string;
  sessionId?: string;
  clientSecret?: string;
  publishableKey?: string;
}

// ---- Cookie consent proof (POST /consent) ----

export interface ConsentPayload {
  /** Anonymous id kept with the visitor's consent record. */
  id: string;
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  version: number;
  timestamp: string;
}
