CREATE TABLE "discount_usage" (
	"business_id" uuid NOT NULL,
	"discount_id" uuid NOT NULL,
	"usage_limit" integer,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "discount_usage_business_id_discount_id_pk" PRIMARY KEY("business_id","discount_id"),
	CONSTRAINT "discount_usage_within_limit" CHECK ("discount_usage"."used" >= 0 and ("discount_usage"."usage_limit" is null or "discount_usage"."used" <= "discount_usage"."usage_limit"))
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"value_type" text NOT NULL,
	"rate" integer,
	"amount" bigint,
	"applies_to" text NOT NULL,
	"product_ids" uuid[] DEFAULT '{}' NOT NULL,
	"category_ids" uuid[] DEFAULT '{}' NOT NULL,
	"minimum_spend" bigint,
	"channels" text[] NOT NULL,
	"all_locations" boolean DEFAULT true NOT NULL,
	"location_ids" uuid[] DEFAULT '{}' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"automatic" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "discounts_value_one_kind" CHECK (("discounts"."value_type" = 'percentage' and "discounts"."rate" between 1 and 10000 and "discounts"."amount" is null) or ("discounts"."value_type" = 'fixed' and "discounts"."amount" > 0 and "discounts"."rate" is null)),
	CONSTRAINT "discounts_schedule_in_order" CHECK ("discounts"."starts_at" is null or "discounts"."ends_at" is null or "discounts"."ends_at" > "discounts"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "surcharges" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"kind" text NOT NULL,
	"value_type" text NOT NULL,
	"rate" integer,
	"amount" bigint,
	"taxable" boolean DEFAULT false NOT NULL,
	"tax_ids" uuid[] DEFAULT '{}' NOT NULL,
	"all_locations" boolean DEFAULT true NOT NULL,
	"location_ids" uuid[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surcharges_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "surcharges_value_one_kind" CHECK (("surcharges"."value_type" = 'percentage' and "surcharges"."rate" between 1 and 10000 and "surcharges"."amount" is null) or ("surcharges"."value_type" = 'fixed' and "surcharges"."amount" > 0 and "surcharges"."rate" is null))
);
--> statement-breakpoint
CREATE TABLE "tax_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"prices_include_tax" boolean NOT NULL,
	"rounding" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taxes" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"rate" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"all_locations" boolean DEFAULT true NOT NULL,
	"location_ids" uuid[] DEFAULT '{}' NOT NULL,
	"applies_to" text DEFAULT 'all_products' NOT NULL,
	"product_ids" uuid[] DEFAULT '{}' NOT NULL,
	"category_ids" uuid[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taxes_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "taxes_rate_in_range" CHECK ("taxes"."rate" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "discount_usage" ADD CONSTRAINT "discount_usage_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_usage" ADD CONSTRAINT "discount_usage_discount_fk" FOREIGN KEY ("business_id","discount_id") REFERENCES "public"."discounts"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surcharges" ADD CONSTRAINT "surcharges_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD CONSTRAINT "tax_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxes" ADD CONSTRAINT "taxes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discounts_name_idx" ON "discounts" USING btree ("business_id","name","id");--> statement-breakpoint
CREATE INDEX "surcharges_name_idx" ON "surcharges" USING btree ("business_id","name","id");--> statement-breakpoint
CREATE INDEX "taxes_name_idx" ON "taxes" USING btree ("business_id","name","id");