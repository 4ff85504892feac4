CREATE TABLE "category_images" (
	"business_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	CONSTRAINT "category_images_business_id_category_id_pk" PRIMARY KEY("business_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "media" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"alt_text" text DEFAULT '' NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"business_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"rendition" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "media_files_business_id_media_id_rendition_pk" PRIMARY KEY("business_id","media_id","rendition")
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"business_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "product_images_business_id_product_id_media_id_pk" PRIMARY KEY("business_id","product_id","media_id"),
	CONSTRAINT "product_images_position" CHECK ("product_images"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "category_images" ADD CONSTRAINT "category_images_category_fk" FOREIGN KEY ("business_id","category_id") REFERENCES "public"."product_categories"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_images" ADD CONSTRAINT "category_images_media_fk" FOREIGN KEY ("business_id","media_id") REFERENCES "public"."media"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_media_fk" FOREIGN KEY ("business_id","media_id") REFERENCES "public"."media"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_fk" FOREIGN KEY ("business_id","product_id") REFERENCES "public"."products"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_media_fk" FOREIGN KEY ("business_id","media_id") REFERENCES "public"."media"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_images_media_idx" ON "category_images" USING btree ("business_id","media_id");--> statement-breakpoint
CREATE INDEX "media_created_idx" ON "media" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "product_images_media_idx" ON "product_images" USING btree ("business_id","media_id");