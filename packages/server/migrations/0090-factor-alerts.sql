-- A sign-in factor added to an account (a passkey, the authenticator app, new recovery codes) mails its owner at once
-- with a link like the new-sign-in alert's 'this wasn't me': the same table holds both, and `kind` says which.
-- Recovery codes get the time they were made, so such a link can remove what was added from its moment on.
-- Expand-only: a release before this one writes sign-in alerts without a kind (they are 'sign_in') and recovery codes
-- without a time (now).
ALTER TABLE sign_in_alerts
  ADD COLUMN kind text NOT NULL DEFAULT 'sign_in' CHECK (kind IN ('sign_in', 'passkey', 'authenticator', 'recovery_codes'));
ALTER TABLE user_recovery_codes ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
