import {
  type BudgetRange,
  type ContactFeature,
  type Country,
  type DomainStatus,
  type HearAboutUs,
  isEmail,
  isPhone,
  type ProjectType,
  type Timeline,
} from "@agency/contract";

/** +31, by default and again after a success (docs/decisions/0001-quote-form-keeps-plus-31.md). */
export const DEFAULT_COUNTRY: Country = "NL";

/**
 * The budget select's own choices. 'Unknown' sends 4000+ like the last range, but needs its own option value:
 * with two options sharing "4000+" the select would always show the first one as chosen.
 */
export type BudgetChoice = BudgetRange | "unknown";

export interface QuoteFormValues {
  name: string;
  email: string;
  company: string;
  country: Country;
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
