-- Customer requests: the content updates and support the monthly fee includes (src/requests/README.md).

CREATE TABLE customer_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  -- The member who filed it; null once their account is gone (the request stays the company's).
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  reference text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('content', 'problem', 'question')),
  subject text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'waiting', 'closed')),
  -- Professional, Enterprise or the Pro plan when the customer last wrote: first in the queue.
  priority boolean NOT NULL DEFAULT false,
  owner_id uuid REFERENCES staff (id) ON DELETE SET NULL,
  -- The customer's oldest message the agency has not answered yet; null once it has.
  awaiting_since timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_message_at timestamptz NOT NULL DEFAULT now()
);
-- The portal's list, and the data export.
CREATE INDEX customer_requests_company ON customer_requests (company_id, last_message_at DESC);
-- The desk's queue: open ones by priority, then the longest waiting; the others most recent first.
CREATE INDEX customer_requests_queue ON customer_requests (status, priority DESC, awaiting_since, created_at, id);
CREATE INDEX customer_requests_recent ON customer_requests (status, last_message_at DESC, id DESC);
-- The overdue count (the queue's mark and the metric).
CREATE INDEX customer_requests_awaiting ON customer_requests (awaiting_since) WHERE status = 'open';
-- Requests past their retention (2 years after the last message).
CREATE INDEX customer_requests_last_message ON customer_requests (last_message_at);

CREATE TABLE customer_request_messages (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id uuid NOT NULL REFERENCES customer_requests (id) ON DELETE CASCADE,
  -- The request's company, so the minutes of a month are summed without a join.
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  author text NOT NULL CHECK (author IN ('customer', 'agency')),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  staff_id uuid REFERENCES staff (id) ON DELETE SET NULL,
  body text NOT NULL,
  -- What the agency logged with its reply; a customer's message logs none.
  minutes integer CHECK (minutes >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((author = 'agency') = (minutes IS NOT NULL))
);
CREATE INDEX customer_request_messages_thread ON customer_request_messages (request_id, id);
CREATE INDEX customer_request_messages_minutes ON customer_request_messages (company_id, created_at) WHERE minutes > 0;

-- Extra time a company agreed to have invoiced: one row per agreement (a later one for the same month adds the
-- minutes logged since), marked when an invoice took it.
CREATE TABLE request_extra_time (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  -- The calendar month (Europe/Amsterdam) the minutes were logged in, as '2027-03', and its first instant.
  period text NOT NULL,
  period_start timestamptz NOT NULL,
  minutes integer NOT NULL CHECK (minutes > 0),
  hourly_rate_cents integer NOT NULL CHECK (hourly_rate_cents >= 0),
  currency text NOT NULL,
  agreed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  agreed_by_name text NOT NULL,
  agreed_at timestamptz NOT NULL DEFAULT now(),
  invoiced_at timestamptz,
  -- The invoice that took it: the test provider's invoice id, or Stripe's invoice item id.
  invoice_ref text
);
CREATE INDEX request_extra_time_company ON request_extra_time (company_id, period);
CREATE INDEX request_extra_time_uninvoiced ON request_extra_time (company_id) WHERE invoiced_at IS NULL;
