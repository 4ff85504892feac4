-- The access check keeps the locations a member is limited to with their role (the standing cache,
-- modules/business/business/standing-cache.ts), so a change to a member's locations announces the member
-- ('u:<user id>', on the session cache's channel, migration 0006), as a change to their membership does.
CREATE FUNCTION md_staff_locations_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('md_session_cache', 'u:' || OLD.user_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('md_session_cache', 'u:' || NEW.user_id); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER staff_locations_cache_notify AFTER INSERT OR UPDATE OR DELETE ON staff_locations FOR EACH ROW EXECUTE FUNCTION md_staff_locations_notify();
