CREATE TABLE "partner_commissions" (
	"partner_business_id" uuid NOT NULL,
	"merchant_business_id" uuid NOT NULL,
	"month" text NOT NULL,
	"currency" text NOT NULL,
	"fees" bigint NOT NULL,
	"share_basis_points" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'accrued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_commissions_partner_business_id_merchant_business_id_month_currency_pk" PRIMARY KEY("partner_business_id","merchant_business_id","month","currency")
);
--> statement-breakpoint
CREATE TABLE "partner_links" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"partner_business_id" uuid NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_links_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "partner_links_ended_check" CHECK ((status = 'ended') = (ended_at is not null))
);
--> statement-breakpoint
CREATE TABLE "partner_referral_codes" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_commissions" ADD CONSTRAINT "partner_commissions_partner_business_id_businesses_id_fk" FOREIGN KEY ("partner_business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_commissions" ADD CONSTRAINT "partner_commissions_merchant_business_id_businesses_id_fk" FOREIGN KEY ("merchant_business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_links" ADD CONSTRAINT "partner_links_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_links" ADD CONSTRAINT "partner_links_partner_business_id_businesses_id_fk" FOREIGN KEY ("partner_business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_links" ADD CONSTRAINT "partner_links_ended_by_user_id_users_id_fk" FOREIGN KEY ("ended_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_referral_codes" ADD CONSTRAINT "partner_referral_codes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_links_live_key" ON "partner_links" USING btree ("business_id","partner_business_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "partner_links_partner_idx" ON "partner_links" USING btree ("partner_business_id","linked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_referral_codes_code_key" ON "partner_referral_codes" USING btree ("code");