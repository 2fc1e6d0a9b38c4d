-- Plans, subscriptions and the bookkeeping of both payment providers (the local test checkout and Stripe).

CREATE TABLE plans (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- Cents: integers are exact and come back as numbers from both PGlite and node-postgres (numeric is a string in pg).
  price_monthly_cents integer NOT NULL CHECK (price_monthly_cents >= 0),
  price_yearly_cents integer NOT NULL CHECK (price_yearly_cents >= 0),
  currency text NOT NULL DEFAULT 'EUR' CHECK (currency ~ '^[A-Z]{3}$'),
  -- An array of strings, or an object of strings/booleans (true shows 'Included', false 'Not included').
  features jsonb NOT NULL DEFAULT '[]',
  -- Stripe price ids of this plan; when null the STRIPE_PRICE_MONTHLY / STRIPE_PRICE_YEARLY settings apply.
  stripe_price_monthly text,
  stripe_price_yearly text,
  active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The default plan: Pro, €49 a month or €468 a year.
INSERT INTO plans (id, name, description, price_monthly_cents, price_yearly_cents, currency, features, sort_order)
VALUES (
  'pro',
  'Pro Plan',
  'Everything your team needs to grow online.',
  4900,
  46800,
  'EUR',
  '["Unlimited team members", "500GB storage", "All integrations", "Priority support", "Advanced analytics", "Full API access"]',
  0
);

-- One customer per user and provider (Stripe's cus_…), created on the first checkout and reused afterwards.
CREATE TABLE payment_customers (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('local', 'stripe')),
  customer_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, provider),
  UNIQUE (provider, customer_id)
);

CREATE TABLE subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plan_id text NOT NULL REFERENCES plans (id),
  billing_period text NOT NULL CHECK (billing_period IN ('monthly', 'yearly')),
  provider text NOT NULL CHECK (provider IN ('local', 'stripe')),
  -- Stripe's sub_… id; null for the local provider, whose row id is the identity.
  external_id text,
  -- Stripe's vocabulary: active, trialing, past_due, unpaid, paused, incomplete, incomplete_expired, canceled.
  status text NOT NULL,
  current_period_start timestamptz NOT NULL,
  current_period_end timestamptz NOT NULL,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  -- Local renewals count whole periods from here, so a subscription started on the 31st renews on the last day
  -- of shorter months and returns to the 31st afterwards (as Stripe's billing anchor does).
  billing_anchor timestamptz NOT NULL,
  -- First activation; the 'started' mail is sent once, and only a started subscription gets an 'ended' mail.
  started_at timestamptz,
  ended_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, external_id)
);
CREATE INDEX subscriptions_user_idx ON subscriptions (user_id, created_at DESC);
CREATE INDEX subscriptions_local_due_idx ON subscriptions (current_period_end)
  WHERE provider = 'local' AND status IN ('active', 'trialing', 'past_due');

-- Checkouts started by users. For the local provider the id is the unguessable capability in the test page's URL
-- (the browser opens it without the bearer token); for Stripe it records which cs_… belongs to whom.
CREATE TABLE checkout_sessions (
  id text PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('local', 'stripe')),
  external_id text UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plan_id text NOT NULL REFERENCES plans (id),
  billing_period text NOT NULL CHECK (billing_period IN ('monthly', 'yearly')),
  locale text NOT NULL CHECK (locale IN ('nl', 'en')),
  success_url text NOT NULL,
  cancel_url text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'canceled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  completed_at timestamptz
);
CREATE INDEX checkout_sessions_user_idx ON checkout_sessions (user_id);
CREATE INDEX checkout_sessions_expires_idx ON checkout_sessions (expires_at);

-- Webhook events already handled. The id is inserted first, in the transaction that handles the event, so a
-- redelivery (or two concurrent deliveries) of one event changes nothing the second time.
CREATE TABLE payment_events (
  id text PRIMARY KEY,
  provider text NOT NULL,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_events_received_idx ON payment_events (received_at);

-- Mails owed about a subscription, written in the same transaction as the state change that causes them
-- (a transactional outbox): a crash or SMTP outage after commit delays the mail instead of losing it.
CREATE TABLE subscription_mails (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subscription_id uuid NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('started', 'payment_failed', 'ended')),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_attempt_at timestamptz,
  last_error text
);
CREATE INDEX subscription_mails_pending_idx ON subscription_mails (id) WHERE sent_at IS NULL;
