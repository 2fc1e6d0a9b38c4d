-- Sessions also end after a period without requests: when the session was last used, updated at most once a minute.
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX sessions_last_seen_at_idx ON sessions (last_seen_at);
