CREATE TABLE "repeating_invoice_runs" (
	"business_id" uuid NOT NULL,
	"repeating_invoice_id" uuid NOT NULL,
	"run_date" date NOT NULL,
	"invoice_id" uuid NOT NULL,
	"send_status" text NOT NULL,
	"send_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repeating_invoice_runs_business_id_repeating_invoice_id_run_date_pk" PRIMARY KEY("business_id","repeating_invoice_id","run_date")
);
--> statement-breakpoint
CREATE TABLE "repeating_invoices" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"customer_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb NOT NULL,
	"taxes" jsonb NOT NULL,
	"subtotal" bigint NOT NULL,
	"tax_total" bigint NOT NULL,
	"total" bigint NOT NULL,
	"allow_partial" boolean DEFAULT false NOT NULL,
	"notes" text,
	"terms" text,
	"due_days" smallint NOT NULL,
	"frequency" text NOT NULL,
	"interval_days" smallint,
	"start_date" date NOT NULL,
	"end_date" date,
	"max_count" integer,
	"auto_send" boolean DEFAULT false NOT NULL,
	"next_run_index" integer,
	"next_run_date" date,
	"invoices_made" integer DEFAULT 0 NOT NULL,
	"last_run_date" date,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repeating_invoices_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "repeating_invoice_runs" ADD CONSTRAINT "repeating_invoice_runs_business_id_repeating_invoice_id_repeating_invoices_business_id_id_fk" FOREIGN KEY ("business_id","repeating_invoice_id") REFERENCES "public"."repeating_invoices"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repeating_invoice_runs" ADD CONSTRAINT "repeating_invoice_runs_business_id_invoice_id_invoices_business_id_id_fk" FOREIGN KEY ("business_id","invoice_id") REFERENCES "public"."invoices"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repeating_invoices" ADD CONSTRAINT "repeating_invoices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repeating_invoices" ADD CONSTRAINT "repeating_invoices_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "repeating_invoice_runs_invoice_key" ON "repeating_invoice_runs" USING btree ("business_id","invoice_id");--> statement-breakpoint
CREATE INDEX "repeating_invoice_runs_pending_idx" ON "repeating_invoice_runs" USING btree ("created_at") WHERE "repeating_invoice_runs"."send_status" = 'pending';--> statement-breakpoint
CREATE INDEX "repeating_invoices_created_idx" ON "repeating_invoices" USING btree ("business_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "repeating_invoices_due_idx" ON "repeating_invoices" USING btree ("next_run_date") WHERE "repeating_invoices"."status" = 'active';