-- At most one live subscription per user (the statuses of the contract's LIVE_STATUSES; a test compares this
-- index with that list). Fulfilment checks it under a per-user lock and refunds a second paid checkout; the index
-- is what makes a mistake there fail instead of charging a customer twice.
DO $$
DECLARE
  doubled text;
BEGIN
  SELECT string_agg(user_id::text, ', ') INTO doubled
    FROM (SELECT user_id FROM subscriptions
           WHERE status IN ('active', 'trialing', 'past_due', 'unpaid', 'paused')
           GROUP BY user_id HAVING count(*) > 1) AS d;
  IF doubled IS NOT NULL THEN
    RAISE EXCEPTION 'These users have more than one live subscription: %. Cancel the extra ones with the payment provider (in Stripe''s dashboard; its webhook then ends them here) and migrate again.', doubled;
  END IF;
END
$$;
CREATE UNIQUE INDEX subscriptions_one_live_per_user ON subscriptions (user_id)
  WHERE status IN ('active', 'trialing', 'past_due', 'unpaid', 'paused');

-- The renewal job passes its statuses as a parameter, which a partial index on a list of literals cannot serve.
DROP INDEX subscriptions_local_due_idx;
CREATE INDEX subscriptions_due_idx ON subscriptions (provider, current_period_end);

-- When the first payment was refunded: a second subscription of a user who already had one, cancelled at once.
ALTER TABLE subscriptions ADD COLUMN refunded_at timestamptz;

-- The subscription a checkout led to, so the page the customer returns to can tell what became of the payment.
ALTER TABLE checkout_sessions ADD COLUMN subscription_id uuid REFERENCES subscriptions (id) ON DELETE SET NULL;

-- The mail telling a customer that a second subscription was cancelled and its payment refunded.
ALTER TABLE subscription_mails DROP CONSTRAINT subscription_mails_kind_check;
ALTER TABLE subscription_mails ADD CONSTRAINT subscription_mails_kind_check
  CHECK (kind IN ('started', 'payment_failed', 'ended', 'duplicate_refunded'));
