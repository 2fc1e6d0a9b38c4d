-- Passkeys (WebAuthn credentials) a customer signs in with instead of a password. The credential id is the
-- authenticator's (base64url), unique across all accounts: one credential belongs to one account. The public key is
-- stored as the COSE bytes the authenticator handed over (base64url); the signature counter is kept to notice a cloned
-- authenticator. Deleting the account deletes its passkeys.
CREATE TABLE passkeys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  public_key text NOT NULL,
  sign_count bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  -- singleDevice or multiDevice (synced), and whether it is backed up now, as the authenticator reported.
  device_type text NOT NULL,
  backed_up boolean NOT NULL DEFAULT false,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX passkeys_user_idx ON passkeys (user_id, created_at);

-- The challenges of passkey ceremonies under way, kept server-side so any instance can finish what another began.
-- Each is taken (deleted) by the answer that uses it, so it counts once, and is of no use after expires_at. A
-- registration challenge belongs to the signed-in account that asked for it; a sign-in challenge to nobody yet.
CREATE TABLE webauthn_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'authenticate')),
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX webauthn_challenges_expires_idx ON webauthn_challenges (expires_at);
