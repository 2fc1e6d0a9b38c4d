-- A customer's own choice of a second factor: an authenticator app (TOTP) with single-use recovery codes, checked
-- after the password. Expand-only: new tables, which a release before this one neither reads nor writes.

-- One authenticator per account. The secret is made when the customer starts setting it up (enabled_at null) and
-- only counts once a code from it is confirmed; starting over replaces an unconfirmed one.
CREATE TABLE user_totp (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret text NOT NULL,
  enabled_at timestamptz,
  -- The newest 30-second step a code was accepted for: a code of that step or an earlier one is refused (no replay).
  last_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Ten per set, each usable once; stored as SHA-256 (each code has 80 random bits). A new set replaces the old one.
CREATE TABLE user_recovery_codes (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- The half-signed-in state between a right password and the second factor: a short-lived token that is no session
-- (no account call accepts it), good for a few tries of the code. Only its SHA-256 is stored.
CREATE TABLE sign_in_attempts (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  tries integer NOT NULL DEFAULT 0
);
CREATE INDEX sign_in_attempts_user_idx ON sign_in_attempts (user_id);
CREATE INDEX sign_in_attempts_expires_idx ON sign_in_attempts (expires_at);
