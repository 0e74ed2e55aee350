CREATE TABLE "audit_heads" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"actor_user_id" uuid,
	"actor_email" text NOT NULL,
	"actor_via" text NOT NULL,
	"action" text NOT NULL,
	"route" text NOT NULL,
	"target_id" text,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "last_request" jsonb;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "last_response_body" text;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "previous_secret" text;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "previous_secret_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_chain" ON "audit_log" USING btree ("business_id","seq");--> statement-breakpoint
CREATE INDEX "audit_log_action" ON "audit_log" USING btree ("business_id","action","seq");--> statement-breakpoint
-- The product only appends to the audit log: changing or removing an entry is refused by the database itself.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit log entries cannot be changed or deleted';
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
