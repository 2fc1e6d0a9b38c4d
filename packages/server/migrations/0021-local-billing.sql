-- What the local test provider keeps to play Stripe's billing: the billing address its checkout page collects,
-- the invoices it writes (first payment, renewals, a switch of billing period) and its billing-portal sessions.

CREATE TABLE local_billing_details (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- ISO 3166-1 alpha-2; NL invoices carry 21 % VAT.
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  vat_number text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE local_invoices (
  -- 256 random bits: also the capability in the address of the invoice's PDF, opened without a bearer token.
  id text PRIMARY KEY,
  number integer GENERATED ALWAYS AS IDENTITY UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  subscription_id uuid NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- [{ kind: 'period' | 'unused_time', billingPeriod, from, to, amountCents }], amounts without VAT.
  lines jsonb NOT NULL,
  subtotal_cents integer NOT NULL,
  -- Basis points: 2100 is 21 %.
  tax_rate_bp integer NOT NULL DEFAULT 0,
  tax_cents integer NOT NULL DEFAULT 0,
  total_cents integer NOT NULL,
  -- The billing details when the invoice was written; invoices do not change afterwards.
  country text,
  vat_number text,
  status text NOT NULL DEFAULT 'paid' CHECK (status IN ('paid', 'refunded')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX local_invoices_user_idx ON local_invoices (user_id, created_at);

-- A visit to the test billing portal; the id is the capability in its address, like a test checkout's.
CREATE TABLE local_portal_sessions (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  locale text NOT NULL CHECK (locale IN ('nl', 'en')),
  return_url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX local_portal_sessions_expires_idx ON local_portal_sessions (expires_at);
