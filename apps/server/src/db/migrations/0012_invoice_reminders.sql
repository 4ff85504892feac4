CREATE TABLE "invoice_reminder_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"days_before_due" integer[] NOT NULL,
	"days_after_due" integer[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders_sent" (
	"business_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"offset_days" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_reminders_sent_business_id_invoice_id_offset_days_pk" PRIMARY KEY("business_id","invoice_id","offset_days")
);
--> statement-breakpoint
ALTER TABLE "invoice_reminder_settings" ADD CONSTRAINT "invoice_reminder_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders_sent" ADD CONSTRAINT "invoice_reminders_sent_business_id_invoice_id_invoices_business_id_id_fk" FOREIGN KEY ("business_id","invoice_id") REFERENCES "public"."invoices"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_unpaid_due_idx" ON "invoices" USING btree ("due_date") WHERE "invoices"."status" in ('sent', 'partially_paid', 'overdue');