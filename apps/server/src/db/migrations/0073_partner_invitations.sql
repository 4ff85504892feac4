CREATE TABLE "partner_invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"partner_business_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"invited_by_user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"business_id" uuid,
	"responded_by_user_id" uuid,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_invitations" ADD CONSTRAINT "partner_invitations_partner_business_id_businesses_id_fk" FOREIGN KEY ("partner_business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_invitations" ADD CONSTRAINT "partner_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_invitations" ADD CONSTRAINT "partner_invitations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_invitations" ADD CONSTRAINT "partner_invitations_responded_by_user_id_users_id_fk" FOREIGN KEY ("responded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_invitations_pending_key" ON "partner_invitations" USING btree ("partner_business_id","email") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "partner_invitations_email_idx" ON "partner_invitations" USING btree ("email") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "partner_invitations_partner_idx" ON "partner_invitations" USING btree ("partner_business_id","created_at");