CREATE TABLE "accounting_connections" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"tool" text NOT NULL,
	"organisation" text NOT NULL,
	"external_tenant_id" text NOT NULL,
	"sales_account" text,
	"fees_account" text,
	"refunds_account" text,
	"clearing_account" text,
	"bank_account" text,
	"connected_by_user_id" uuid,
	"connected_at" timestamp with time zone NOT NULL,
	"disconnected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_connections_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "accounting_journals" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"sales" bigint NOT NULL,
	"fees" bigint NOT NULL,
	"refunds" bigint NOT NULL,
	"payouts" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"external_id" text,
	"error" text,
	"posted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_journals_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD CONSTRAINT "accounting_connections_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_journals" ADD CONSTRAINT "accounting_journals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_connections_active_key" ON "accounting_connections" USING btree ("business_id","tool") WHERE disconnected_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_journals_day_key" ON "accounting_journals" USING btree ("connection_id","day","currency");--> statement-breakpoint
CREATE INDEX "accounting_journals_business_day_idx" ON "accounting_journals" USING btree ("business_id","day");