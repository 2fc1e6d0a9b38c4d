-- Quote requests. Stored before any mail is attempted; notified_at IS NULL marks a notification still owed.
CREATE TABLE contact_requests (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Retention (privacy policy: 2 years after the last contact) counts from here; the agency moves it on follow-up.
  last_contact_at timestamptz NOT NULL DEFAULT now(),
  name text NOT NULL,
  email text NOT NULL,
  company text NOT NULL DEFAULT '',
  country_code text NOT NULL,
  phone text NOT NULL,
  current_website text NOT NULL DEFAULT '',
  project_type text NOT NULL,
  budget_range text NOT NULL,
  timeline text NOT NULL,
  primary_goal text NOT NULL DEFAULT '',
  features text[] NOT NULL DEFAULT '{}',
  domain_status text NOT NULL,
  hear_about_us text NOT NULL DEFAULT '',
  biggest_challenge text NOT NULL DEFAULT '',
  message text NOT NULL DEFAULT '',
  language text NOT NULL CHECK (language IN ('nl', 'en')),
  -- Attribution: which site or page the lead came from.
  source text NOT NULL DEFAULT '',
  page_url text NOT NULL DEFAULT '',
  origin text NOT NULL DEFAULT '',
  referrer text NOT NULL DEFAULT '',
  utm jsonb NOT NULL DEFAULT '{}',
  ip_hash text NOT NULL,
  is_spam boolean NOT NULL DEFAULT false,
  notified_at timestamptz,
  notify_attempts integer NOT NULL DEFAULT 0,
  last_attempt_at timestamptz,
  last_error text
);
CREATE INDEX contact_requests_pending_idx ON contact_requests (id) WHERE notified_at IS NULL AND NOT is_spam;
CREATE INDEX contact_requests_ip_idx ON contact_requests (ip_hash, created_at);
CREATE INDEX contact_requests_last_contact_idx ON contact_requests (last_contact_at);
