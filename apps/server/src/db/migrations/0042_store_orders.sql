CREATE TABLE "store_carts" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_carts_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "store_orders" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"token" text NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"fulfilment" text DEFAULT 'unfulfilled' NOT NULL,
	"delivery_method" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"shipping_address" jsonb,
	"location_id" uuid NOT NULL,
	"lines" jsonb NOT NULL,
	"currency" text NOT NULL,
	"subtotal" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"shipping" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"total" bigint NOT NULL,
	"coupon_code" text,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"payment_id" uuid,
	"payment_public_id" text,
	"carrier" text,
	"tracking_number" text,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"packed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_orders_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "store_carts" ADD CONSTRAINT "store_carts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_orders_token_key" ON "store_orders" USING btree ("token");--> statement-breakpoint
CREATE INDEX "store_orders_list_idx" ON "store_orders" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "store_orders_pending_idx" ON "store_orders" USING btree ("created_at") WHERE "store_orders"."status" = 'pending_payment';