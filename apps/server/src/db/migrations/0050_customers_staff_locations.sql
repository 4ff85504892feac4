CREATE TABLE "discount_redemptions" (
	"business_id" uuid NOT NULL,
	"order_type" text NOT NULL,
	"order_id" uuid NOT NULL,
	"discount_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_redemptions_business_id_order_type_order_id_discount_id_pk" PRIMARY KEY("business_id","order_type","order_id","discount_id")
);
--> statement-breakpoint
CREATE TABLE "staff_locations" (
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_locations_business_id_user_id_location_id_pk" PRIMARY KEY("business_id","user_id","location_id")
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_discount_fk" FOREIGN KEY ("business_id","discount_id") REFERENCES "public"."discounts"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_locations" ADD CONSTRAINT "staff_locations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_locations" ADD CONSTRAINT "staff_locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_locations" ADD CONSTRAINT "staff_locations_location_fk" FOREIGN KEY ("business_id","location_id") REFERENCES "public"."locations"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pos_orders_customer_idx" ON "pos_orders" USING btree ("business_id","customer_id","created_at","id") WHERE "pos_orders"."customer_id" is not null;--> statement-breakpoint
CREATE INDEX "store_orders_customer_email_idx" ON "store_orders" USING btree ("business_id",lower("customer_email"),"created_at","id");