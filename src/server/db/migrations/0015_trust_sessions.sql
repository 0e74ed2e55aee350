ALTER TABLE "email_outbox" ADD COLUMN "kind" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_audit" ADD COLUMN "purpose" text DEFAULT 'sign_in' NOT NULL;--> statement-breakpoint
-- Access changes for the live-update hub (src/server/live/hub.ts): when a session is revoked, an API
-- key disabled, or a member leaves ACTIVE or is deleted, an 'access' row tells every API process to
-- check the credentials behind its streams of that business at its next poll (about a second),
-- rather than at the 15-second heartbeat. Browsers never receive these rows.
CREATE FUNCTION live_event_access() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch is planned only when it runs: the tables' rows differ (a session's id is text).
  IF TG_OP = 'DELETE' THEN
    INSERT INTO live_events (business_id, topic, entity_id) VALUES (OLD.business_id, 'access', OLD.id);
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    INSERT INTO live_events (business_id, topic, entity_id) VALUES (NEW.business_id, 'access', NEW.user_id);
  ELSE
    INSERT INTO live_events (business_id, topic, entity_id) VALUES (NEW.business_id, 'access', NEW.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER live_event_session_revoked AFTER UPDATE OF "revoked_at" ON "sessions" FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION live_event_access();--> statement-breakpoint
CREATE TRIGGER live_event_api_key_disabled AFTER UPDATE OF "state" ON "api_keys" FOR EACH ROW WHEN (OLD.state = 'ENABLED' AND NEW.state <> 'ENABLED') EXECUTE FUNCTION live_event_access();--> statement-breakpoint
CREATE TRIGGER live_event_member_left AFTER UPDATE OF "state" ON "business_users" FOR EACH ROW WHEN (OLD.state = 'ACTIVE' AND NEW.state <> 'ACTIVE') EXECUTE FUNCTION live_event_access();--> statement-breakpoint
CREATE TRIGGER live_event_member_deleted AFTER DELETE ON "business_users" FOR EACH ROW EXECUTE FUNCTION live_event_access();
