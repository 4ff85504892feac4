CREATE TABLE "terminal_order_events" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"tracking_number" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "terminal_order_events_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "terminal_orders" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"status" text DEFAULT 'placed' NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total" bigint NOT NULL,
	"shipping" jsonb NOT NULL,
	"tracking_number" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terminal_orders_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "terminal_orders_total_check" CHECK ("terminal_orders"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "terminal_pairing_codes" (
	"business_id" uuid NOT NULL,
	"code" text NOT NULL,
	"model" text NOT NULL,
	"serial_number" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terminal_pairing_codes_business_id_code_pk" PRIMARY KEY("business_id","code")
);
--> statement-breakpoint
CREATE TABLE "terminal_reader_payments" (
	"business_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"reader_id" uuid NOT NULL,
	"payment_public_id" text NOT NULL,
	"request_key" text,
	"created_by" uuid,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terminal_reader_payments_business_id_payment_id_pk" PRIMARY KEY("business_id","payment_id")
);
--> statement-breakpoint
CREATE TABLE "terminal_readers" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"model" text NOT NULL,
	"serial_number" text NOT NULL,
	"status" text DEFAULT 'paired' NOT NULL,
	"connection" text DEFAULT 'online' NOT NULL,
	"location_id" uuid,
	"last_seen_at" timestamp with time zone,
	"paired_at" timestamp with time zone NOT NULL,
	"unpaired_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terminal_readers_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "terminal_order_events" ADD CONSTRAINT "terminal_order_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_orders" ADD CONSTRAINT "terminal_orders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_orders" ADD CONSTRAINT "terminal_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_pairing_codes" ADD CONSTRAINT "terminal_pairing_codes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_reader_payments" ADD CONSTRAINT "terminal_reader_payments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_reader_payments" ADD CONSTRAINT "terminal_reader_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_readers" ADD CONSTRAINT "terminal_readers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminal_order_events_order_idx" ON "terminal_order_events" USING btree ("business_id","order_id","at");--> statement-breakpoint
CREATE INDEX "terminal_orders_created_idx" ON "terminal_orders" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_reader_payments_request_key" ON "terminal_reader_payments" USING btree ("business_id","request_key");--> statement-breakpoint
CREATE INDEX "terminal_reader_payments_reader_idx" ON "terminal_reader_payments" USING btree ("business_id","reader_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_readers_serial_key" ON "terminal_readers" USING btree ("serial_number") WHERE "terminal_readers"."status" = 'paired';--> statement-breakpoint
CREATE INDEX "terminal_readers_name_idx" ON "terminal_readers" USING btree ("business_id","name");