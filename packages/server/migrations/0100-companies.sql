-- The customer is a company (expand). People are members of one company with a role; the company owns the
-- subscription, the invoices, the billing details, the customer at the payment provider and the quote requests sent
-- while signed in. Every existing account becomes the owner of a company of its own, named after the person, whose
-- id is the account's id, so what the account owned moves over by copying one column.
--
-- Instances of the release before this one keep running beside it during an upgrade. They know no companies:
-- - an account they make joins a company of its own when its transaction commits (users_join_own_company);
-- - a row they write with a user_id only (a subscription, an invoice, a checkout, billing details, a customer at the
--   payment provider, a test payment method) gets the company of that user (fill_company_from_user), and a company's
--   one row of billing details, customer or payment method is updated in place rather than doubled;
-- - they read by user_id, which keeps naming the member who bought (subscriptions, checkouts, invoices) or, for
--   rows written before this release, the owner. So a member of a company sees its subscription only on the new
--   instances; the owner sees it on both.
-- The previous release's unique index of one live subscription per user becomes one per company: a second member's
-- payment on an old instance is refused by the index (Stripe retries its webhook until a new instance refunds it as
-- a duplicate). The contract step (a later release) drops user_id from the company's single rows and the triggers.

CREATE TABLE companies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  -- The Dutch Chamber of Commerce (KvK) number: 8 digits.
  kvk_number text CHECK (kvk_number ~ '^[0-9]{8}$'),
  -- The company's VAT number, printed on its invoices; the test checkout's billing details keep it in step.
  vat_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One company per person (the primary key); one owner per company (the partial unique index).
CREATE TABLE company_members (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'billing', 'member')),
  joined_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX company_members_one_owner ON company_members (company_id) WHERE role = 'owner';
CREATE INDEX company_members_company_idx ON company_members (company_id, joined_at);

-- Invitations by e-mail: single use, valid 7 days; only the SHA-256 of a token is stored. At most one pending
-- invitation per company and address.
CREATE TABLE company_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email)),
  role text NOT NULL CHECK (role IN ('admin', 'billing', 'member')),
  token_hash text NOT NULL UNIQUE,
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  -- Shown on the invitation's page; kept when the inviter's account goes.
  invited_by_name text NOT NULL,
  locale text NOT NULL CHECK (locale IN ('nl', 'en')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by uuid REFERENCES users (id) ON DELETE SET NULL,
  revoked_at timestamptz
);
CREATE UNIQUE INDEX company_invitations_pending ON company_invitations (company_id, email) WHERE accepted_at IS NULL AND revoked_at IS NULL;
CREATE INDEX company_invitations_expires_idx ON company_invitations (expires_at);

