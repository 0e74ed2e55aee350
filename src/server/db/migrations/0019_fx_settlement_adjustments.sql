CREATE TABLE "fx_settlement_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"settlement_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"direction" smallint NOT NULL,
	"payment_state" text NOT NULL,
	"source_amount" bigint NOT NULL,
	"settlement_amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_settlement_adjustments_direction" CHECK ("fx_settlement_adjustments"."direction" IN (-1, 1))
);
--> statement-breakpoint
ALTER TABLE "fx_settlement_adjustments" ADD CONSTRAINT "fx_settlement_adjustments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_settlement_adjustments" ADD CONSTRAINT "fx_settlement_adjustments_settlement_id_fx_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."fx_settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_settlement_adjustments" ADD CONSTRAINT "fx_settlement_adjustments_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fx_settlement_adjustments_settlement" ON "fx_settlement_adjustments" USING btree ("settlement_id","created_at");--> statement-breakpoint
CREATE INDEX "fx_settlement_adjustments_transaction" ON "fx_settlement_adjustments" USING btree ("transaction_id");--> statement-breakpoint
-- Settled is settled (issue 26): when a payment of an FX settlement stops counting (FAILED, CANCELLED)
-- or counts again (a retry) after that settlement's period has ended, the settled totals stay as they
-- were and the change becomes a signed line of the open settlement of the same business and pair
-- (made here when the pair has none today, as accrue() does). A trigger, so every path that changes a
-- payment's state (the rails' answer, a rejection, a batch's rejection, a retry) does it, in its own
-- transaction. "Counts" is the service's rule (src/server/services/settlements.ts NOT_COUNTED).
CREATE FUNCTION fx_settlement_adjust() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  settled fx_settlements%ROWTYPE;
  today_start timestamptz := date_trunc('day', clock_timestamp() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  open_id uuid;
  dir smallint := CASE WHEN NEW.state IN ('CANCELLED', 'FAILED') THEN -1 ELSE 1 END;
BEGIN
  SELECT * INTO settled FROM fx_settlements WHERE id = NEW.settlement_id;
  -- While its own settlement is open, the payment's state alone decides whether it counts there.
  IF NOT FOUND OR settled.period_end > clock_timestamp() THEN
    RETURN NULL;
  END IF;
  INSERT INTO fx_settlements (business_id, reference, source_currency, settlement_currency, period_start, period_end)
  VALUES (
    settled.business_id,
    'FXS-' || to_char(today_start AT TIME ZONE 'UTC', 'YYYYMMDD') || '-' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 5)),
    settled.source_currency, settled.settlement_currency, today_start, today_start + interval '1 day'
  )
  ON CONFLICT (business_id, source_currency, settlement_currency, period_start) DO NOTHING;
  SELECT id INTO open_id FROM fx_settlements
  WHERE business_id = settled.business_id AND source_currency = settled.source_currency
    AND settlement_currency = settled.settlement_currency AND period_start = today_start;
  INSERT INTO fx_settlement_adjustments (business_id, settlement_id, transaction_id, direction, payment_state, source_amount, settlement_amount)
  VALUES (settled.business_id, open_id, NEW.id, dir, NEW.state, dir * NEW.sending_amount, dir * NEW.destination_amount);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The WHEN is checked before the function is called: only a change between counting and not counting, of a payment in a settlement.
CREATE TRIGGER fx_settlement_adjust AFTER UPDATE OF "state" ON "transactions" FOR EACH ROW
  WHEN (NEW.settlement_id IS NOT NULL AND (OLD.state IN ('CANCELLED', 'FAILED')) IS DISTINCT FROM (NEW.state IN ('CANCELLED', 'FAILED')))
  EXECUTE FUNCTION fx_settlement_adjust();--> statement-breakpoint
-- A line, once written, is part of a settlement's history: the database refuses to change or remove it.
CREATE FUNCTION fx_settlement_adjustments_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'settlement adjustments cannot be changed or deleted';
END
$$;--> statement-breakpoint
CREATE TRIGGER fx_settlement_adjustments_append_only BEFORE UPDATE OR DELETE ON "fx_settlement_adjustments" FOR EACH ROW EXECUTE FUNCTION fx_settlement_adjustments_append_only();
