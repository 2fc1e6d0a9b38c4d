-- Whether the browser sent Global Privacy Control (navigator.globalPrivacyControl or Sec-GPC: 1) with the choice:
-- the banner then starts with marketing off, and the record shows the signal was honoured.
ALTER TABLE consent_records ADD COLUMN gpc boolean NOT NULL DEFAULT false;
