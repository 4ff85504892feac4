-- The store settings are read with their business by every app process's store cache (modules/store/orders/
-- store-business-cache.ts) and shown on every storefront page: each committed change of them, made through the
-- dashboard or in SQL, announces its business ('b:<id>') on the session cache's channel (migration 0006), as a change
-- of the business row does, so every process drops that business and reads its settings again; a page rendered under
-- the old settings is never served again (its key holds what it showed).
CREATE FUNCTION md_store_settings_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('md_session_cache', 'b:' || OLD.business_id);
  ELSE
    PERFORM pg_notify('md_session_cache', 'b:' || NEW.business_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER store_settings_cache_notify AFTER INSERT OR UPDATE OR DELETE ON store_settings FOR EACH ROW EXECUTE FUNCTION md_store_settings_notify();
