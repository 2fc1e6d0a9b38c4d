-- The browsers a staff member signed in to the desk from, by the SHA-256 of the device cookie's id (as known_devices
-- keeps a customer's). Guesses at a staff account from everywhere else end at a cap; these browsers are not slowed
-- down by them, so a stranger cannot keep staff out. Expand-only: a new table.
CREATE TABLE staff_known_devices (
  staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  device_hash text NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (staff_id, device_hash)
);
