CREATE TABLE "product_import_rows" (
	"business_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"sku" text NOT NULL,
	"name" text,
	"action" text,
	"plan" jsonb,
	"problems" jsonb NOT NULL,
	"product_id" uuid,
	"done_at" timestamp with time zone,
	"failure" text,
	CONSTRAINT "product_import_rows_business_id_import_id_row_number_pk" PRIMARY KEY("business_id","import_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "product_imports" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'validated' NOT NULL,
	"delimiter" text NOT NULL,
	"columns" jsonb NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_by_user_id" uuid,
	"confirmed_ip" text,
	"confirmed_user_agent" text,
	"confirmed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "product_imports_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "product_import_rows" ADD CONSTRAINT "product_import_rows_business_id_import_id_product_imports_business_id_id_fk" FOREIGN KEY ("business_id","import_id") REFERENCES "public"."product_imports"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_confirmed_by_user_id_users_id_fk" FOREIGN KEY ("confirmed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_imports_created_idx" ON "product_imports" USING btree ("business_id","created_at","id");