CREATE TABLE "api_keys" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"access" text NOT NULL,
	"lookup" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_last4" text NOT NULL,
	"salt_sealed" text NOT NULL,
	"salt_last4" text NOT NULL,
	"created_by_user_id" uuid,
	"replaces_id" uuid,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_lookup_key" ON "api_keys" USING btree ("lookup");--> statement-breakpoint
CREATE INDEX "api_keys_business_created_idx" ON "api_keys" USING btree ("business_id","created_at");