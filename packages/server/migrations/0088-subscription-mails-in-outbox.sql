-- Subscription mails move into the outbox (expand). An outbox item may carry a key: at most one item per key,
-- delivered or not, so a mail owed about one event of the payment provider (a subscription started or ended, a
-- duplicate refunded, one episode of failed payments) is queued once however often or however concurrently that
-- event arrives.
ALTER TABLE outbox ADD COLUMN key text;
CREATE UNIQUE INDEX outbox_key_idx ON outbox (key);

-- Queues the subscription mail of this kind on the outbox's 'subscription-mail' channel, which writes it in the
-- customer's language when it is sent. The key names the event: the subscription and the kind, and for a failed
-- payment when that episode of failures began. Returns the new item's id, or nothing when the key was queued
-- before. The server calls it in the transaction of the change that owes the mail.
CREATE FUNCTION queue_subscription_mail(subscription uuid, mail_kind text, max_attempts integer) RETURNS SETOF integer
LANGUAGE sql AS $$
  INSERT INTO outbox (channel, topic, payload, ref, max_attempts, key)
  SELECT 'subscription-mail', 'subscription.' || mail_kind, jsonb_build_object('subscriptionId', s.id, 'kind', mail_kind),
         'user:' || s.user_id, max_attempts,
         'subscription:' || s.id || ':' || mail_kind || CASE WHEN mail_kind = 'payment_failed'
           THEN ':' || floor(extract(epoch FROM coalesce(s.payment_issue_since, s.current_period_end)) * 1000)::bigint
           ELSE '' END
    FROM subscriptions s WHERE s.id = subscription
  ON CONFLICT (key) DO NOTHING
  RETURNING id
$$;

-- While instances of the release before this one still run, they write subscription_mails rows: each is queued in
-- the outbox in the same transaction, under the same key as this release would, and marked sent ('infinity') so
-- that neither their immediate attempt nor their retry job (both claim rows with sent_at null) sends it. Those
-- instances deliver only the 'mail' channel, so the outbox's newer instances send it, once.
CREATE FUNCTION subscription_mails_to_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM queue_subscription_mail(NEW.subscription_id, NEW.kind, 20);
  NEW.sent_at := 'infinity';
  RETURN NEW;
END
$$;
CREATE TRIGGER subscription_mails_to_outbox BEFORE INSERT ON subscription_mails
  FOR EACH ROW EXECUTE FUNCTION subscription_mails_to_outbox();

-- Rows still owed move into the outbox, keeping their key, and are marked sent the same way. A row an older
-- instance claimed less than two minutes ago (its retry wait) may be in the mail server's hands right now: it is
-- left to that instance, and whatever of it is still owed then moves with the contract migration (0089).
WITH moved AS (
  UPDATE subscription_mails SET sent_at = 'infinity'
   WHERE sent_at IS NULL AND attempts < 100
     AND (last_attempt_at IS NULL OR last_attempt_at < now() - interval '120 seconds')
  RETURNING id, subscription_id, kind)
SELECT queue_subscription_mail(subscription_id, kind, 20) FROM moved ORDER BY id;
