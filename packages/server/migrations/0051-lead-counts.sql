-- How many quote requests each inbox status has, kept by a trigger, so the inbox's unread count and its totals are
-- one small read instead of a count over the table. Expand-only: a new table and a trigger; an instance of the
-- previous release inserting requests keeps the counts right through the trigger without knowing about them.
-- No request is stored or changed between the count below and the trigger taking over.
LOCK TABLE contact_requests IN SHARE ROW EXCLUSIVE MODE;
CREATE TABLE contact_request_counts (
  status text PRIMARY KEY,
  n bigint NOT NULL
);
INSERT INTO contact_request_counts (status, n)
SELECT s.status, (SELECT count(*) FROM contact_requests c WHERE c.status = s.status)
  FROM (VALUES ('new'), ('read'), ('archived'), ('spam'), ('held')) AS s (status);

CREATE FUNCTION contact_request_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status THEN
    RETURN NULL;
  END IF;
  -- Both rows locked in one order (by status), so two changes in opposite directions cannot deadlock.
  PERFORM 1 FROM contact_request_counts
   WHERE status IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.status END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.status END)
   ORDER BY status FOR UPDATE;
  IF TG_OP <> 'INSERT' THEN
    UPDATE contact_request_counts SET n = n - 1 WHERE status = OLD.status;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE contact_request_counts SET n = n + 1 WHERE status = NEW.status;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER contact_request_counts_follow AFTER INSERT OR DELETE OR UPDATE OF status ON contact_requests
  FOR EACH ROW EXECUTE FUNCTION contact_request_counts_follow();
