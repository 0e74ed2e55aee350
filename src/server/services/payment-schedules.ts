/**
 * Payment schedules (issue 29): made, listed, edited, paused, resumed and cancelled here; paid by the
 * scheduler (src/server/jobs/payment-schedules.ts). A schedule goes through the business's approval
 * rules once, with the amount of one payment; an edit of its amount or next date is approved the same
 * way, and until then the schedule runs as it was.
 */
import { and, asc, count, desc, eq, ilike, inArray, lte, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { approvalRequests, beneficiaries, businesses, paymentScheduleOccurrences, paymentSchedules } from "../db/schema/index.ts";
import type { Queryable, Tx } from "../db/client.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { formatMoney } from "../../lib/money.ts";
import { addDays, describeFrequency, occurrence, type ScheduleRule } from "../../lib/schedule-dates.ts";
import { todayUtc } from "../../lib/dates.ts";
import { formatDay } from "../../lib/dates.ts";
import type { CreatePaymentSchedule, UpdatePaymentSchedule } from "../../../resources/payment-schedules.ts";
import { isUuid, likePattern, offsetOf, orderOf, paged, type PageQuery } from "../db/paging.ts";
import type { Sort } from "../../../resources/list-query.ts";
import type { SCHEDULE_SORTS } from "../../../resources/payment-schedules.ts";
import type { FxProvider } from "../providers/fx/provider.ts";
import type { ServiceContext } from "./context.ts";
import { paymentParties } from "./payments.ts";
import { requestApproval } from "./request-approval.ts";
import { payeeGuard, type PayeeGuard } from "./payee-protection.ts";
import { emitEvent } from "./webhooks.ts";
import { kindOf, nextDates, railOf, ruleOf, scheduleDetails, scheduleViews, type ScheduleRow } from "./payment-schedule-view.ts";
import type { cryptoSendService } from "./crypto-sends.ts";

export const SCHEDULE_APPROVAL = "PAYMENT_SCHEDULE";
export const SCHEDULE_CHANGE = "SCHEDULE_CHANGE";
/** The states in which a schedule can still pay (and so be paused, cancelled or edited). */
const LIVE = ["PENDING_APPROVAL", "ACTIVE", "PAUSED"];

type CreateInput = z.output<typeof CreatePaymentSchedule>;
type UpdateInput = z.output<typeof UpdatePaymentSchedule>;
type Deps = { fx: FxProvider; cryptoSends: ReturnType<typeof cryptoSendService> };

/** A schedule's webhook payload: what a receiver needs to match it. */
export const scheduleEvent = (s: ScheduleRow, extra: Record<string, unknown> = {}) => ({
  id: s.id,
  kind: kindOf(s),
  beneficiary_id: s.beneficiaryId,
  amount: { value: s.amount.toString(), currency: s.currency },
  frequency: s.frequency,
  next_date: s.nextDate,
  state: s.state,
  ...extra,
});

export async function lockedSchedule(tx: Tx, businessId: string, id: string) {
  const [s] = isUuid(id)
    ? await tx
        .select()
        .from(paymentSchedules)
        .where(and(eq(paymentSchedules.id, id), eq(paymentSchedules.businessId, businessId)))
        .for("update")
    : [];
  if (!s) throw notFound("Payment schedule not found");
  return s;
}

async function approvalsOn(q: Queryable, businessId: string) {
  const [b] = await q.select({ on: businesses.approvalRequired }).from(businesses).where(eq(businesses.id, businessId));
  return b.on;
}

/**
 * Payee protection on a schedule's payment due `day`: a payee still in its cooling period on that
 * day asks one more approval (or refuses), and look-alikes and name checks become flags, as a payment would.
 */
async function guardOf(tx: Tx, businessId: string, beneficiaryId: string, day: string) {
  const [payee] = await tx.select().from(beneficiaries).where(eq(beneficiaries.id, beneficiaryId));
  // A payee gone since is refused by the payment's own checks (the parties), not here.
  if (!payee) return undefined;
  return payeeGuard(tx, businessId, payee, { now: new Date(Math.max(Date.now(), Date.parse(`${day}T00:00:00Z`))) });
}

export function paymentScheduleService({ db }: ServiceContext, deps: Deps) {
  /** The source's currency and the payee, checked as a payment of the schedule's kind would check them. */
  async function partiesOf(q: Queryable, businessId: string, input: Pick<CreateInput, "kind" | "source_id" | "beneficiary_id">) {
    if (input.kind === "bank") {
      const { account, b } = await paymentParties(q, businessId, input.source_id, input.beneficiary_id);
      return { currency: account.currency, name: b.name, destination: b.destinationType ?? "" };
    }
    const { wallet, to } = await deps.cryptoSends.parties(q, businessId, input.source_id, input.beneficiary_id);
    return { currency: wallet.currency, name: to.name, destination: wallet.blockchain };
  }

  async function ask(
    tx: Tx,
    s: ScheduleRow,
    userId: string,
    entityType: string,
    amount: bigint,
    what: string,
    name: string,
    destination: string,
    guard?: PayeeGuard,
  ) {
    await requestApproval(tx, deps.fx, {
      ...guard,
      businessId: s.businessId,
      entityType,
      entityId: s.id,
      scope: s.rail === "fiat" ? "helios" : "centurion",
      amount,
      currency: s.currency,
      requesterUserId: userId,
      dataFields: { beneficiary_name: { content: name }, destination_type: { content: destination }, schedule: { content: what } },
    });
  }

  async function get(businessId: string, id: string) {
    const [s] = isUuid(id)
      ? await db
          .select()
          .from(paymentSchedules)
          .where(and(eq(paymentSchedules.id, id), eq(paymentSchedules.businessId, businessId)))
      : [];
    if (!s) throw notFound("Payment schedule not found");
    return scheduleDetails(db, s);
  }

  /** Pause, resume or cancel: the row locked, its state checked, the event told. */
  async function move(businessId: string, id: string, from: string[], to: "ACTIVE" | "PAUSED" | "CANCELLED", today = todayUtc()) {
    return db.transaction(async (tx) => {
      const s = await lockedSchedule(tx, businessId, id);
      if (!from.includes(s.state))
        throw conflict(`This schedule is ${s.state.toLowerCase().replace("_", " ")}: it cannot be ${to === "ACTIVE" ? "resumed" : to.toLowerCase()}`);
      let values: Partial<ScheduleRow> = { state: to, updatedAt: new Date() };
      if (to === "CANCELLED") values = { ...values, nextDate: null, pendingChange: null };
      if (to === "ACTIVE") {
        // Payments that fell due while it was paused are skipped, not made all at once on resuming.
        let n = s.nextIndex;
        let o = s.nextDate && s.nextDate >= today ? { n, date: s.nextDate } : occurrence(ruleOf(s), n, railOf(s));
        while (o && o.date < today) o = occurrence(ruleOf(s), ++n, railOf(s));
        values = { ...values, nextIndex: o ? o.n : n, nextDate: o?.date ?? null, state: o ? "ACTIVE" : "ENDED" };
      }
      if (to === "CANCELLED") {
        // A schedule waiting for approval, or with an edit waiting, takes its request with it.
        await tx
          .update(approvalRequests)
          .set({ state: "CANCELLED", decidedAt: new Date() })
          .where(and(eq(approvalRequests.entityId, s.id), eq(approvalRequests.state, "PENDING")));
      }
      const [row] = await tx.update(paymentSchedules).set(values).where(eq(paymentSchedules.id, s.id)).returning();
      const event = to === "ACTIVE" ? "schedule.resumed" : to === "PAUSED" ? "schedule.paused" : "schedule.cancelled";
      await emitEvent(tx, businessId, event, scheduleEvent(row));
      return scheduleDetails(tx, row);
    });
  }

  return {
    get,

    async list(
      businessId: string,
      q: PageQuery & { state?: string[]; kind?: "bank" | "stablecoin"; keyword?: string; sort?: Sort<(typeof SCHEDULE_SORTS)[number]> },
    ) {
      const where = and(
        eq(paymentSchedules.businessId, businessId),
        q.state?.length ? inArray(paymentSchedules.state, q.state) : undefined,
        q.kind ? eq(paymentSchedules.rail, q.kind === "bank" ? "fiat" : "crypto") : undefined,
        q.keyword
          ? or(
              ilike(paymentSchedules.description, likePattern(q.keyword)),
              sql`${paymentSchedules.beneficiaryId} IN (SELECT ${beneficiaries.id} FROM ${beneficiaries} WHERE ${beneficiaries.businessId} = ${businessId} AND ${beneficiaries.name} ILIKE ${likePattern(q.keyword)})`,
            )
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(paymentSchedules)
          .where(where)
          // Unsorted: the live ones first, by the day they pay next; then the rest, newest first.
          .orderBy(
            ...orderOf(
              q.sort,
              {
                next_date: paymentSchedules.nextDate,
                amount: paymentSchedules.amount,
                state: paymentSchedules.state,
                created_date: paymentSchedules.createdAt,
              },
              paymentSchedules.id,
              [sql`${paymentSchedules.nextDate} IS NULL`, asc(paymentSchedules.nextDate), desc(paymentSchedules.createdAt), asc(paymentSchedules.id)],
            ),
          )
          .limit(q.limit)
          .offset(offsetOf(q)),
        db.select({ n: count() }).from(paymentSchedules).where(where),
      ]);
      return paged(await scheduleViews(db, rows), Number(total.n), q);
    },

    /** Every payment due in the next `days` days (today included), in date order. */
    async upcoming(businessId: string, days: number, today = todayUtc()) {
      const until = addDays(today, days - 1);
      const rows = await db
        .select()
        .from(paymentSchedules)
        .where(and(eq(paymentSchedules.businessId, businessId), eq(paymentSchedules.state, "ACTIVE"), lte(paymentSchedules.nextDate, until)));
      const views = new Map((await scheduleViews(db, rows)).map((v) => [v.id, v]));
      return rows
        .flatMap((s) =>
          nextDates(s, days + 1)
            .filter((d) => d.date <= until)
            .map((d) => {
              const v = views.get(s.id)!;
              return { schedule_id: s.id, date: d.date, kind: v.kind, beneficiary: v.beneficiary, amount: v.amount };
            }),
        )
        .sort((a, b) => a.date.localeCompare(b.date) || a.beneficiary.name.localeCompare(b.beneficiary.name));
    },

    /** Runs in the caller's transaction (the Idempotency-Key's). */
    async create(tx: Tx, businessId: string, userId: string, input: CreateInput, today = todayUtc()) {
      if (input.start_date < today)
        throw badRequest("The first payment date must be today or later", [{ path: "start_date", message: "The first payment date must be today or later" }]);
      const parties = await partiesOf(tx, businessId, input);
      const once = input.frequency === "ONCE";
      const rule: ScheduleRule = {
        frequency: input.frequency,
        startDate: input.start_date,
        dayOfMonth: once ? null : (input.day_of_month ?? null),
        endKind: once ? "NEVER" : input.end_kind,
        endAfter: !once && input.end_kind === "AFTER" ? (input.end_after ?? null) : null,
        endDate: !once && input.end_kind === "ON_DATE" ? (input.end_date ?? null) : null,
      };
      const first = occurrence(rule, 0, input.kind === "bank" ? "fiat" : "crypto");
      if (!first)
        throw badRequest("No payment falls between the first payment date and the end date", [
          { path: "end_date", message: "No payment falls before the end date" },
        ]);
      const guard = await guardOf(tx, businessId, input.beneficiary_id, first.date);
      const waits = await approvalsOn(tx, businessId);
      const [s] = await tx
        .insert(paymentSchedules)
        .values({
          businessId,
          rail: input.kind === "bank" ? "fiat" : "crypto",
          sourceId: input.source_id,
          beneficiaryId: input.beneficiary_id,
          amount: input.amount,
          currency: parties.currency,
          description: input.description || `Scheduled payment to ${parties.name}`,
          reference: input.reference ?? null,
          frequency: rule.frequency,
          dayOfMonth: rule.dayOfMonth,
          startDate: rule.startDate,
          endKind: rule.endKind,
          endAfter: rule.endAfter,
          endDate: rule.endDate,
          nextIndex: 0,
          nextDate: first.date,
          state: waits ? "PENDING_APPROVAL" : "ACTIVE",
          pauseAfterFailure: input.pause_after_failure,
          createdBy: userId,
          approvedAt: waits ? null : new Date(),
        })
        .returning();
      const what = `${describeFrequency(rule)}, first on ${formatDay(first.date)}: ${formatMoney(s.amount, s.currency)} each`;
      if (waits) await ask(tx, s, userId, SCHEDULE_APPROVAL, s.amount, what, parties.name, parties.destination, guard);
      await emitEvent(tx, businessId, "schedule.created", scheduleEvent(s));
      return scheduleDetails(tx, s);
    },

    /** Another amount or next date: at once, or (approvals on) as a change waiting for approval. */
    async update(businessId: string, userId: string, id: string, input: UpdateInput, today = todayUtc()) {
      return db.transaction(async (tx) => {
        const s = await lockedSchedule(tx, businessId, id);
        if (!["ACTIVE", "PAUSED"].includes(s.state)) throw conflict("Only an active or paused schedule can be changed");
        if (s.pendingChange) throw conflict("This schedule already has a change waiting for approval");
        if (input.next_date !== undefined) {
          const after = occurrence(ruleOf(s), s.nextIndex + 1, railOf(s));
          const [last] = await tx
            .select({ due: paymentScheduleOccurrences.dueDate })
            .from(paymentScheduleOccurrences)
            .where(eq(paymentScheduleOccurrences.scheduleId, s.id))
            .orderBy(desc(paymentScheduleOccurrences.dueDate))
            .limit(1);
          const problem =
            input.next_date < today
              ? "The next payment date must be today or later"
              : last && input.next_date <= last.due
                ? `The next payment must be after the last one (${formatDay(last.due)})`
                : after && input.next_date >= after.date
                  ? `The next payment must be before the one after it (${formatDay(after.date)})`
                  : null;
          if (problem) throw badRequest(problem, [{ path: "next_date", message: problem }]);
        }
        // The same payee check as a new schedule's, on the payment the edit makes next.
        const nextDay = input.next_date ?? s.nextDate;
        const guard = nextDay ? await guardOf(tx, businessId, s.beneficiaryId, nextDay) : undefined;
        const change = {
          ...(input.amount !== undefined ? { amount: input.amount.toString() } : {}),
          ...(input.next_date ? { next_date: input.next_date } : {}),
        };
        if (await approvalsOn(tx, businessId)) {
          const [row] = await tx
            .update(paymentSchedules)
            .set({ pendingChange: change, updatedAt: new Date() })
            .where(eq(paymentSchedules.id, s.id))
            .returning();
          const parties = await partiesOf(tx, businessId, { kind: kindOf(s), source_id: s.sourceId, beneficiary_id: s.beneficiaryId });
          const what = [
            change.amount ? `amount ${formatMoney(s.amount, s.currency)} → ${formatMoney(BigInt(change.amount), s.currency)}` : null,
            change.next_date ? `next payment ${s.nextDate ? formatDay(s.nextDate) : "—"} → ${formatDay(change.next_date)}` : null,
          ]
            .filter(Boolean)
            .join("; ");
          await ask(tx, row, userId, SCHEDULE_CHANGE, input.amount ?? s.amount, `Change: ${what}`, parties.name, parties.destination, guard);
          return scheduleDetails(tx, row);
        }
        const row = await applyChange(tx, s, change);
        return scheduleDetails(tx, row);
      });
    },

    pause: (businessId: string, id: string) => move(businessId, id, ["ACTIVE"], "PAUSED"),
    resume: (businessId: string, id: string, today?: string) => move(businessId, id, ["PAUSED"], "ACTIVE", today),
    cancel: (businessId: string, id: string) => move(businessId, id, LIVE, "CANCELLED"),
  };
}

/** Makes an edit stand (now, or when its approval comes). */
export async function applyChange(tx: Tx, s: ScheduleRow, change: { amount?: string; next_date?: string }) {
  const [row] = await tx
    .update(paymentSchedules)
    .set({
      ...(change.amount ? { amount: BigInt(change.amount) } : {}),
      ...(change.next_date && s.nextDate ? { nextDate: change.next_date } : {}),
      pendingChange: null,
      updatedAt: new Date(),
    })
    .where(eq(paymentSchedules.id, s.id))
    .returning();
  await emitEvent(tx, s.businessId, "schedule.updated", scheduleEvent(row));
  return row;
}
