CREATE TABLE "payment_schedule_occurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"state" text NOT NULL,
	"transaction_id" uuid,
	"amount" bigint NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"rail" text NOT NULL,
	"source_id" uuid NOT NULL,
	"beneficiary_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reference" text,
	"frequency" text NOT NULL,
	"day_of_month" integer,
	"start_date" date NOT NULL,
	"end_kind" text DEFAULT 'NEVER' NOT NULL,
	"end_after" integer,
	"end_date" date,
	"next_index" integer DEFAULT 0 NOT NULL,
	"next_date" date,
	"occurrences_made" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"pause_after_failure" boolean DEFAULT false NOT NULL,
	"pending_change" jsonb,
	"created_by" uuid NOT NULL,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
-- Payee protection starts at 24 hours for businesses made from now on; the ones already here keep paying as they did (0: off) until they choose.
ALTER TABLE "businesses" ADD COLUMN "payee_cooling_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ALTER COLUMN "payee_cooling_hours" SET DEFAULT 24;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "payee_cooling_mode" text DEFAULT 'EXTRA_APPROVAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "details_changed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL;--> statement-breakpoint
UPDATE "beneficiaries" SET "details_changed_at" = "created_at";--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "pending_details" jsonb;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "name_check" text;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "name_check_name" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "schedule_id" uuid;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "payee_flags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_schedule_occurrences" ADD CONSTRAINT "payment_schedule_occurrences_schedule_id_payment_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."payment_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_schedule_occurrences" ADD CONSTRAINT "payment_schedule_occurrences_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_schedules" ADD CONSTRAINT "payment_schedules_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_schedule_occurrences_once" ON "payment_schedule_occurrences" USING btree ("schedule_id","due_date");--> statement-breakpoint
CREATE INDEX "payment_schedule_occurrences_business" ON "payment_schedule_occurrences" USING btree ("business_id","due_date");--> statement-breakpoint
CREATE INDEX "payment_schedules_business" ON "payment_schedules" USING btree ("business_id","state","next_date");--> statement-breakpoint
CREATE INDEX "payment_schedules_due" ON "payment_schedules" USING btree ("next_date") WHERE state = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "transactions_schedule" ON "transactions" USING btree ("schedule_id","created_at") WHERE "transactions"."schedule_id" IS NOT NULL;