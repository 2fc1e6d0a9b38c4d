-- New-sign-in alerts. A browser is recognised by a long-lived, httpOnly device cookie holding a random id; an
-- account keeps the SHA-256 of the ids of the browsers it signed in from, with the browser and system names read from
-- the user agent (never the user-agent string, never an address). A sign-in from a browser not on the list mails the
-- owner, with a link that signs out every session and leads to choosing a new password. Expand-only: new tables.
CREATE TABLE known_devices (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_hash text NOT NULL,
  browser text,
  os text,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, device_hash)
);

-- The 'this wasn't me' links: single use, valid for a week; only the SHA-256 of a token is stored.
CREATE TABLE sign_in_alerts (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  browser text,
  os text,
  signed_in_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX sign_in_alerts_user_idx ON sign_in_alerts (user_id);
CREATE INDEX sign_in_alerts_expires_idx ON sign_in_alerts (expires_at);