-- The security log: who changed what about a membership, for the member's account and for the company.
CREATE TABLE security_events (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  -- The account the event is about, and the company it happened in.
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  company_id uuid REFERENCES companies (id) ON DELETE CASCADE,
  -- Who did it; the name is kept when the account goes.
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  actor_name text NOT NULL DEFAULT '',
  action text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX security_events_user_idx ON security_events (user_id, at DESC);
CREATE INDEX security_events_company_idx ON security_events (company_id, at DESC);

-- Every existing account: the owner of a company of its own, named after the person.
INSERT INTO companies (id, name, created_at) SELECT id, left(name, 200), created_at FROM users WHERE length(name) > 0;
INSERT INTO companies (id, name, created_at) SELECT id, email, created_at FROM users WHERE length(name) = 0;
INSERT INTO company_members (user_id, company_id, role, joined_at) SELECT id, id, 'owner', created_at FROM users;

-- The company of an account, made (with the account as its owner, named after the person) when it has none yet.
CREATE FUNCTION own_company(account uuid) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  company uuid;
BEGIN
  SELECT m.company_id INTO company FROM company_members m WHERE m.user_id = account;
  IF company IS NULL THEN
    INSERT INTO companies (name) SELECT coalesce(nullif(left(u.name, 200), ''), u.email) FROM users u WHERE u.id = account
      RETURNING id INTO company;
    IF company IS NOT NULL THEN
      INSERT INTO company_members (user_id, company_id, role) VALUES (account, company, 'owner');
    END IF;
  END IF;
  RETURN company;
END
$$;

-- An account made without a company (by an instance of the previous release, or any other INSERT) joins one of its
-- own when its transaction commits; one that got its company in that transaction is left as it is.
CREATE FUNCTION users_join_own_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM own_company(NEW.id);
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER users_join_own_company AFTER INSERT ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION users_join_own_company();

-- A company goes with its last member (an account erased by an instance of the previous release too), taking
-- along what it owns; the quote requests sent while signed in to it stay with the agency unless erased first.
CREATE FUNCTION companies_go_with_last_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM companies WHERE id = OLD.company_id AND NOT EXISTS (SELECT 1 FROM company_members WHERE company_id = OLD.company_id);
  RETURN NULL;
END
$$;
CREATE TRIGGER company_members_last AFTER DELETE ON company_members FOR EACH ROW EXECUTE FUNCTION companies_go_with_last_member();

-- A row written with its user only gets that user's company.
CREATE FUNCTION fill_company_from_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.company_id IS NULL AND NEW.user_id IS NOT NULL THEN
    NEW.company_id := own_company(NEW.user_id);
  END IF;
  RETURN NEW;
END
$$;

-- Subscriptions, test invoices and checkouts: the company owns them; user_id is the member who bought, and a
-- subscription or invoice outlives that member's account.
ALTER TABLE subscriptions ADD COLUMN company_id uuid REFERENCES companies (id) ON DELETE CASCADE;
UPDATE subscriptions SET company_id = user_id;
ALTER TABLE subscriptions ALTER COLUMN company_id SET NOT NULL;
ALTER TABLE subscriptions ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_user_id_fkey;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX subscriptions_company_idx ON subscriptions (company_id, created_at DESC);
CREATE TRIGGER subscriptions_company BEFORE INSERT ON subscriptions FOR EACH ROW EXECUTE FUNCTION fill_company_from_user();
-- One live subscription per company (the statuses of the contract's LIVE_STATUSES, as before per user).
CREATE UNIQUE INDEX subscriptions_one_live_per_company ON subscriptions (company_id)
  WHERE status IN ('active', 'trialing', 'past_due', 'unpaid', 'paused');
DROP INDEX subscriptions_one_live_per_user;

ALTER TABLE local_invoices ADD COLUMN company_id uuid REFERENCES companies (id) ON DELETE CASCADE;
UPDATE local_invoices SET company_id = user_id;
ALTER TABLE local_invoices ALTER COLUMN company_id SET NOT NULL;
ALTER TABLE local_invoices ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE local_invoices DROP CONSTRAINT local_invoices_user_id_fkey;
ALTER TABLE local_invoices ADD CONSTRAINT local_invoices_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX local_invoices_company_idx ON local_invoices (company_id, created_at);
CREATE TRIGGER local_invoices_company BEFORE INSERT ON local_invoices FOR EACH ROW EXECUTE FUNCTION fill_company_from_user();

ALTER TABLE checkout_sessions ADD COLUMN company_id uuid REFERENCES companies (id) ON DELETE CASCADE;
UPDATE checkout_sessions SET company_id = user_id;
ALTER TABLE checkout_sessions ALTER COLUMN company_id SET NOT NULL;
CREATE INDEX checkout_sessions_company_idx ON checkout_sessions (company_id);
CREATE TRIGGER checkout_sessions_company BEFORE INSERT ON checkout_sessions FOR EACH ROW EXECUTE FUNCTION fill_company_from_user();

-- The company's single rows: its billing details and test payment method, its customer at each provider. Keyed by
-- company now; user_id stays (unique, nullable) for the previous release's ON CONFLICT (user_id), and this release
-- leaves it empty. A row an old instance writes for a company that has one already updates that one instead.
ALTER TABLE local_billing_details ADD COLUMN company_id uuid REFERENCES companies (id) ON DELETE CASCADE;
UPDATE local_billing_details SET company_id = user_id;
ALTER TABLE local_billing_details ALTER COLUMN company_id SET NOT NULL;
ALTER TABLE local_billing_details DROP CONSTRAINT local_billing_details_pkey;
ALTER TABLE local_billing_details ALTER COLUMN user_id DROP NOT NULL;
CREATE UNIQUE INDEX local_billing_details_user_idx ON local_billing_details (user_id);
CREATE UNIQUE INDEX local_billing_details_company_idx ON local_billing_details (company_id);
ALTER TABLE local_billing_details DROP CONSTRAINT local_billing_details_user_id_fkey;
ALTER TABLE local_billing_details ADD CONSTRAINT local_billing_details_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL;
UPDATE companies c SET vat_id = d.vat_number FROM local_billing_details d WHERE d.company_id = c.id;

CREATE FUNCTION local_billing_details_per_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.company_id IS NULL AND NEW.user_id IS NOT NULL THEN
    NEW.company_id := own_company(NEW.user_id);
  END IF;
  UPDATE local_billing_details SET country = NEW.country, vat_number = NEW.vat_number, updated_at = now()
   WHERE company_id = NEW.company_id AND user_id IS DISTINCT FROM NEW.user_id;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER local_billing_details_company BEFORE INSERT ON local_billing_details
  FOR EACH ROW EXECUTE FUNCTION local_billing_details_per_company();
-- The VAT number is the company's: whoever writes the billing details (an old instance too) writes it there.
CREATE FUNCTION local_billing_details_vat_to_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies SET vat_id = NEW.vat_number, updated_at = now() WHERE id = NEW.company_id AND vat_id IS DISTINCT FROM NEW.vat_number;
  RETURN NULL;
END
$$;
CREATE TRIGGER local_billing_details_vat AFTER INSERT OR UPDATE ON local_billing_details
  FOR EACH ROW EXECUTE FUNCTION local_billing_details_vat_to_company();

ALTER TABLE local_payment_methods ADD COLUMN company_id uuid REFERENCES companies (id) ON DELETE CASCADE;
UPDATE local_payment_methods SET company_id = user_id;
ALTER TABLE local_payment_methods ALTER COLUMN company_id SET NOT NULL;
ALTER TABLE local_payment_methods DROP CONSTRAINT local_payment_methods_pkey;
ALTER TABLE local_payment_methods ALTER COLUMN user_id DROP NOT NULL;
CREATE UNIQUE INDEX local_payment_methods_user_idx ON local_payment_methods (user_id);
CREATE UNIQUE INDEX local_payment_methods_company_idx ON local_payment_methods (company_id);
ALTER TABLE local_payment_methods DROP CONSTRAINT local_payment_methods_user_id_fkey;
ALTER TABLE local_payment_methods ADD CONSTRAINT local_payment_methods_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL;

CREATE FUNCTION local_payment_methods_per_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.company_id IS NULL AND NEW.user_id IS NOT NULL THEN
    NEW.company_id := own_company(NEW.user_id);
  END IF;
  UPDATE local_payment_methods
     SET kind = NEW.kind, bank = NEW.bank, iban_last4 = NEW.iban_last4, mandate_reference = NEW.mandate_reference,
         mandate_accepted_at = NEW.mandate_accepted_at, updated_at = now()
   WHERE company_id = NEW.company_id AND user_id IS DISTINCT FROM NEW.user_id;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER local_payment_methods_company BEFORE INSERT ON local_payment_methods
  FOR EACH ROW EXECUTE FUNCTION local_payment_methods_per_company();

-- One customer per company and provider; the first one stays (as it did per user).
ALTER TABLE payment_customers ADD COLUMN company_id uuid REFERENCES companies (id) ON DELETE CASCADE;
UPDATE payment_customers SET company_id = user_id;
ALTER TABLE payment_customers ALTER COLUMN company_id SET NOT NULL;
ALTER TABLE payment_customers DROP CONSTRAINT payment_customers_pkey;
ALTER TABLE payment_customers ALTER COLUMN user_id DROP NOT NULL;
CREATE UNIQUE INDEX payment_customers_user_idx ON payment_customers (user_id, provider);
CREATE UNIQUE INDEX payment_customers_company_idx ON payment_customers (company_id, provider);
ALTER TABLE payment_customers DROP CONSTRAINT payment_customers_user_id_fkey;
ALTER TABLE payment_customers ADD CONSTRAINT payment_customers_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL;

CREATE FUNCTION payment_customers_per_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.company_id IS NULL AND NEW.user_id IS NOT NULL THEN
    NEW.company_id := own_company(NEW.user_id);
  END IF;
  IF EXISTS (SELECT 1 FROM payment_customers WHERE company_id = NEW.company_id AND provider = NEW.provider) THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER payment_customers_company BEFORE INSERT ON payment_customers
  FOR EACH ROW EXECUTE FUNCTION payment_customers_per_company();

-- A quote request sent while signed in belongs to the sender's company (the erasure of its last member erases it).
ALTER TABLE contact_requests ADD COLUMN company_id uuid REFERENCES companies (id) ON DELETE SET NULL;
CREATE INDEX contact_requests_company_idx ON contact_requests (company_id) WHERE company_id IS NOT NULL;
