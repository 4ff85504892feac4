CREATE TABLE "add_on_choices" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"price" bigint NOT NULL,
	CONSTRAINT "add_on_choices_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "add_on_choices_price_not_negative" CHECK ("add_on_choices"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "add_on_groups" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"min_choices" smallint NOT NULL,
	"max_choices" smallint NOT NULL,
	"required" boolean NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "add_on_groups_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "add_on_groups_choices_in_order" CHECK ("add_on_groups"."min_choices" >= 0 and "add_on_groups"."min_choices" <= "add_on_groups"."max_choices")
);
--> statement-breakpoint
CREATE TABLE "product_add_on_groups" (
	"business_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "product_add_on_groups_business_id_product_id_group_id_pk" PRIMARY KEY("business_id","product_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_categories_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_log" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"kind" text NOT NULL,
	"field" text NOT NULL,
	"before" text,
	"after" text,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_log_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"option_values" text[] DEFAULT '{}' NOT NULL,
	"price" bigint NOT NULL,
	"compare_at_price" bigint,
	"cost" bigint,
	"sku" text,
	"barcode" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "product_variants_price_positive" CHECK ("product_variants"."price" > 0),
	CONSTRAINT "product_variants_compare_at_above_price" CHECK ("product_variants"."compare_at_price" is null or "product_variants"."compare_at_price" > "product_variants"."price")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "channels" text[] DEFAULT '{payments,pos,online_store}' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "track_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "add_on_choices" ADD CONSTRAINT "add_on_choices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "add_on_choices" ADD CONSTRAINT "add_on_choices_group_fk" FOREIGN KEY ("business_id","group_id") REFERENCES "public"."add_on_groups"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "add_on_groups" ADD CONSTRAINT "add_on_groups_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_add_on_groups" ADD CONSTRAINT "product_add_on_groups_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_add_on_groups" ADD CONSTRAINT "product_add_on_groups_product_fk" FOREIGN KEY ("business_id","product_id") REFERENCES "public"."products"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_add_on_groups" ADD CONSTRAINT "product_add_on_groups_group_fk" FOREIGN KEY ("business_id","group_id") REFERENCES "public"."add_on_groups"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_log" ADD CONSTRAINT "product_log_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_log" ADD CONSTRAINT "product_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_log" ADD CONSTRAINT "product_log_product_fk" FOREIGN KEY ("business_id","product_id") REFERENCES "public"."products"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_fk" FOREIGN KEY ("business_id","product_id") REFERENCES "public"."products"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "add_on_choices_group_idx" ON "add_on_choices" USING btree ("business_id","group_id","position");--> statement-breakpoint
CREATE INDEX "add_on_groups_name_idx" ON "add_on_groups" USING btree ("business_id","name");--> statement-breakpoint
CREATE INDEX "product_add_on_groups_group_idx" ON "product_add_on_groups" USING btree ("business_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_categories_name_key" ON "product_categories" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "product_categories_position_idx" ON "product_categories" USING btree ("business_id","position");--> statement-breakpoint
CREATE INDEX "product_log_created_idx" ON "product_log" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "product_log_product_idx" ON "product_log" USING btree ("business_id","product_id","created_at","id");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("business_id","product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_key" ON "product_variants" USING btree ("business_id",lower("sku") text_pattern_ops) WHERE "product_variants"."sku" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_barcode_key" ON "product_variants" USING btree ("business_id","barcode" text_pattern_ops) WHERE "product_variants"."barcode" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_fk" FOREIGN KEY ("business_id","category_id") REFERENCES "public"."product_categories"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("business_id","name","id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("business_id","category_id");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- Each product of the payments catalogue becomes a product with one variant, its amount the variant's price.
INSERT INTO "product_variants" ("business_id", "id", "product_id", "position", "price", "created_at", "updated_at")
SELECT "business_id", gen_random_uuid(), "id", 0, "amount", "created_at", "updated_at" FROM "products";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "amount";