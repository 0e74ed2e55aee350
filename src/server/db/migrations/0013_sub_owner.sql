-- Whether a transaction's owner is a sub-account or sub-wallet, kept on the row so the list's
-- "sub-accounts" filter has its own small partial indexes: testing each row's owner against the
-- business's master accounts walked every row of a type the sub-accounts never have.
ALTER TABLE "transactions" ADD COLUMN "sub_owner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "transactions" t SET "sub_owner" = true
  WHERE (t.owner_kind = 'account' AND EXISTS (SELECT 1 FROM accounts a WHERE a.id = t.owner_id AND a.parent_account_id IS NOT NULL))
     OR (t.owner_kind = 'wallet' AND EXISTS (SELECT 1 FROM wallets w WHERE w.id = t.owner_id AND w.parent_wallet_id IS NOT NULL));--> statement-breakpoint
-- Set from the owner on every insert (and if a row's owner ever changed), whoever writes the row:
-- an owner is made a sub-account or sub-wallet when it is created and stays one.
CREATE FUNCTION transactions_set_sub_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sub_owner := CASE NEW.owner_kind
    WHEN 'account' THEN EXISTS (SELECT 1 FROM accounts WHERE id = NEW.owner_id AND parent_account_id IS NOT NULL)
    WHEN 'wallet' THEN EXISTS (SELECT 1 FROM wallets WHERE id = NEW.owner_id AND parent_wallet_id IS NOT NULL)
    ELSE false
  END;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER transactions_sub_owner BEFORE INSERT OR UPDATE OF owner_kind, owner_id ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_set_sub_owner();--> statement-breakpoint
CREATE INDEX "transactions_sub_recent" ON "transactions" USING btree ("business_id","rail","created_at","id") WHERE "transactions"."sub_owner";--> statement-breakpoint
CREATE INDEX "transactions_sub_type" ON "transactions" USING btree ("business_id","rail","type","created_at") WHERE "transactions"."sub_owner";
