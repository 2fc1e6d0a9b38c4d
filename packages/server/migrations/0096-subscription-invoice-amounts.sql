-- What the latest invoice of a subscription charges (paid or still owed), as the payment provider wrote it: the
-- total paid, VAT included, and that VAT, in cents of the invoice's currency. The subscription mails say these
-- amounts; null for a subscription whose invoices are from before they were kept.
ALTER TABLE subscriptions
  ADD COLUMN invoice_total_cents integer,
  ADD COLUMN invoice_tax_cents integer,
  ADD COLUMN invoice_currency text;

-- A renewal's mail is keyed by the period it pays for, like a failed payment's by its episode: one mail per renewal,
-- however often the provider reports it. Every other kind keeps the key it had.
CREATE OR REPLACE FUNCTION queue_subscription_mail(subscription uuid, mail_kind text, max_attempts integer) RETURNS SETOF integer
LANGUAGE sql AS $$
  INSERT INTO outbox (channel, topic, payload, ref, max_attempts, key)
  SELECT 'subscription-mail', 'subscription.' || mail_kind, jsonb_build_object('subscriptionId', s.id, 'kind', mail_kind),
         'user:' || s.user_id, max_attempts,
         'subscription:' || s.id || ':' || mail_kind || CASE
           WHEN mail_kind = 'payment_failed'
             THEN ':' || floor(extract(epoch FROM coalesce(s.payment_issue_since, s.current_period_end)) * 1000)::bigint
           WHEN mail_kind = 'renewed'
             THEN ':' || floor(extract(epoch FROM s.current_period_start) * 1000)::bigint
           ELSE '' END
    FROM subscriptions s WHERE s.id = subscription
  ON CONFLICT (key) DO NOTHING
  RETURNING id
$$;
