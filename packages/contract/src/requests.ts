import type { PackageId } from "./pricing";

/**
 * Customer requests: the content updates and support the monthly fee includes. A member of a company with an active
 * subscription or package files a request (a content update, a problem or a question); the agency answers in its
 * thread and logs the minutes each reply took. Each company has minutes included per calendar month (in the site's
 * time zone); time past them is invoiced only once the customer has agreed to it.
 */

export const REQUEST_KINDS = ["content", "problem", "question"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** `open`: the agency's turn; `waiting`: the customer's; `closed`: done (a message from the customer reopens it). */
export const REQUEST_STATUSES = ["open", "waiting", "closed"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_SUBJECT_MAX_LENGTH = 200;
export const REQUEST_MESSAGE_MAX_LENGTH = 10_000;
/** The most minutes one reply can log: a working day. */
export const REPLY_MINUTES_MAX = 480;

/** Minutes included per calendar month: 4 hours with Enterprise, else 2. */
export const INCLUDED_MINUTES = 120;
export const ENTERPRISE_INCLUDED_MINUTES = 240;

export function includedMinutesFor(pkg: PackageId | null): number {
  return pkg === "enterprise" ? ENTERPRISE_INCLUDED_MINUTES : INCLUDED_MINUTES;
}

/** The packages whose requests go first in the agency's queue (with the Pro plan). */
export const PRIORITY_PACKAGES: readonly PackageId[] = ["professional", "enterprise"];

export function hasPriority(entitlement: { package: PackageId | null; proPlan: boolean }): boolean {
  return entitlement.proPlan || (entitlement.package !== null && PRIORITY_PACKAGES.includes(entitlement.package));
}

/** The site promises an answer within this many hours; a request unanswered for OVERDUE_AFTER_HOURS is marked first. */
export const REPLY_PROMISE_HOURS = 24;
export const OVERDUE_AFTER_HOURS = 20;

/** A calendar month as the API names it: "2027-03". */
export const MONTH_PATTERN = "^[0-9]{4}-(0[1-9]|1[0-2])$";

/** Minutes past the allowance, or 0. */
export const extraMinutes = (usedMinutes: number, includedMinutes: number): number => Math.max(0, usedMinutes - includedMinutes);

/** What `minutes` of extra time cost at `hourlyRateCents`, in cents (rounded to the cent). */
export const extraTimeCents = (minutes: number, hourlyRateCents: number): number => Math.round((minutes * hourlyRateCents) / 60);
