/**
 * Locks, in id order and in one statement, every ledger account that paying from these accounts and
 * wallets will hold: each payer's own, and the clearing account of its currency (the rails' for a bank
 * account, the chain's for a wallet). A write that makes several payments in one transaction (a
 * payment batch, a scheduler pass) takes them all here first, so each hold then locks accounts the
 * transaction already has. Taken payment by payment instead, it would hold one payer while waiting
 * for another that a second such write held, which waited in turn for the first: on PostgreSQL a
 * deadlock, one side run again after a second. Only the named businesses' payers are locked; ids that
 * are not UUIDs name none.
 */
import { sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { isUuid } from "../db/paging.ts";
import { pgArray } from "../db/pg-array.ts";

export type Payers = { businessIds: string[]; accountIds?: string[]; walletIds?: string[] };

export async function lockPayers(tx: Tx, { businessIds, accountIds = [], walletIds = [] }: Payers) {
  const ids = (list: string[]) => pgArray([...new Set(list.filter(isUuid))]);
  const businesses = ids(businessIds);
  if (!accountIds.some(isUuid) && !walletIds.some(isUuid)) return;
  await tx.execute(sql`
    with payers as (
      select ledger_account_id, 'system:rails_clearing:' || currency as clearing from accounts
      where id = any(${ids(accountIds)}::uuid[]) and business_id = any(${businesses}::uuid[])
      union all
      select ledger_account_id, 'system:chain_clearing:' || currency from wallets
      where id = any(${ids(walletIds)}::uuid[]) and business_id = any(${businesses}::uuid[]))
    select id from ledger_accounts
    where id in (select ledger_account_id from payers) or code in (select clearing from payers)
    order by id for update`);
}
