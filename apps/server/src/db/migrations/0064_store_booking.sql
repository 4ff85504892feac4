CREATE TABLE "booking_services" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price" bigint NOT NULL,
	"currency" text NOT NULL,
	"buffer_minutes" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"staff_ids" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_services_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "booking_services_duration" CHECK ("booking_services"."duration_minutes" between 5 and 480),
	CONSTRAINT "booking_services_buffer" CHECK ("booking_services"."buffer_minutes" between 0 and 240),
	CONSTRAINT "booking_services_price" CHECK ("booking_services"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "booking_staff" (
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"ranges" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_staff_business_id_user_id_pk" PRIMARY KEY("business_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "booking_time_off" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_time_off_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "booking_time_off_span" CHECK ("booking_time_off"."ends_at" > "booking_time_off"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"service_name" text NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"price" bigint NOT NULL,
	"currency" text NOT NULL,
	"token_hash" text NOT NULL,
	"reminded_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "bookings_span" CHECK ("bookings"."ends_at" > "bookings"."starts_at" and "bookings"."blocked_until" >= "bookings"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "booking_services" ADD CONSTRAINT "booking_services_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_staff" ADD CONSTRAINT "booking_staff_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_staff" ADD CONSTRAINT "booking_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_time_off" ADD CONSTRAINT "booking_time_off_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_services_name_idx" ON "booking_services" USING btree ("business_id","name");--> statement-breakpoint
CREATE INDEX "booking_time_off_staff_idx" ON "booking_time_off" USING btree ("business_id","user_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_token_key" ON "bookings" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "bookings_staff_idx" ON "bookings" USING btree ("business_id","staff_user_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_start_idx" ON "bookings" USING btree ("business_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "bookings_remind_idx" ON "bookings" USING btree ("starts_at") WHERE "bookings"."status" = 'confirmed' and "bookings"."reminded_at" is null;