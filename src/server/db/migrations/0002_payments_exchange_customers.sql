CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source_id" uuid NOT NULL,
	"target_id" uuid,
	"sending_amount" bigint NOT NULL,
	"sending_currency" text NOT NULL,
	"destination_amount" bigint NOT NULL,
	"destination_currency" text NOT NULL,
	"fee_amount" bigint NOT NULL,
	"fee_currency" text NOT NULL,
	"rate" text NOT NULL,
	"mid_rate" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batch_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"source_account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"total_amount" bigint NOT NULL,
	"total_fees" bigint NOT NULL,
	"payment_count" integer NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"decision" text NOT NULL,
	"hold_transfer_id" uuid,
	"initiator_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"type" text NOT NULL,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"name" text,
	"business_type" text,
	"phone_number" text DEFAULT '' NOT NULL,
	"address" jsonb NOT NULL,
	"incorporation_country" text,
	"country_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"billing_information" jsonb,
	"identity" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fx_settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"source_currency" text NOT NULL,
	"settlement_currency" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "batch_position" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "settlement_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_payments" ADD CONSTRAINT "batch_payments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_settlements" ADD CONSTRAINT "fx_settlements_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_business" ON "quotes" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "batch_payments_business" ON "batch_payments" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_business_list" ON "customers" USING btree ("business_id","state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_live_email" ON "customers" USING btree ("business_id",lower("email")) WHERE state <> 'DELETED';--> statement-breakpoint
CREATE UNIQUE INDEX "fx_settlements_period" ON "fx_settlements" USING btree ("business_id","source_currency","settlement_currency","period_start");--> statement-breakpoint
CREATE INDEX "transactions_batch" ON "transactions" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "transactions_settlement" ON "transactions" USING btree ("settlement_id","created_at");