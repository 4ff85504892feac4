CREATE TABLE "store_themes" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"preset" text NOT NULL,
	"draft" jsonb NOT NULL,
	"published" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_themes_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "store_themes_live_published" CHECK (not "store_themes"."live" or "store_themes"."published" is not null)
);
--> statement-breakpoint
ALTER TABLE "store_themes" ADD CONSTRAINT "store_themes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_themes_live_key" ON "store_themes" USING btree ("business_id") WHERE "store_themes"."live";