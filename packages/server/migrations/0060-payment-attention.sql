-- A payment that needs the customer: a renewal that failed, or one the bank wants confirmed (3-D Secure, a failed
-- direct debit). Set by fulfilment from the provider's events, cleared when the invoice is paid or the subscription
-- ends. `payment_issue_since` is when it began: what the customer keeps while it lasts is counted from there
-- (PAST_DUE_GRACE_DAYS). `payment_issue_invoice` is the invoice to pay (Stripe's in_…, or a local invoice's id).
ALTER TABLE subscriptions ADD COLUMN payment_issue text CHECK (payment_issue IN ('failed', 'requires_action'));
ALTER TABLE subscriptions ADD COLUMN payment_issue_since timestamptz;
ALTER TABLE subscriptions ADD COLUMN payment_issue_invoice text;

-- The local test provider plays a renewal that failed: its invoice stays open until it is paid.
ALTER TABLE local_invoices DROP CONSTRAINT local_invoices_status_check;
ALTER TABLE local_invoices ADD CONSTRAINT local_invoices_status_check CHECK (status IN ('paid', 'refunded', 'open'));

-- How the local test provider's customer pays: a test card, or a test SEPA Direct Debit mandate set up by an iDEAL
-- payment (as Stripe does: iDEAL for the first payment, the IBAN it reveals debited for the renewals).
CREATE TABLE local_payment_methods (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('card', 'sepa_debit')),
  -- iDEAL's bank (a test name) and the mandate it set up; null for a card.
  bank text,
  iban_last4 text,
  mandate_reference text,
  mandate_accepted_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
