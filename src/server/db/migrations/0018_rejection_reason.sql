-- Why an approval request was rejected (issue 26): written by the decider, shown in the details.
ALTER TABLE "approval_requests" ADD COLUMN "decision_reason" text;