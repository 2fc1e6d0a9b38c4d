-- A quote request whose visitor picked 'Unknown' as the budget. The form sends the highest range for it (4000+, as
-- the specification has it), and the request keeps that; this says it was 'Unknown', so the mails and the desk
-- repeat what the visitor picked rather than a budget they did not choose.
ALTER TABLE contact_requests ADD COLUMN budget_unknown boolean NOT NULL DEFAULT false;
