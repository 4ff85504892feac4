-- The API key cache of every app process (modules/payments/developers/api-key-cache.ts) hears of each change to a
-- key a request may authenticate with ('k:<lookup>', the key's first characters) and to a plugin integration's state
-- ('i:<integration id>'), on the channel of the session cache (migration 0006). Noting a key's last use changes
-- nothing the cache keeps, so it sends nothing.
CREATE FUNCTION md_api_key_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'api_keys' THEN
    IF TG_OP = 'DELETE' OR (to_jsonb(OLD) - 'last_used_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_used_at') THEN
      PERFORM pg_notify('md_session_cache', 'k:' || OLD.lookup);
    END IF;
  ELSIF TG_TABLE_NAME = 'integrations' THEN
    IF TG_OP = 'DELETE' OR (OLD.enabled, OLD.deleted_at, OLD.callback_url) IS DISTINCT FROM (NEW.enabled, NEW.deleted_at, NEW.callback_url) THEN
      PERFORM pg_notify('md_session_cache', 'i:' || OLD.id);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER api_keys_cache_notify AFTER UPDATE OR DELETE ON api_keys FOR EACH ROW EXECUTE FUNCTION md_api_key_cache_notify();
--> statement-breakpoint
CREATE TRIGGER integrations_cache_notify AFTER UPDATE OR DELETE ON integrations FOR EACH ROW EXECUTE FUNCTION md_api_key_cache_notify();
