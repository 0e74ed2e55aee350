-- Step-up (issue 25): when a session last confirmed it was its person (sensitive actions need it within
-- 5 minutes), and what a one-time code was asked for (a payment code confirms that request only).
ALTER TABLE "sessions" ADD COLUMN "stepped_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "binding" text;