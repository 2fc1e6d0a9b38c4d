-- Proof-of-work challenges of the quote form that have been used, by their signature: each solved challenge counts
-- once, so a solution cannot be replayed. A row is of no use once its challenge has expired.
CREATE TABLE contact_challenges_used (
  signature text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX contact_challenges_used_expires_idx ON contact_challenges_used (expires_at);
