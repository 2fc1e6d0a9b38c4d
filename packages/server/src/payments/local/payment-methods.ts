import { randomInt } from "node:crypto";
import type { Db } from "../../db/db";

/**
 * How the local test provider's customer pays (local_payment_methods): a test card, or the test SEPA Direct Debit
 * mandate an iDEAL payment set up (as at Stripe: iDEAL pays the first invoice, the IBAN it reveals is debited for
 * the renewals). Shown in the test portal; nothing is ever charged.
 */

/** The banks the test iDEAL page offers: names only, every one of them a test. */
export const TEST_IDEAL_BANKS = ["ABN AMRO", "ASN Bank", "bunq", "ING", "Knab", "Rabobank", "Revolut", "SNS", "Triodos Bank"] as const;

export type LocalPaymentChoice = { kind: "card" } | { kind: "sepa_debit"; bank: string };

export interface LocalPaymentMethodRow {
  kind: "card" | "sepa_debit";
  bank: string | null;
  iban_last4: string | null;
  mandate_reference: string | null;
  mandate_accepted_at: Date | null;
}

/** Records how the company pays from now on; an iDEAL payment gets a new test mandate. */
export async function saveLocalPaymentMethod(tx: Db, companyId: string, choice: LocalPaymentChoice, at: Date): Promise<void> {
  const sepa = choice.kind === "sepa_debit";
  await tx.query(
    `INSERT INTO local_payment_methods (company_id, kind, bank, iban_last4, mandate_reference, mandate_accepted_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (company_id) DO UPDATE SET kind = excluded.kind, bank = excluded.bank, iban_last4 = excluded.iban_last4,
       mandate_reference = excluded.mandate_reference, mandate_accepted_at = excluded.mandate_accepted_at, updated_at = now()`,
    [
      companyId,
      choice.kind,
      sepa ? choice.bank : null,
      sepa ? String(randomInt(0, 10_000)).padStart(4, "0") : null,
      sepa ? `TEST-MANDATE-${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}` : null,
      sepa ? at : null,
    ],
  );
}

export async function findLocalPaymentMethod(db: Db, companyId: string): Promise<LocalPaymentMethodRow | null> {
  const { rows } = await db.query<LocalPaymentMethodRow>(
    "SELECT kind, bank, iban_last4, mandate_reference, mandate_accepted_at FROM local_payment_methods WHERE company_id = $1",
    [companyId],
  );
  return rows[0] ?? null;
}
