CREATE TABLE "pos_draft_orders" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"number" integer NOT NULL,
	"location_id" uuid,
	"customer_id" uuid,
	"staff_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"currency" text NOT NULL,
	"remark" text,
	"customer_pickup" boolean DEFAULT true NOT NULL,
	"discount_reason" text,
	"lines" jsonb NOT NULL,
	"subtotal" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"total" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pos_draft_orders_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "pos_draft_orders_amounts_check" CHECK ("pos_draft_orders"."subtotal" >= 0 and "pos_draft_orders"."discount" >= 0 and "pos_draft_orders"."discount" <= "pos_draft_orders"."subtotal" and "pos_draft_orders"."total" = "pos_draft_orders"."subtotal" - "pos_draft_orders"."discount")
);
--> statement-breakpoint
ALTER TABLE "pos_draft_orders" ADD CONSTRAINT "pos_draft_orders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pos_draft_orders_number_key" ON "pos_draft_orders" USING btree ("business_id","number");--> statement-breakpoint
CREATE INDEX "pos_draft_orders_created_idx" ON "pos_draft_orders" USING btree ("business_id","created_at","id");