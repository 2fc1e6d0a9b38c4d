-- Subscription mails live in the outbox only (contract). Apply this once every instance runs the release that added
-- 0088 and none of the release before it runs (docs/deploy.md): nothing writes subscription_mails any more. A row
-- an older instance was sending while 0088 ran and could not send is still owed; it moves into the outbox under its
-- key, as 0088 moved the others. Then the table goes, with the trigger that forwarded its rows.
SELECT queue_subscription_mail(subscription_id, kind, 20) FROM subscription_mails
 WHERE sent_at IS NULL AND attempts < 100 ORDER BY id;
DROP TABLE subscription_mails;
DROP FUNCTION subscription_mails_to_outbox();
