CREATE TABLE "business_notification_destinations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"email" text NOT NULL,
	"inbound_outbound_transfers" boolean DEFAULT false NOT NULL,
	"fx_conversions" boolean DEFAULT false NOT NULL,
	"invoice_payments" boolean DEFAULT false NOT NULL,
	"account_updates" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_notifications" (
	"business_user_id" uuid PRIMARY KEY NOT NULL,
	"inbound_outbound_transfers" boolean DEFAULT false NOT NULL,
	"fx_conversions" boolean DEFAULT false NOT NULL,
	"invoice_payments" boolean DEFAULT false NOT NULL,
	"account_updates" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_notification_destinations" ADD CONSTRAINT "business_notification_destinations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notifications" ADD CONSTRAINT "member_notifications_business_user_id_business_users_id_fk" FOREIGN KEY ("business_user_id") REFERENCES "public"."business_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_notification_email" ON "business_notification_destinations" USING btree ("business_id",lower("email"));