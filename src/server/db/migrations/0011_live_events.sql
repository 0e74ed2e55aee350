CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Live updates: one small row per changed transaction or approval request, read by every API process's
-- poller (src/server/live/). A transaction counts when it is created or its state changes (balances
-- move only with transactions); an approval request when it is created or touched at all (a decision,
-- or a partial approval's touch).
CREATE FUNCTION live_event_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_events (business_id, topic, entity_id) VALUES (NEW.business_id, 'transactions', NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION live_event_approval() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_events (business_id, topic, entity_id) VALUES (NEW.business_id, 'approvals', NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER live_event_transaction_created AFTER INSERT ON "transactions" FOR EACH ROW EXECUTE FUNCTION live_event_transaction();--> statement-breakpoint
-- The WHEN is checked before the function is called: an update that leaves the state alone costs nothing.
CREATE TRIGGER live_event_transaction_state AFTER UPDATE OF "state" ON "transactions" FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state) EXECUTE FUNCTION live_event_transaction();--> statement-breakpoint
CREATE TRIGGER live_event_approval_changed AFTER INSERT OR UPDATE ON "approval_requests" FOR EACH ROW EXECUTE FUNCTION live_event_approval();
