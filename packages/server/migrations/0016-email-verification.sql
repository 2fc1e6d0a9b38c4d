-- Verified e-mail addresses. Data matched by address (quote requests) belongs to an account only once its address is
-- verified: by following a mailed link, or by resetting the password (the reset link went to that mailbox too).
-- Accounts made before this migration start unverified.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;

-- Single-use links that prove someone holds a mailbox, valid 24 hours. `verify`: the account's own address (after
-- sign-up, or sent again); `change`: a new address, which becomes the account's only when its link is followed, so
-- nobody can take an address they do not hold. Only the SHA-256 of a token is stored.
CREATE TABLE email_verifications (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email)),
  purpose text NOT NULL CHECK (purpose IN ('verify', 'change')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_verifications_user_id_idx ON email_verifications (user_id, created_at);
CREATE INDEX email_verifications_expires_at_idx ON email_verifications (expires_at);
