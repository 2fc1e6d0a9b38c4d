-- A test billing-portal link belongs to the login session that opened it: when that session ends (logout, signing
-- out everywhere else, a password change, the account's deletion), its portal links end with it, so Back after a
-- logout cannot reopen the portal with its VAT number, invoices and billing switch. Links the previous release made
-- name no session; they stop working at once (the customer opens 'Manage billing' again), and that release's
-- inserts, which leave the column empty, keep working.
ALTER TABLE local_portal_sessions ADD COLUMN session_id uuid REFERENCES sessions (id) ON DELETE CASCADE;
CREATE INDEX local_portal_sessions_session_idx ON local_portal_sessions (session_id);
