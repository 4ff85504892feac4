CREATE TABLE "business_referrals" (
	"business_id" uuid NOT NULL,
	"referred_business_id" uuid NOT NULL,
	"signed_up_at" timestamp with time zone NOT NULL,
	"rewarded_at" timestamp with time zone,
	"reward_amount" bigint,
	"reward_currency" text,
	"ledger_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_referrals_business_id_referred_business_id_pk" PRIMARY KEY("business_id","referred_business_id"),
	CONSTRAINT "business_referrals_self_check" CHECK (business_id <> referred_business_id),
	CONSTRAINT "business_referrals_reward_check" CHECK ((rewarded_at is null) = (reward_amount is null) and (rewarded_at is null) = (reward_currency is null))
);
--> statement-breakpoint
ALTER TABLE "business_referrals" ADD CONSTRAINT "business_referrals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_referrals" ADD CONSTRAINT "business_referrals_referred_business_id_businesses_id_fk" FOREIGN KEY ("referred_business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_referrals_referred_key" ON "business_referrals" USING btree ("referred_business_id");--> statement-breakpoint
CREATE INDEX "business_referrals_unrewarded_idx" ON "business_referrals" USING btree ("signed_up_at") WHERE rewarded_at is null;