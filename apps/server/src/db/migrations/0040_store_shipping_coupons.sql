CREATE TABLE "coupon_redemptions" (
	"business_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"coupon_id" uuid NOT NULL,
	"customer_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_redemptions_business_id_order_id_pk" PRIMARY KEY("business_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"value_type" text NOT NULL,
	"rate" integer,
	"amount" bigint,
	"currency" text NOT NULL,
	"applies_to" text NOT NULL,
	"product_ids" uuid[] DEFAULT '{}' NOT NULL,
	"category_ids" uuid[] DEFAULT '{}' NOT NULL,
	"minimum_subtotal" bigint,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "coupons_used_within_limit" CHECK ("coupons"."used" >= 0 and ("coupons"."usage_limit" is null or "coupons"."used" <= "coupons"."usage_limit")),
	CONSTRAINT "coupons_value" CHECK (("coupons"."value_type" = 'percentage' and "coupons"."rate" between 1 and 10000) or ("coupons"."value_type" = 'fixed' and "coupons"."amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "pickups" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"name" text NOT NULL,
	"hours" jsonb NOT NULL,
	"instructions" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickups_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"zone_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"estimate" text,
	"kind" text NOT NULL,
	"amount" bigint,
	"bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"free_over" bigint,
	CONSTRAINT "shipping_rates_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "shipping_rates_flat_amount" CHECK (("shipping_rates"."kind" = 'flat') = ("shipping_rates"."amount" is not null))
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"countries" text[] NOT NULL,
	"postcodes" text[] DEFAULT '{}' NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_zones_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_fk" FOREIGN KEY ("business_id","coupon_id") REFERENCES "public"."coupons"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_location_fk" FOREIGN KEY ("business_id","location_id") REFERENCES "public"."locations"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_zone_fk" FOREIGN KEY ("business_id","zone_id") REFERENCES "public"."shipping_zones"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_zones" ADD CONSTRAINT "shipping_zones_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_customer_idx" ON "coupon_redemptions" USING btree ("business_id","coupon_id","customer_email");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree ("business_id",lower("code"));--> statement-breakpoint
CREATE INDEX "pickups_name_idx" ON "pickups" USING btree ("business_id","name","id");--> statement-breakpoint
CREATE INDEX "shipping_rates_zone_idx" ON "shipping_rates" USING btree ("business_id","zone_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_zones_name_key" ON "shipping_zones" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "shipping_zones_countries_idx" ON "shipping_zones" USING gin ("countries");--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_weight_positive" CHECK ("product_variants"."weight_grams" is null or "product_variants"."weight_grams" > 0);