/**
 * The bank test's checker. Given the database and what the clients were told, it reports every
 * broken promise: the ledger's own invariants (money conserved, balances equal their entries, no
 * negative available balance, a hold resolved once), every acknowledged operation present exactly
 * once, nothing posted twice for one Idempotency-Key, no hold left orphaned, no work left unfinished.
 */
import { sql } from "drizzle-orm";
import type { Queryable } from "../../src/server/db/client.ts";
import { checkLedger, type Violation } from "../../src/server/ledger/check.ts";

export type OpKind = "deposit" | "payment" | "fund" | "exchange" | "schedule";
/** A money write as a client saw it: its key, and the id it was answered with when acknowledged. */
export type Write = { kind: OpKind; key: string; outcome: "ack" | "refused" | "unknown"; id?: string };

/** The id of what a write made, as its answer gives it (a deposit answers with its transaction). */
export const idOf = (body: { data?: { id?: string; transaction?: { id?: string } } }) => body.data?.id ?? body.data?.transaction?.id;

const rows = async <T>(q: Queryable, query: ReturnType<typeof sql>) => ((await q.execute(query)) as unknown as { rows: T[] }).rows;

/** Negative available balances right now (the monitor samples this during the run). */
export const negativeBalances = (q: Queryable) =>
  rows<{ code: string; available: string }>(
    q,
    sql`select code, (posted - pending_debits)::text as available from ledger_accounts where not allow_negative and posted - pending_debits < 0`,
  );

/** The background work of a run: its business, the webhook that receives its events, the statements it asked for. */
export type Background = { businessId: string; webhookId: string; statements: string[] };

/** Background work still to do: payments being handed over or settled, scheduled payments due today, statements, webhook attempts. */
async function pending(q: Queryable, b: Background) {
  const [r] = await rows<{ payments: string; schedules: string; statements: string; deliveries: string }>(
    q,
    sql`select
    (select count(*) from transactions where business_id = ${b.businessId} and state in ('PENDING', 'PROCESSING'))::text as payments,
    (select count(*) from payment_schedules where business_id = ${b.businessId} and state = 'ACTIVE'
      and next_date <= (now() at time zone 'utc')::date)::text as schedules,
    (select count(*) from statements where business_id = ${b.businessId} and state = 'PENDING')::text as statements,
    (select count(*) from webhook_deliveries where webhook_id = ${b.webhookId} and state = 'PENDING')::text as deliveries`,
  );
  return { payments: Number(r.payments), schedules: Number(r.schedules), statements: Number(r.statements), deliveries: Number(r.deliveries) };
}

export const unsettled = async (q: Queryable, b: Background) => Object.values(await pending(q, b)).reduce((a, n) => a + n, 0);

