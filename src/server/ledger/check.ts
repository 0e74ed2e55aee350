/**
 * The invariant check (`npm run ledger:check`): per asset the posted sum is zero; every account's
 * balances equal what its transfers add up to; no customer account is overdrawn; every hold is
 * resolved at most once.
 */
import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";

export type Violation = { rule: string; detail: string };

const rows = async <T>(q: Queryable, query: ReturnType<typeof sql>) => ((await q.execute(query)) as unknown as { rows: T[] }).rows;

export async function checkLedger(q: Queryable): Promise<Violation[]> {
  const out: Violation[] = [];

  for (const r of await rows<{ asset: string; total: string }>(
    q,
    sql`
    select asset, sum(posted)::text as total from ledger_accounts group by asset having sum(posted) <> 0`,
  )) {
    out.push({ rule: "asset sums to zero", detail: `${r.asset} sums to ${r.total}` });
  }

  // Re-derive every balance from the journal and compare.
  for (const r of await rows<{
    code: string;
    posted: string;
    derived_posted: string;
    pending_debits: string;
    derived_pd: string;
    pending_credits: string;
    derived_pc: string;
  }>(
    q,
    sql`
    with moves as (
      select debit_account_id as account_id,
        case when kind in ('posted','post_pending') then -amount else 0 end as posted,
        case kind when 'pending' then amount when 'post_pending' then -(select p.amount from ledger_transfers p where p.id = t.pending_id)
                  when 'void_pending' then -amount else 0 end as pd,
        0::bigint as pc
      from ledger_transfers t
      union all
      select credit_account_id,
        case when kind in ('posted','post_pending') then amount else 0 end,
        0::bigint,
        case kind when 'pending' then amount when 'post_pending' then -(select p.amount from ledger_transfers p where p.id = t.pending_id)
                  when 'void_pending' then -amount else 0 end
      from ledger_transfers t
    ), derived as (
      select account_id, sum(posted) as posted, sum(pd) as pd, sum(pc) as pc from moves group by account_id
    )
    select a.code, a.posted::text, coalesce(d.posted, 0)::text as derived_posted,
           a.pending_debits::text, coalesce(d.pd, 0)::text as derived_pd,
           a.pending_credits::text, coalesce(d.pc, 0)::text as derived_pc
    from ledger_accounts a left join derived d on d.account_id = a.id
    where a.posted <> coalesce(d.posted, 0) or a.pending_debits <> coalesce(d.pd, 0) or a.pending_credits <> coalesce(d.pc, 0)`,
  )) {
    out.push({
      rule: "balance equals its entries",
      detail: `${r.code}: posted ${r.posted} vs ${r.derived_posted}, pending debits ${r.pending_debits} vs ${r.derived_pd}, pending credits ${r.pending_credits} vs ${r.derived_pc}`,
    });
  }

  for (const r of await rows<{ code: string; available: string }>(
    q,
    sql`
    select code, (posted - pending_debits)::text as available from ledger_accounts where not allow_negative and posted - pending_debits < 0`,
  )) {
    out.push({ rule: "no negative available balance", detail: `${r.code} has ${r.available}` });
  }

  for (const r of await rows<{ pending_id: string; n: string }>(
    q,
    sql`
    select pending_id, count(*)::text as n from ledger_transfers where pending_id is not null group by pending_id having count(*) > 1`,
  )) {
    out.push({ rule: "a hold resolves once", detail: `hold ${r.pending_id} resolved ${r.n} times` });
  }
  return out;
}
