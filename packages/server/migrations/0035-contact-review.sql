-- Quote requests sent faster than a person can fill in the form: stored, but held for the agency to review instead
-- of notified. A held request also gets last_attempt_at = 'infinity' when it is stored, so the notification job of
-- a release before this column (which claims rows whose last attempt is empty or older than two minutes) never
-- mails it during a rolling upgrade.
ALTER TABLE contact_requests ADD COLUMN held_for_review boolean NOT NULL DEFAULT false;
