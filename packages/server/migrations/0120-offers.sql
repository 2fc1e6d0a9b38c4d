-- Packages sold online (expand): offers made from the desk and accepted and paid in the browser, the invoices of a
-- package sale in one gap-free series a year, one-off payments at the providers (a deposit, a balance, a direct debit
-- mandate), and the package a company holds. Nothing an instance of the release before reads changes.

-- The packages are plans, so a package's monthly fee is a subscription like any other (its plan's name is the
-- package's). Monthly only, and not on sale through the subscribe page: `active = false` keeps them out of the plans
-- list. The prices are the specification's package table in euro cents, excluding VAT; a test holds them to the
-- contract's PACKAGES.
ALTER TABLE plans ADD COLUMN kind text NOT NULL DEFAULT 'plan' CHECK (kind IN ('plan', 'package'));
INSERT INTO plans (id, name, description, price_monthly_cents, price_yearly_cents, currency, features, active, sort_order, kind) VALUES
  ('starter', 'Starter', 'Hosting, maintenance and support of a Starter website.', 6500, 78000, 'EUR', '[]', false, 10, 'package'),
  ('professional', 'Professional', 'Hosting, maintenance and priority support of a Professional website.', 12900, 154800, 'EUR', '[]', false, 11, 'package'),
  ('enterprise', 'Enterprise', 'Hosting, maintenance and priority support of an Enterprise website.', 25900, 310800, 'EUR', '[]', false, 12, 'package');

-- Numbers without gaps: one row per series and year, counted up in the transaction that writes the numbered document,
-- so a rollback gives its number back and two writers at once wait for each other on the row.
CREATE TABLE number_series (
  series text NOT NULL CHECK (series IN ('offer', 'invoice', 'test_invoice')),
  year integer NOT NULL CHECK (year BETWEEN 2000 AND 9999),
  last_number integer NOT NULL CHECK (last_number > 0),
  PRIMARY KEY (series, year)
);

CREATE TABLE offers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  number text NOT NULL UNIQUE,
  -- 256 random bits: the capability in the link mailed to the customer (/offer?token=…), opened without a session.
  token text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('new', 'upgrade')),
  status text NOT NULL CHECK (status IN ('requested', 'sent', 'viewed', 'accepted', 'delivered', 'expired', 'declined')),
  package text NOT NULL CHECK (package IN ('starter', 'professional', 'enterprise')),
  from_package text CHECK (from_package IN ('starter', 'professional')),
  email text NOT NULL CHECK (email = lower(email)),
  name text NOT NULL,
  company_name text,
  locale text NOT NULL CHECK (locale IN ('nl', 'en')),
  -- Where the site runs that its links open ('/' or '/preview/{first}/{second}/'), as the desk that made it did.
  base_path text NOT NULL DEFAULT '/',
  lead_id integer REFERENCES contact_requests (id) ON DELETE SET NULL,
  -- The company that accepted and paid it (an upgrade's from the start). Offers and their invoices are the agency's
  -- bookkeeping, kept for the legal seven years after the company is gone.
  company_id uuid REFERENCES companies (id) ON DELETE SET NULL,
  currency text NOT NULL DEFAULT 'EUR' CHECK (currency = 'EUR'),
  -- Excluding VAT. For an upgrade the startup fee is the difference between the packages.
  startup_fee_cents integer NOT NULL CHECK (startup_fee_cents >= 0),
  monthly_fee_cents integer NOT NULL CHECK (monthly_fee_cents >= 0),
  -- The extra one-time lines: [{ "description": "…", "amountCents": 15000 }], excluding VAT.
  lines jsonb NOT NULL DEFAULT '[]',
  vat_rate integer NOT NULL CHECK (vat_rate BETWEEN 0 AND 100),
  -- The staff member's e-mail address, or 'customer' for an upgrade a customer asked for.
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  expires_at timestamptz NOT NULL,
  viewed_at timestamptz,
  -- The signature: the name typed, when, from which address, and the terms agreed to.
  signed_name text,
  signed_at timestamptz,
  signed_ip text,
  terms_version text,
  -- The deposit was paid: the order is placed and the company holds the package.
  paid_at timestamptz,
  delivered_at timestamptz,
  delivered_by text,
  declined_at timestamptz,
  decline_reason text,
  -- The direct debit mandate the monthly fee is collected with: the SEPA Direct Debit payment method an iDEAL deposit
  -- left at Stripe (pm_…), or the test provider's mandate reference. Null until there is one.
  mandate_ref text,
  -- The monthly fee's subscription, once delivered.
  subscription_id uuid REFERENCES subscriptions (id) ON DELETE SET NULL,
  CHECK ((kind = 'upgrade') = (from_package IS NOT NULL))
);
CREATE INDEX offers_newest_idx ON offers (created_at DESC, id DESC);
CREATE INDEX offers_status_idx ON offers (status, created_at DESC, id DESC);
CREATE INDEX offers_company_idx ON offers (company_id, created_at DESC);
-- One upgrade under way per company.
CREATE UNIQUE INDEX offers_one_open_upgrade ON offers (company_id)
  WHERE kind = 'upgrade' AND status IN ('requested', 'sent', 'viewed', 'accepted');

