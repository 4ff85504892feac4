-- The status-check cache of every app process (modules/payments/payment-links/status-check-cache.ts) hears of each
-- committed change to what the public API's `GET /v1/payment-requests/{id}` answers ('r:<link id>', on the session
-- cache's channel, migration 0006): the link's row, and its payments that the check lists. A payment that was never
-- paid (status requires_payment_method or expired) is not listed, so its start and the details a customer types before
-- paying announce nothing: a checkout announces its payment's outcome, not its steps before it.
CREATE FUNCTION md_payment_request_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'payment_links' THEN
    PERFORM pg_notify('md_session_cache', 'r:' || OLD.id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('md_session_cache', 'r:' || OLD.source_id);
  ELSE
    PERFORM pg_notify('md_session_cache', 'r:' || NEW.source_id);
    IF TG_OP = 'UPDATE' AND OLD.source_id IS DISTINCT FROM NEW.source_id AND OLD.source_id IS NOT NULL THEN
      PERFORM pg_notify('md_session_cache', 'r:' || OLD.source_id);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_links_status_notify AFTER UPDATE OR DELETE ON payment_links FOR EACH ROW EXECUTE FUNCTION md_payment_request_notify();
--> statement-breakpoint
CREATE TRIGGER payments_status_insert_notify AFTER INSERT ON payments FOR EACH ROW
  WHEN (NEW.source_type = 'payment_link' AND NEW.source_id IS NOT NULL AND NEW.status NOT IN ('requires_payment_method', 'expired'))
  EXECUTE FUNCTION md_payment_request_notify();
--> statement-breakpoint
CREATE TRIGGER payments_status_update_notify AFTER UPDATE ON payments FOR EACH ROW
  WHEN (NEW.source_type = 'payment_link' AND NEW.source_id IS NOT NULL
    AND (OLD.status NOT IN ('requires_payment_method', 'expired') OR NEW.status NOT IN ('requires_payment_method', 'expired')))
  EXECUTE FUNCTION md_payment_request_notify();
--> statement-breakpoint
CREATE TRIGGER payments_status_delete_notify AFTER DELETE ON payments FOR EACH ROW
  WHEN (OLD.source_type = 'payment_link' AND OLD.source_id IS NOT NULL AND OLD.status NOT IN ('requires_payment_method', 'expired'))
  EXECUTE FUNCTION md_payment_request_notify();
