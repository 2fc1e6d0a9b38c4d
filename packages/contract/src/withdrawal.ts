/**
 * The rules of the withdrawal function (Consumer Rights Directive, Art. 9 and 11a) and of the optional question asked
 * when a customer cancels. Browser code and server read the same values.
 */

/** A consumer may withdraw from a contract concluded online within 14 days of its conclusion (Art. 9). */
export const WITHDRAWAL_PERIOD_DAYS = 14;
export const WITHDRAWAL_PERIOD_MS = WITHDRAWAL_PERIOD_DAYS * 24 * 60 * 60 * 1000;

/** The last moment a contract concluded at `startedAt` can be withdrawn from. */
export function withdrawalDeadline(startedAt: Date | string): Date {
  return new Date(new Date(startedAt).getTime() + WITHDRAWAL_PERIOD_MS);
}

/** The longest order or invoice number the form takes. */
export const WITHDRAWAL_REFERENCE_MAX_LENGTH = 100;
/**
 * An order or invoice number: letters, digits and dashes only. The acknowledgement repeats it to the account's address,
 * so whoever sends a statement cannot make that mail carry words or links of their own.
 */
export const WITHDRAWAL_REFERENCE_PATTERN = "^[A-Za-z0-9-]*$";

export function isWithdrawalReference(value: string): boolean {
  return value.length <= WITHDRAWAL_REFERENCE_MAX_LENGTH && new RegExp(WITHDRAWAL_REFERENCE_PATTERN).test(value);
}

/** Why a customer cancels: the choices of the one optional question; `other` goes with free text. */
export const CANCELLATION_REASONS = ["too_expensive", "not_using", "missing_features", "switching", "temporary", "other"] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];
export const CANCELLATION_COMMENT_MAX_LENGTH = 1000;
