-- The signed-in devices of an account, as the settings page lists them. A session gets an id the browser may see
-- (the token's hash stays private), and the browser and operating system read from the user agent at login
-- ('Chrome', 'macOS'): no raw user-agent string and no IP address is kept. Sessions made before this migration have
-- neither and are listed as an unknown device.
ALTER TABLE sessions ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid();
CREATE UNIQUE INDEX sessions_id_idx ON sessions (id);
ALTER TABLE sessions ADD COLUMN browser text;
ALTER TABLE sessions ADD COLUMN os text;
