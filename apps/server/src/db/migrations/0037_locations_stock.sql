CREATE TABLE "location_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"online_store_location_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"address" jsonb NOT NULL,
	"phone" text,
	"opening_hours" jsonb NOT NULL,
	"time_zone" text NOT NULL,
	"receipt_header" text,
	"receipt_footer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"business_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"low_stock_threshold" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_levels_business_id_variant_id_location_id_pk" PRIMARY KEY("business_id","variant_id","location_id"),
	CONSTRAINT "stock_levels_threshold_not_negative" CHECK ("stock_levels"."low_stock_threshold" is null or "stock_levels"."low_stock_threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"on_hand_after" integer NOT NULL,
	"note" text,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "product_log" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "allow_backorder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "location_settings" ADD CONSTRAINT "location_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_settings" ADD CONSTRAINT "location_settings_online_store_fk" FOREIGN KEY ("business_id","online_store_location_id") REFERENCES "public"."locations"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_variant_fk" FOREIGN KEY ("business_id","variant_id") REFERENCES "public"."product_variants"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_location_fk" FOREIGN KEY ("business_id","location_id") REFERENCES "public"."locations"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_level_fk" FOREIGN KEY ("business_id","variant_id","location_id") REFERENCES "public"."stock_levels"("business_id","variant_id","location_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "locations_name_key" ON "locations" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "locations_name_idx" ON "locations" USING btree ("business_id","name","id");--> statement-breakpoint
CREATE INDEX "stock_levels_product_idx" ON "stock_levels" USING btree ("business_id","product_id");--> statement-breakpoint
CREATE INDEX "stock_levels_low_idx" ON "stock_levels" USING btree ("business_id","product_id") WHERE "stock_levels"."low_stock_threshold" is not null and "stock_levels"."on_hand" <= "stock_levels"."low_stock_threshold";--> statement-breakpoint
CREATE INDEX "stock_movements_level_idx" ON "stock_movements" USING btree ("business_id","variant_id","location_id","created_at");