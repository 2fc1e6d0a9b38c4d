-- The agency's desk. Staff are not customers: their own table, sessions, enrolment links and recovery codes, so no
-- customer token or account can ever stand for a staff member. Expand-only: new tables, and new columns with
-- defaults on contact_requests that a release before this one neither reads nor writes.

CREATE TABLE staff (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  role text NOT NULL CHECK (role IN ('admin', 'staff')),
  -- Null until the enrolment link is followed; both are set together with the authenticator's secret.
  password_hash text,
  totp_secret text,
  -- The newest 30-second step a code was accepted for: a code of that step or an earlier one is refused (no replay).
  totp_last_step bigint,
  enrolled_at timestamptz,
  last_sign_in_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Single-use enrolment links, valid 24 hours; only the SHA-256 of a token is stored. The authenticator's secret is
-- made with the link, so showing the link's page twice shows the same secret.
CREATE TABLE staff_enrolments (
  token_hash text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  totp_secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX staff_enrolments_staff_idx ON staff_enrolments (staff_id);

-- Ten per enrolment, each usable once; stored as SHA-256 (each code has 80 random bits).
CREATE TABLE staff_recovery_codes (
  staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (staff_id, code_hash)
);

-- Staff sessions end 12 hours after sign-in (expires_at) or after 30 minutes without a request (last_seen_at).
-- Removing a staff member deletes their sessions with them.
CREATE TABLE staff_sessions (
  token_hash text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id);
CREATE INDEX staff_sessions_expires_idx ON staff_sessions (expires_at);

-- What staff did, and who, when and from where. Append-only: the trigger below refuses every UPDATE, DELETE and
-- TRUNCATE, so not even a bug in the server can rewrite it. The actor is kept as text (the e-mail address), so an
-- entry outlives the staff member's removal.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor text NOT NULL,
  action text NOT NULL,
  target text,
  detail jsonb NOT NULL DEFAULT '{}',
  ip text NOT NULL DEFAULT ''
);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- The inbox's state of a quote request. A request an instance of the previous release stores gets its status from
-- its review flags through the trigger (that release does not know the column), as every request does: spam
-- (the honeypot) and held (sent too fast) are never mailed until released.
ALTER TABLE contact_requests ADD COLUMN status text NOT NULL DEFAULT 'new'
  CHECK (status IN ('new', 'read', 'archived', 'spam', 'held'));
ALTER TABLE contact_requests ADD COLUMN note text NOT NULL DEFAULT '';
ALTER TABLE contact_requests ADD COLUMN released_at timestamptz;
UPDATE contact_requests SET status = CASE WHEN is_spam THEN 'spam' WHEN held_for_review THEN 'held' ELSE 'new' END;

CREATE FUNCTION contact_requests_initial_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.status := CASE WHEN NEW.is_spam THEN 'spam' WHEN NEW.held_for_review THEN 'held' ELSE 'new' END;
  RETURN NEW;
END
$$;
CREATE TRIGGER contact_requests_status BEFORE INSERT ON contact_requests FOR EACH ROW EXECUTE FUNCTION contact_requests_initial_status();

-- The inbox reads newest first, by status or not, a page at a time: both orders are index scans that stop after
-- one page, and the counts (capped) are index-only.
CREATE INDEX contact_requests_inbox_idx ON contact_requests (created_at DESC, id DESC);
CREATE INDEX contact_requests_status_inbox_idx ON contact_requests (status, created_at DESC, id DESC);

-- Search by a word (or the start of one) of the name, company or e-mail address: a GIN index on the words, which
-- PGlite has as well as PostgreSQL (pg_trgm is an extension PGlite does not load by default).
ALTER TABLE contact_requests ADD COLUMN search tsvector GENERATED ALWAYS AS (
  to_tsvector('simple', name || ' ' || company || ' ' || email || ' ' || translate(email, '@.-_+', '     '))
) STORED;
CREATE INDEX contact_requests_search_idx ON contact_requests USING gin (search);
