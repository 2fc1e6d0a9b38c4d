-- A plan's texts in the other site languages. The plans row itself holds the English texts (name, description,
-- features); a language without a row here falls back to them, so plans added without translations keep working.
CREATE TABLE plan_translations (
  plan_id text NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
  locale text NOT NULL CHECK (locale IN ('nl', 'en')),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- The same shape as plans.features: an array of strings, or an object of strings/booleans.
  features jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (plan_id, locale)
);

-- The seeded Pro plan in Dutch, unless the agency has meanwhile renamed it (then its own texts stay in charge).
INSERT INTO plan_translations (plan_id, locale, name, description, features)
SELECT id, 'nl', 'Pro-abonnement', 'Alles wat je team nodig heeft om online te groeien.',
       '["Onbeperkt aantal teamleden", "500GB opslag", "Alle integraties", "Voorrang bij support", "Geavanceerde analyses", "Volledige API-toegang"]'
  FROM plans
 WHERE id = 'pro' AND name = 'Pro Plan';
