-- login_failures is back where an earlier version of 0014 dropped it: the release before rate_events still logs in
-- through it, and an upgrade replaces instances one by one, so old instances keep serving logins meanwhile. This
-- release neither reads nor writes it (its retention job only prunes rows the old instances left); a later release
-- drops it. Same shape as in 0001.
CREATE TABLE IF NOT EXISTS login_failures (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  ip_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS login_failures_email_idx ON login_failures (email, created_at);
CREATE INDEX IF NOT EXISTS login_failures_ip_idx ON login_failures (ip_hash, created_at);
