-- Proof of cookie consent (GDPR art. 7(1)): what was chosen, when, under which banner version.
-- The IP is kept only as a keyed hash, enough to correlate records without storing the address.
CREATE TABLE consent_records (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  consent_id uuid NOT NULL,
  necessary boolean NOT NULL,
  analytics boolean NOT NULL,
  marketing boolean NOT NULL,
  version integer NOT NULL,
  client_timestamp timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  ip_hash text NOT NULL
);
CREATE INDEX consent_records_consent_id_idx ON consent_records (consent_id);
