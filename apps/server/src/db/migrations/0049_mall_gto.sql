CREATE TABLE "mall_integrations" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"location_id" uuid NOT NULL,
	"tenant_id" text NOT NULL,
	"machine_id" text NOT NULL,
	"sftp_host" text NOT NULL,
	"sftp_port" integer NOT NULL,
	"sftp_username" text NOT NULL,
	"auth_kind" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"remote_directory" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mall_integrations_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "mall_integrations_port_check" CHECK ("mall_integrations"."sftp_port" between 1 and 65535)
);
--> statement-breakpoint
CREATE TABLE "mall_runs" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"business_date" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"file_name" text,
	"file_content" text,
	"totals" jsonb,
	"currency" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "mall_runs_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "mall_integrations" ADD CONSTRAINT "mall_integrations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_runs" ADD CONSTRAINT "mall_runs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mall_runs_created_idx" ON "mall_runs" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_runs_scheduled_key" ON "mall_runs" USING btree ("business_id","integration_id","business_date") WHERE "mall_runs"."trigger" = 'schedule';--> statement-breakpoint
CREATE INDEX "mall_runs_due_idx" ON "mall_runs" USING btree ("next_attempt_at") WHERE "mall_runs"."status" in ('pending', 'retrying');