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
CREATE TABLE "referral_contest_results" (
	"contest_id" uuid NOT NULL,
	"partner_business_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"score" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_contest_results_contest_id_partner_business_id_pk" PRIMARY KEY("contest_id","partner_business_id")
);
--> statement-breakpoint
CREATE TABLE "referral_contests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rule" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"prizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"frozen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_contests_period_check" CHECK (starts_at < ends_at),
	CONSTRAINT "referral_contests_rule_check" CHECK (rule in ('most_verified', 'most_volume'))
);
--> statement-breakpoint
ALTER TABLE "partner_invitations" ADD CONSTRAINT "partner_invitations_partner_business_id_businesses_id_fk" FOREIGN KEY ("partner_business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_invitations" ADD CONSTRAINT "partner_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_invitations" ADD CONSTRAINT "partner_invitations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_invitations" ADD CONSTRAINT "partner_invitations_responded_by_user_id_users_id_fk" FOREIGN KEY ("responded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_contest_results" ADD CONSTRAINT "referral_contest_results_contest_id_referral_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."referral_contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_contest_results" ADD CONSTRAINT "referral_contest_results_partner_business_id_businesses_id_fk" FOREIGN KEY ("partner_business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_invitations_pending_key" ON "partner_invitations" USING btree ("partner_business_id","email") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "partner_invitations_email_idx" ON "partner_invitations" USING btree ("email") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "partner_invitations_partner_idx" ON "partner_invitations" USING btree ("partner_business_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_contest_results_rank_idx" ON "referral_contest_results" USING btree ("contest_id","rank");--> statement-breakpoint
CREATE INDEX "referral_contests_period_idx" ON "referral_contests" USING btree ("ends_at","starts_at");