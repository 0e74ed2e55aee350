CREATE TABLE "sandbox_kyb_cases" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"state" text DEFAULT 'READY' NOT NULL,
	"review_status" text DEFAULT 'PENDING' NOT NULL,
	"company" jsonb,
	"people" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decision_reason" text,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_kyb_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"event" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "kyb_reason" text;--> statement-breakpoint
ALTER TABLE "business_users" ADD COLUMN "onboarding_skipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_kyb_cases" ADD CONSTRAINT "sandbox_kyb_cases_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_kyb_documents" ADD CONSTRAINT "sandbox_kyb_documents_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_kyb_cases_token" ON "sandbox_kyb_cases" USING btree ("token");--> statement-breakpoint
CREATE INDEX "sandbox_kyb_cases_review" ON "sandbox_kyb_cases" USING btree ("state","submitted_at");--> statement-breakpoint
CREATE INDEX "sandbox_kyb_documents_business" ON "sandbox_kyb_documents" USING btree ("business_id","kind");--> statement-breakpoint
CREATE INDEX "tracking_events_business" ON "tracking_events" USING btree ("business_id","created_at");