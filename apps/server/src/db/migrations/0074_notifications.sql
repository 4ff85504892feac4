CREATE TABLE "notifications" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("business_id","user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("business_id","user_id") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "notifications_read_at_idx" ON "notifications" USING btree ("read_at") WHERE read_at is not null;--> statement-breakpoint
-- The bell's live updates: every statement that adds notifications or marks them read announces each recipient it
-- touched once ('n:<business id>|<user id>') on the channel of the session cache (migration 0006), so the
-- notification sockets of every app process hear it when it commits. No cache keeps anything of it.
CREATE FUNCTION md_notifications_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('md_session_cache', 'n:' || r.business_id || '|' || r.user_id)
    FROM (SELECT DISTINCT business_id, user_id FROM changed_rows) r;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_insert_notify AFTER INSERT ON notifications REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION md_notifications_notify();
--> statement-breakpoint
CREATE TRIGGER notifications_update_notify AFTER UPDATE ON notifications REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION md_notifications_notify();
