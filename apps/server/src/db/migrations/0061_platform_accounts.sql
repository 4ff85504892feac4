CREATE TABLE "platform_fees" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"linked_business_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"payment_amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_fees_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "platform_fees_fee_check" CHECK (fee >= 0 and fee < payment_amount)
);
--> statement-breakpoint
CREATE TABLE "platform_links" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"platform_business_id" uuid NOT NULL,
	"status" text NOT NULL,
	"invited_by_user_id" uuid,
	"invited_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"responded_by_user_id" uuid,
	"linked_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_links_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "platform_links_self_check" CHECK (business_id <> platform_business_id),
	CONSTRAINT "platform_links_ended_check" CHECK ((status = 'ended') = (ended_at is not null))
);
--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "platform_link_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "platform_fee" bigint;--> statement-breakpoint
ALTER TABLE "platform_fees" ADD CONSTRAINT "platform_fees_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_fees" ADD CONSTRAINT "platform_fees_linked_business_id_businesses_id_fk" FOREIGN KEY ("linked_business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_links" ADD CONSTRAINT "platform_links_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_links" ADD CONSTRAINT "platform_links_platform_business_id_businesses_id_fk" FOREIGN KEY ("platform_business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_links" ADD CONSTRAINT "platform_links_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_links" ADD CONSTRAINT "platform_links_responded_by_user_id_users_id_fk" FOREIGN KEY ("responded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_links" ADD CONSTRAINT "platform_links_ended_by_user_id_users_id_fk" FOREIGN KEY ("ended_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_fees_payment_key" ON "platform_fees" USING btree ("linked_business_id","payment_id");--> statement-breakpoint
CREATE INDEX "platform_fees_link_idx" ON "platform_fees" USING btree ("business_id","link_id");--> statement-breakpoint
CREATE INDEX "platform_fees_created_idx" ON "platform_fees" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_links_live_key" ON "platform_links" USING btree ("business_id","platform_business_id") WHERE status in ('pending', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX "platform_links_id_key" ON "platform_links" USING btree ("id");--> statement-breakpoint
CREATE INDEX "platform_links_platform_idx" ON "platform_links" USING btree ("platform_business_id","invited_at");--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_platform_check" CHECK ((platform_link_id is null) = (platform_fee is null));