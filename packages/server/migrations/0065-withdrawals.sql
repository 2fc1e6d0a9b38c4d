-- The withdrawal function (Consumer Rights Directive, Art. 11a): every statement of withdrawal is kept with the
-- moment it was received, whether or not it matched an account, and what became of it. A statement that ends a
-- subscription is carried out after the answer (the answer must not tell whether the address has an account), by
-- the request itself and, after a failure at the payment provider, by the job that retries it.
CREATE TABLE withdrawals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  received_at timestamptz NOT NULL DEFAULT now(),
  -- As the customer typed them (the address trimmed and lower-cased).
  name text NOT NULL,
  email text NOT NULL,
  reference text,
  locale text NOT NULL CHECK (locale IN ('nl', 'en')),
  -- Sent while signed in as this account.
  signed_in boolean NOT NULL DEFAULT false,
  -- The account whose address matched, and its subscription the statement is about; kept when those are deleted.
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  subscription_id uuid REFERENCES subscriptions (id) ON DELETE SET NULL,
  -- Whether it came within the 14 days of the contract (ends it with a refund) or after (cancels at period end).
  within_period boolean,
  -- pending: to be carried out; withdrawn: ended and refunded; cancelled_at_period_end: after the 14 days;
  -- duplicate: another statement carries out the same withdrawal; no_contract / no_account: nothing to end;
  -- undone: the owner followed the acknowledgement's undo link before it was carried out.
  outcome text NOT NULL CHECK (outcome IN ('pending', 'withdrawn', 'cancelled_at_period_end', 'duplicate', 'no_contract', 'no_account', 'undone')),
  -- What the refund deducts when the customer asked for an immediate start: days begun of the period's days.
  used_days integer,
  period_days integer,
  refund_cents integer,
  refund_currency text,
  -- The provider's refund id (Stripe's re_…, or the test provider's test_re_…).
  refund_reference text,
  executed_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  last_error text,
  -- The acknowledgement's link for an owner who did not make the statement: its SHA-256, single use.
  undo_token_hash text UNIQUE,
  undo_expires_at timestamptz,
  undone_at timestamptz
);
CREATE INDEX withdrawals_received_idx ON withdrawals (received_at DESC);
CREATE INDEX withdrawals_pending_idx ON withdrawals (next_attempt_at) WHERE outcome = 'pending';
CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, received_at);
-- One statement carries out the withdrawal of a subscription, however often or at once it is sent: one refund.
CREATE UNIQUE INDEX withdrawals_one_per_subscription ON withdrawals (subscription_id)
  WHERE outcome IN ('pending', 'withdrawn') AND subscription_id IS NOT NULL;

-- The customer asked at checkout for the service to start during the withdrawal period, acknowledging that a
-- withdrawal then costs the days used; without it a withdrawal refunds everything.
ALTER TABLE checkout_sessions ADD COLUMN immediate_start boolean NOT NULL DEFAULT false;

-- Why customers cancel: the one optional question of the cancel confirmation, kept for the agency.
CREATE TABLE cancellation_reasons (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subscription_id uuid REFERENCES subscriptions (id) ON DELETE SET NULL,
  plan_id text,
  reason text CHECK (reason IN ('too_expensive', 'not_using', 'missing_features', 'switching', 'temporary', 'other')),
  comment text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cancellation_reasons_created_idx ON cancellation_reasons (created_at DESC);
