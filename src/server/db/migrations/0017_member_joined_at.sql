-- When each member joined the team (issue 25): a member may not approve a request made before then.
-- Members who had already joined are taken to have joined when their membership was made.
ALTER TABLE "business_users" ADD COLUMN "joined_at" timestamp with time zone;--> statement-breakpoint
UPDATE "business_users" SET "joined_at" = "created_at" WHERE "user_id" IS NOT NULL;
