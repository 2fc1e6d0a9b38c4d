-- The durable outbox: everything the server sends that must not be lost (mail now; further channels, such as lead
-- webhooks, use the same table). A row is written in the transaction of what it is about, so a stored thing and
-- its message commit together. Delivery claims due rows with FOR UPDATE SKIP LOCKED and a lease (claimed_until),
-- so each row is delivered by one instance at a time; a failed attempt is retried with exponential backoff until
-- max_attempts or give_up_at, then the row is marked failed.
CREATE TABLE outbox (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- How it is delivered: 'mail' (payload: the rendered message: to, subject, text, html, replyTo).
  channel text NOT NULL,
  -- What it is, e.g. auth.reset, auth.verify, contact.notification.
  topic text NOT NULL,
  payload jsonb NOT NULL,
  -- The payload grants access (a reset or verification link): erased once delivered or given up, never logged.
  secret boolean NOT NULL DEFAULT false,
  -- What the row is about ('user:<uuid>', 'contact_request:<id>'), so erasing that erases its messages too.
  ref text,
  created_at timestamptz NOT NULL DEFAULT now(),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL CHECK (max_attempts > 0),
  -- An instance is delivering it until then; after that another may try (it died mid-attempt).
  claimed_until timestamptz,
  sent_at timestamptz,
  failed_at timestamptz,
  last_error text,
  -- Not worth delivering after this (a reset link is useless after 24 hours).
  give_up_at timestamptz
);
CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX outbox_ref_idx ON outbox (ref) WHERE ref IS NOT NULL;
CREATE INDEX outbox_created_at_idx ON outbox (created_at);
