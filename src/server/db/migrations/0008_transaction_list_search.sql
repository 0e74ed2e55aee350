-- Transaction lists at scale: the searched text stored on the row (rewrites the table once), its
-- trigram index without a pending list, and a beneficiary's payments in date order.
DROP INDEX "transactions_beneficiary";--> statement-breakpoint
DROP INDEX "transactions_search";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(reference || ' ' || description || ' ' || coalesce(counterparty->>'name', ''))) STORED;--> statement-breakpoint
CREATE INDEX "transactions_beneficiary_recent" ON "transactions" USING btree ("business_id","beneficiary_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_search_text" ON "transactions" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);