export async function checkBank(
  q: Queryable,
  run?: Background & { writes: Write[]; since: Date; received: Map<string, number>; scheduledPaymentsDue?: boolean },
): Promise<Violation[]> {
  const out = await checkLedger(q);

  // A hold on a finished payment that was never posted or voided, or a hold nothing refers to.
  for (const r of await rows<{ id: string; state: string }>(
    q,
    sql`
    select t.id, t.state from transactions t join ledger_transfers h on h.id = t.hold_transfer_id
    where t.state in ('COMPLETED', 'FAILED', 'CANCELLED') and not exists (select 1 from ledger_transfers r where r.pending_id = h.id)`,
  )) {
    out.push({ rule: "no orphaned hold", detail: `${r.state} transaction ${r.id} still holds money` });
  }
  for (const r of await rows<{ id: string }>(
    q,
    sql`
    select h.id from ledger_transfers h
    where h.kind = 'pending' and not exists (select 1 from ledger_transfers r where r.pending_id = h.id)
      and not exists (select 1 from transactions t where t.hold_transfer_id = h.id)
      and not exists (select 1 from batch_payments b where b.hold_transfer_id = h.id)`,
  )) {
    out.push({ rule: "no orphaned hold", detail: `hold ${r.id} belongs to nothing` });
  }
  if (!run) return out;

  const left = await pending(q, run);
  for (const [what, n] of Object.entries(left)) if (n) out.push({ rule: "no work left unfinished", detail: `${n} ${what} still pending` });

  // Every statement asked for was produced (none lost to the kill, none failed).
  const produced = new Map(
    (
      await rows<{ id: string; state: string }>(q, sql`select id, state from statements where business_id = ${run.businessId} and created_at >= ${run.since}`)
    ).map((r) => [r.id, r.state]),
  );
  for (const id of run.statements)
    if (produced.get(id) !== "COMPLETE") out.push({ rule: "every statement produced", detail: `statement ${id} is ${produced.get(id) ?? "missing"}` });

  // Every webhook message the server recorded as delivered reached the receiver; none was invented.
  const deliveries = await rows<{ message_id: string; state: string }>(
    q,
    sql`select message_id, state from webhook_deliveries where webhook_id = ${run.webhookId}`,
  );
  if (!deliveries.length) out.push({ rule: "events are delivered", detail: "no webhook delivery was queued" });
  for (const d of deliveries) {
    if (d.state !== "DELIVERED") out.push({ rule: "events are delivered", detail: `delivery ${d.message_id} is ${d.state}` });
    else if (!run.received.has(d.message_id)) out.push({ rule: "events are delivered", detail: `delivery ${d.message_id} is DELIVERED but never arrived` });
  }
  const known = new Set(deliveries.map((d) => d.message_id));
  for (const id of run.received.keys()) if (!known.has(id)) out.push({ rule: "events are delivered", detail: `received ${id}, which the server never queued` });

  // What the server committed for each key the clients used (a replay must return the same answer).
  const committed = new Map(
    (
      await rows<{ key: string; status: number | null; id: string | null }>(
        q,
        sql`
      select key, response_status as status, coalesce(response_body->'data'->>'id', response_body->'data'->'transaction'->>'id') as id from idempotency_keys where key like 'bank-%'`,
      )
    ).map((r) => [r.key, r]),
  );
  const present = new Set(
    (await rows<{ id: string }>(q, sql`select id from transactions where business_id = ${run.businessId} and created_at >= ${run.since}`)).map((r) => r.id),
  );
  for (const w of run.writes.filter((x) => x.outcome === "ack")) {
    const c = committed.get(w.key);
    if (!c) out.push({ rule: "acknowledged means committed", detail: `${w.kind} ${w.key} was acknowledged but its key is not stored` });
    else if (c.id !== w.id) out.push({ rule: "a replay answers the same", detail: `${w.kind} ${w.key}: client got ${w.id}, server holds ${c.id}` });
    if (w.id && w.kind !== "schedule" && !present.has(w.id))
      out.push({ rule: "acknowledged means present", detail: `${w.kind} ${w.id} (${w.key}) was acknowledged but is not in the history` });
  }

  // Exactly once: each operation is tagged with its key (description) where the API takes one;
  // one key never produced two records.
  for (const r of await rows<{ description: string; n: string }>(
    q,
    sql`
    select description, count(*)::text as n from transactions
    where business_id = ${run.businessId} and description like 'bank-%'
      and ((description like 'bank-dep-%' and direction = 'inbound') or (description not like 'bank-dep-%' and direction = 'outbound'))
    group by description having count(*) > 1`,
  )) {
    out.push({ rule: "exactly once", detail: `${r.description} was posted ${r.n} times` });
  }
  // And every record the run made comes from a committed key: as many outbound money movements
  // (payments, fundings, exchanges) as committed keys of those kinds, no more.
  const committedOut = [...committed.values()].filter(
    (c) => c.status !== null && c.status < 300 && c.id && !c.key.startsWith("bank-dep-") && !c.key.startsWith("bank-schedule-"),
  ).length;
  const [made] = await rows<{ n: string }>(
    q,
    sql`
    select count(*)::text as n from transactions where business_id = ${run.businessId} and created_at >= ${run.since} and direction = 'outbound' and schedule_id is null`,
  );
  if (Number(made.n) !== committedOut) out.push({ rule: "exactly once", detail: `${made.n} outbound records for ${committedOut} committed keys` });

  // Scheduled payments: every schedule acknowledged exists; each payment the scheduler made is one
  // PAID occurrence of its schedule and date, and each PAID occurrence is one payment (two
  // processes, one killed mid-run, never pay a date twice or lose one).
  const schedules = new Set((await rows<{ id: string }>(q, sql`select id from payment_schedules where business_id = ${run.businessId}`)).map((r) => r.id));
  for (const w of run.writes.filter((x) => x.outcome === "ack" && x.kind === "schedule"))
    if (!schedules.has(w.id!)) out.push({ rule: "acknowledged means present", detail: `schedule ${w.id} (${w.key}) was acknowledged but does not exist` });
  for (const r of await rows<{ id: string; schedule_id: string }>(
    q,
    sql`
    select t.id, t.schedule_id from transactions t
    where t.business_id = ${run.businessId} and t.schedule_id is not null
      and (select count(*) from payment_schedule_occurrences o where o.transaction_id = t.id and o.state = 'PAID') <> 1`,
  )) {
    out.push({ rule: "exactly once", detail: `scheduled payment ${r.id} of schedule ${r.schedule_id} is not one occurrence` });
  }
  for (const r of await rows<{ id: string }>(
    q,
    sql`
    select o.id from payment_schedule_occurrences o
    where o.business_id = ${run.businessId} and o.state = 'PAID' and not exists (select 1 from transactions t where t.id = o.transaction_id)`,
  )) {
    out.push({ rule: "exactly once", detail: `occurrence ${r.id} is PAID without a payment` });
  }
  // A run long enough for its schedules to be approved and reach a scheduler pass made scheduled payments
  // (stablecoin ones fall due every day): a run that checks none proves nothing of them.
  const ours = run.writes.filter((w) => w.outcome === "ack" && w.kind === "schedule").map((w) => w.id!);
  if (run.scheduledPaymentsDue) {
    const [paid] = ours.length
      ? await rows<{ n: string }>(
          q,
          sql`select count(*)::text as n from payment_schedule_occurrences where state = 'PAID' and schedule_id in (${sql.join(
            ours.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        )
      : [{ n: "0" }];
    if (Number(paid.n) < 1) out.push({ rule: "scheduled payments are made", detail: `none of the run's ${ours.length} acknowledged schedules made a payment` });
  }
  return out;
}