-- The invoices of package sales, whichever provider collects them: the deposit when it is paid, the balance at
-- delivery, the monthly fee each month. Numbered from one series a year (number_series 'invoice'; the test provider's
-- from 'test_invoice'), VAT per line, written once and never changed but for their payment.
CREATE TABLE invoices (
  -- 256 random bits: also the capability in the address of the invoice's PDF, opened without a session.
  id text PRIMARY KEY,
  number text NOT NULL UNIQUE,
  test boolean NOT NULL,
  kind text NOT NULL CHECK (kind IN ('deposit', 'balance', 'monthly')),
  company_id uuid REFERENCES companies (id) ON DELETE SET NULL,
  offer_id uuid REFERENCES offers (id) ON DELETE SET NULL,
  subscription_id uuid REFERENCES subscriptions (id) ON DELETE SET NULL,
  -- Whom it is addressed to, as it was when it was issued: { name, company, email, vatNumber, kvkNumber }.
  customer jsonb NOT NULL,
  locale text NOT NULL CHECK (locale IN ('nl', 'en')),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  vat_rate integer NOT NULL,
  -- [{ "description": "…", "netCents": 49950, "vatCents": 10490 }]
  lines jsonb NOT NULL,
  net_cents integer NOT NULL,
  vat_cents integer NOT NULL,
  total_cents integer NOT NULL CHECK (total_cents = net_cents + vat_cents),
  period_start timestamptz,
  period_end timestamptz,
  issued_at timestamptz NOT NULL,
  due_at timestamptz,
  status text NOT NULL CHECK (status IN ('open', 'paid')),
  paid_at timestamptz,
  provider text NOT NULL CHECK (provider IN ('local', 'stripe')),
  -- What the provider knows it by: Stripe's in_… of a monthly fee, or the payment that paid it (pi_…, a test payment).
  external_id text,
  -- The one reminder an unpaid balance gets after its payment term.
  reminded_at timestamptz,
  UNIQUE (provider, external_id)
);
CREATE UNIQUE INDEX invoices_one_per_offer ON invoices (offer_id, kind) WHERE kind IN ('deposit', 'balance');
CREATE UNIQUE INDEX invoices_one_per_period ON invoices (subscription_id, period_start) WHERE kind = 'monthly';
CREATE INDEX invoices_company_idx ON invoices (company_id, issued_at DESC);
CREATE INDEX invoices_overdue_idx ON invoices (due_at) WHERE status = 'open' AND kind = 'balance';

-- One-off payments at a provider: an offer's deposit, an invoice, or a direct debit mandate for the monthly fee. For
-- the test provider the id is the capability in its page's address; for Stripe it records which cs_… pays what.
CREATE TABLE payment_checkouts (
  id text PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('local', 'stripe')),
  external_id text UNIQUE,
  purpose text NOT NULL CHECK (purpose IN ('offer_deposit', 'invoice', 'mandate')),
  -- The offer's id (deposit, mandate) or the invoice's id.
  reference text NOT NULL,
  -- Null while the company does not exist yet (an offer's first deposit makes it).
  company_id uuid REFERENCES companies (id) ON DELETE SET NULL,
  email text NOT NULL,
  -- Including VAT; 0 for a mandate.
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL,
  description text NOT NULL,
  locale text NOT NULL CHECK (locale IN ('nl', 'en')),
  success_url text NOT NULL,
  cancel_url text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'canceled', 'refunded')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  completed_at timestamptz,
  -- The payment at the provider (pi_…, or the test provider's reference).
  payment_ref text
);
CREATE INDEX payment_checkouts_reference_idx ON payment_checkouts (purpose, reference);
CREATE INDEX payment_checkouts_expires_idx ON payment_checkouts (expires_at);

-- The package a company holds: from its deposit's payment on, upgraded with the next one.
CREATE TABLE company_packages (
  company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  package text NOT NULL CHECK (package IN ('starter', 'professional', 'enterprise')),
  offer_id uuid REFERENCES offers (id) ON DELETE SET NULL,
  since timestamptz NOT NULL,
  -- The package's monthly fee, once it was delivered.
  subscription_id uuid REFERENCES subscriptions (id) ON DELETE SET NULL
);

-- An offer's history is read from the audit log by its target.
CREATE INDEX audit_log_target_idx ON audit_log (target, id);
