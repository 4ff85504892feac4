CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The session cache of every app process (http/session-cache.ts) hears of each change to what it keeps:
-- a session ('s:<id>'), a user or their memberships ('u:<user id>'), a business ('b:<id>') and the
-- invitations of an email ('e:<email>'). NOTIFY is delivered when the transaction commits, to every
-- listening connection; a rolled-back change sends nothing. Moving a session's last activity is not a
-- change the cache needs to hear of (each process checks it against the database when it matters).
CREATE FUNCTION md_session_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    IF TG_OP = 'DELETE' OR (OLD.user_id, OLD.pending_user_id, OLD.csrf_token) IS DISTINCT FROM (NEW.user_id, NEW.pending_user_id, NEW.csrf_token) THEN
      PERFORM pg_notify('md_session_cache', 's:' || OLD.id);
    END IF;
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('md_session_cache', 'u:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'business_users' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('md_session_cache', 'u:' || OLD.user_id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('md_session_cache', 'u:' || NEW.user_id); END IF;
  ELSIF TG_TABLE_NAME = 'businesses' THEN
    PERFORM pg_notify('md_session_cache', 'b:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'invitations' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('md_session_cache', 'e:' || lower(OLD.email)); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('md_session_cache', 'e:' || lower(NEW.email)); END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_cache_notify AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION md_session_cache_notify();
--> statement-breakpoint
CREATE TRIGGER users_cache_notify AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION md_session_cache_notify();
--> statement-breakpoint
CREATE TRIGGER business_users_cache_notify AFTER INSERT OR UPDATE OR DELETE ON business_users FOR EACH ROW EXECUTE FUNCTION md_session_cache_notify();
--> statement-breakpoint
CREATE TRIGGER businesses_cache_notify AFTER UPDATE OR DELETE ON businesses FOR EACH ROW EXECUTE FUNCTION md_session_cache_notify();
--> statement-breakpoint
CREATE TRIGGER invitations_cache_notify AFTER INSERT OR UPDATE OR DELETE ON invitations FOR EACH ROW EXECUTE FUNCTION md_session_cache_notify();
