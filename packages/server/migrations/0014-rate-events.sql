-- Rate limits: one row per counted event (a login attempt, a sign-up, a reset request, …) in a named bucket, keyed
-- by a keyed hash of the client IP or by the account. Kept in the database so every limit holds across restarts and
-- across several server instances on one PostgreSQL. Replaces login_failures, which only counted failures after the
-- fact. login_failures itself stays: the release before this one still reads and writes it while instances are
-- replaced one by one, so it is dropped only in a later release.
CREATE TABLE rate_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bucket text NOT NULL,
  key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_events_bucket_key_idx ON rate_events (bucket, key, created_at);
CREATE INDEX rate_events_created_at_idx ON rate_events (created_at);
