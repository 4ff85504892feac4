CREATE TABLE "pos_drawer_movements" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text,
	"order_id" uuid,
	"actor_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_drawer_movements_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "pos_drawer_sessions" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"currency" text NOT NULL,
	"opening_float" bigint NOT NULL,
	"counted_cash" bigint,
	"expected_cash" bigint,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "pos_drawer_sessions_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "pos_drawer_sessions_amounts_check" CHECK ("pos_drawer_sessions"."opening_float" >= 0 and ("pos_drawer_sessions"."counted_cash" is null or "pos_drawer_sessions"."counted_cash" >= 0))
);
--> statement-breakpoint
CREATE TABLE "pos_order_counters" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_order_form_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"fields" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_order_lines" (
	"business_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_id" text NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid,
	"variant_id" uuid,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"refunded_quantity" integer DEFAULT 0 NOT NULL,
	"unit_price" bigint NOT NULL,
	"add_ons" jsonb NOT NULL,
	"gross" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"total" bigint NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "pos_order_lines_business_id_order_id_line_id_pk" PRIMARY KEY("business_id","order_id","line_id"),
	CONSTRAINT "pos_order_lines_refund_check" CHECK ("pos_order_lines"."refunded_quantity" >= 0 and "pos_order_lines"."refunded_quantity" <= "pos_order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "pos_order_tenders" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"tendered" bigint,
	"change" bigint,
	"payment_id" uuid,
	CONSTRAINT "pos_order_tenders_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "pos_orders" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"number" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"session_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"customer_id" uuid,
	"table_number" text,
	"note" text,
	"description" text,
	"currency" text NOT NULL,
	"subtotal" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"tip" bigint NOT NULL,
	"total" bigint NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"tip_refunded" bigint DEFAULT 0 NOT NULL,
	"discounts" jsonb NOT NULL,
	"taxes" jsonb NOT NULL,
	"tender_kinds" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_orders_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "pos_orders_amounts_check" CHECK ("pos_orders"."total" >= 0 and "pos_orders"."refunded_amount" >= 0 and "pos_orders"."refunded_amount" <= "pos_orders"."total")
);
--> statement-breakpoint
CREATE TABLE "pos_pins" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"pin_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_refunds" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"tip" bigint NOT NULL,
	"reason" text NOT NULL,
	"lines" jsonb NOT NULL,
	"staff_id" uuid NOT NULL,
	"approved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_refunds_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "pos_drawer_movements" ADD CONSTRAINT "pos_drawer_movements_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_drawer_sessions" ADD CONSTRAINT "pos_drawer_sessions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_drawer_sessions" ADD CONSTRAINT "pos_drawer_sessions_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_counters" ADD CONSTRAINT "pos_order_counters_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_form_settings" ADD CONSTRAINT "pos_order_form_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_lines" ADD CONSTRAINT "pos_order_lines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_tenders" ADD CONSTRAINT "pos_order_tenders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_pins" ADD CONSTRAINT "pos_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_refunds" ADD CONSTRAINT "pos_refunds_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pos_drawer_movements_session_idx" ON "pos_drawer_movements" USING btree ("business_id","session_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_drawer_sessions_open_key" ON "pos_drawer_sessions" USING btree ("business_id","staff_id") WHERE "pos_drawer_sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "pos_drawer_sessions_opened_idx" ON "pos_drawer_sessions" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pos_order_tenders_order_idx" ON "pos_order_tenders" USING btree ("business_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_order_tenders_payment_key" ON "pos_order_tenders" USING btree ("business_id","payment_id") WHERE "pos_order_tenders"."payment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "pos_orders_key" ON "pos_orders" USING btree ("business_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_orders_number_key" ON "pos_orders" USING btree ("business_id","number");--> statement-breakpoint
CREATE INDEX "pos_orders_created_idx" ON "pos_orders" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pos_orders_staff_idx" ON "pos_orders" USING btree ("business_id","staff_id","created_at");--> statement-breakpoint
CREATE INDEX "pos_refunds_order_idx" ON "pos_refunds" USING btree ("business_id","order_id","created_at");