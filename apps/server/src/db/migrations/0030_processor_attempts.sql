CREATE TABLE "processor_attempts" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"request_key" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "processor_attempts_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "test_processor_calls" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "processor_attempts" ADD CONSTRAINT "processor_attempts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "processor_attempts_pending_key" ON "processor_attempts" USING btree ("business_id","payment_id") WHERE "processor_attempts"."status" = 'pending' and "processor_attempts"."kind" <> 'refund';--> statement-breakpoint
CREATE UNIQUE INDEX "processor_attempts_request_key" ON "processor_attempts" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "processor_attempts_pending_idx" ON "processor_attempts" USING btree ("created_at") WHERE "processor_attempts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "processor_attempts_payment_idx" ON "processor_attempts" USING btree ("business_id","payment_id","id");