import {
  type BudgetRange,
  type ContactFeature,
  type ContactRequestPayload,
  COUNTRY_CODES,
  type DomainStatus,
  type HearAboutUs,
  HONEYPOT_FIELD,
  isEmail,
  isPhone,
  type Locale,
  type ProjectType,
  type Timeline,
  UTM_KEYS,
  type UtmParameters,
} from "@agency/contract";

export type CountryId = (typeof COUNTRY_CODES)[number]["country"];

/** +31, by default and again after a success (docs/decisions/0001-quote-form-keeps-plus-31.md). */
export const DEFAULT_COUNTRY: CountryId = "NL";

/**
 * The budget select's own choices. 'Unknown' sends 4000+ like the last range, but needs its own option value:
 * with two options sharing "4000+" the select would always show the first one as chosen.
 */
export type BudgetChoice = BudgetRange | "unknown";

export interface QuoteFormValues {
  name: string;
  email: string;
  company: string;
  country: CountryId;
  phone: string;
  currentWebsite: string;
  projectType: ProjectType | "";
  budget: BudgetChoice | "";
  timeline: Timeline | "";
  primaryGoal: string;
  features: ContactFeature[];
  domainStatus: DomainStatus | "";
  hearAboutUs: HearAboutUs | "";
  /** Part of the request, but the form has no control for it: always sent empty. */
  biggestChallenge: string;
  message: string;
  /** The honeypot: hidden from people, so only robots fill it in. */
  trap: string;
}

export const initialValues = (): QuoteFormValues => ({
  name: "",
  email: "",
  company: "",
  country: DEFAULT_COUNTRY,
  phone: "",
  currentWebsite: "",
  projectType: "",
  budget: "",
  timeline: "",
  primaryGoal: "",
  features: [],
  domainStatus: "",
  hearAboutUs: "",
  biggestChallenge: "",
  message: "",
  trap: "",
});

export type FieldName = "name" | "email" | "phone" | "projectType" | "budget" | "timeline" | "domainStatus";
export type FieldProblem = "required" | "email" | "phone";
export type FieldErrors = Partial<Record<FieldName, FieldProblem>>;

/** The fields the form checks, in form order. */
const FIELD_ORDER: FieldName[] = ["name", "email", "phone", "projectType", "budget", "timeline", "domainStatus"];

/** The required fields, and the format of e-mail and phone. */
export function validate(values: QuoteFormValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of FIELD_ORDER) {
    if (values[field].trim() === "") errors[field] = "required";
  }
  // The contract's rules, which the server's schema uses too: a typo shows before anything is sent.
  if (!errors.email && !isEmail(values.email.trim())) errors.email = "email";
  if (!errors.phone && !isPhone(values.phone.trim())) errors.phone = "phone";
  return errors;
}

/** Campaign parameters of the page the form is on, for attribution. */
export function utmFromUrl(href: string): UtmParameters {
  const params = new URL(href).searchParams;
  const utm: UtmParameters = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key);
    if (value) utm[key] = value;
  }
  return utm;
}

export interface PageContext {
  language: Locale;
  source?: string;
  pageUrl: string;
}

/** The POST /contact body. Call only with values that passed validate(). */
export function toPayload(values: QuoteFormValues, { language, source, pageUrl }: PageContext): ContactRequestPayload {
  const country = COUNTRY_CODES.find((c) => c.country === values.country) ?? COUNTRY_CODES[0];
  const utm = utmFromUrl(pageUrl);
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    company: values.company.trim(),
    countryCode: country.dial,
    phone: values.phone.trim(),
    currentWebsite: values.currentWebsite.trim(),
    projectType: values.projectType as ProjectType,
    budgetRange: values.budget === "unknown" ? "4000+" : (values.budget as BudgetRange),
    timeline: values.timeline as Timeline,
    primaryGoal: values.primaryGoal.trim(),
    features: values.features,
    domainStatus: values.domainStatus as DomainStatus,
    hearAboutUs: values.hearAboutUs,
    biggestChallenge: values.biggestChallenge,
    message: values.message.trim(),
    language,
    ...(source ? { source } : {}),
    pageUrl,
    ...(Object.keys(utm).length > 0 ? { utm } : {}),
    [HONEYPOT_FIELD]: values.trap,
  };
}
