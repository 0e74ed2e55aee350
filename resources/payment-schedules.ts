/**
 * Scheduled and recurring payments (issue 29): a bank payment or a stablecoin send to a saved
 * beneficiary, once on a date or on a frequency. The schedule is approved once (the business's
 * approval rules, with the amount of one payment); the scheduler then makes each payment on its day
 * as an ordinary payment. The dates follow src/lib/schedule-dates.ts.
 */
import { z } from "zod";
import { END_KINDS, FREQUENCIES, LAST_DAY } from "../src/lib/schedule-dates.ts";
import { catalogEntry } from "./catalog.ts";
import { defineResource } from "./define-resource.ts";
import { endpoint, IdParams } from "./define-endpoint.ts";
import { day, listOf, sortParam } from "./list-query.ts";
import { MinorAmount, MoneyValue } from "./money.ts";
import { PageQuery } from "./page-query.ts";
import { MONEY_MOVED } from "./stale.ts";

export const SCHEDULE_STATES = ["PENDING_APPROVAL", "ACTIVE", "PAUSED", "ENDED", "CANCELLED", "REJECTED"] as const;
export const SCHEDULE_KINDS = ["bank", "stablecoin"] as const;
/** How many payments a schedule ending "after N payments" may make (ten years of weekly ones). */
export const MAX_SCHEDULE_PAYMENTS = 520;
/** How many of its next dates a schedule's details show. */
export const NEXT_DATES_SHOWN = 5;
/** The dashboard's panel: payments due in the next week. */
export const UPCOMING_DAYS = 7;

export const FREQUENCY_LABELS: Record<(typeof FREQUENCIES)[number], string> = {
  ONCE: "Once",
  WEEKLY: "Weekly",
  BIWEEKLY: "Every 2 weeks",
  MONTHLY: "Monthly",
  QUARTERLY: "Quarterly",
};
export const STATE_LABELS: Record<(typeof SCHEDULE_STATES)[number], string> = {
  PENDING_APPROVAL: "Pending approval",
  ACTIVE: "Active",
  PAUSED: "Paused",
  ENDED: "Ended",
  CANCELLED: "Cancelled",
  REJECTED: "Rejected",
};

/** When a payment is made: its frequency, first date and end (what "Schedule" on the send screens asks). */
export const ScheduleTiming = z
  .object({
    frequency: z.enum(FREQUENCIES, { error: "Choose how often to pay" }),
    start_date: day("First payment date"),
    /** MONTHLY and QUARTERLY: 1–31 or -1 (the last day); the start date's day when not given. */
    day_of_month: z
      .number({ error: "Day of the month must be a number" })
      .int("Day of the month must be a whole number")
      .refine((v) => v === LAST_DAY || (v >= 1 && v <= 31), "Day of the month must be between 1 and 31, or the last day")
      .nullable()
      .optional(),
    end_kind: z.enum(END_KINDS, { error: "Choose when the payments end" }).default("NEVER"),
    end_after: z
      .number({ error: "Number of payments must be a number" })
      .int("Number of payments must be a whole number")
      .min(1, "Number of payments must be at least 1")
      .max(MAX_SCHEDULE_PAYMENTS, `Number of payments must be at most ${MAX_SCHEDULE_PAYMENTS}`)
      .nullable()
      .optional(),
    end_date: day("End date").nullable().optional(),
    /** Pause the schedule when one of its payments fails (e.g. for want of funds); otherwise it goes on. */
    pause_after_failure: z.boolean({ error: "Pause after a failure must be true or false" }).default(false),
  })
  .superRefine((v, ctx) => {
    if (v.frequency === "ONCE") return;
    if (v.end_kind === "AFTER" && v.end_after == null) ctx.addIssue({ code: "custom", path: ["end_after"], message: "Enter the number of payments" });
    if (v.end_kind === "ON_DATE") {
      if (!v.end_date) ctx.addIssue({ code: "custom", path: ["end_date"], message: "Choose the end date" });
      else if (v.end_date < v.start_date)
        ctx.addIssue({ code: "custom", path: ["end_date"], message: "The end date must be on or after the first payment date" });
    }
  });

export const CreatePaymentSchedule = z.intersection(
  z.object({
    kind: z.enum(SCHEDULE_KINDS, { error: "kind must be bank or stablecoin" }),
    /** The account (bank) or wallet (stablecoin) it pays from. */
    source_id: z.string({ error: "Please select an account" }).uuid("Please select an account"),
    beneficiary_id: z.string({ error: "Please select a beneficiary" }).uuid("Please select a beneficiary"),
    /** Each payment, in minor units of the source's currency. */
    amount: MinorAmount,
    description: z.string().trim().max(140, "Description must be at most 140 characters").optional().default(""),
    reference: z.string().trim().max(35, "Reference must be at most 35 characters").optional(),
  }),
  ScheduleTiming,
);

/** An edit: another amount per payment, or the next payment on another day. Approved like a new schedule. */
export const UpdatePaymentSchedule = z
  .object({ amount: MinorAmount.optional(), next_date: day("Next payment date").optional() })
  .strict()
  .refine((v) => v.amount !== undefined || v.next_date !== undefined, "Change the amount or the next payment date");

const Party = z.object({ id: z.string(), name: z.string() });
const Occurrence = z.object({
  id: z.string(),
  due_date: z.string(),
  /** PAID: its payment was made (transaction_id; the payment then goes its own way), FAILED: none could be. */
  state: z.enum(["PAID", "FAILED"]),
  amount: MoneyValue,
  transaction_id: z.string().nullable(),
  /** The payment's own state now (PENDING, COMPLETED, FAILED, ...), when there is one. */
  transaction_state: z.string().nullable(),
  failure_reason: z.string().nullable(),
});
const NextDate = z.object({ date: z.string(), moved_from: z.string().nullable() });

export const PaymentSchedule = z
  .object({
    id: z.string(),
    kind: z.enum(SCHEDULE_KINDS),
    state: z.enum(SCHEDULE_STATES),
    source: Party.extend({ currency: z.string() }),
    beneficiary: Party,
    amount: MoneyValue,
    description: z.string(),
    reference: z.string().nullable(),
    frequency: z.enum(FREQUENCIES),
    /** How it reads: "Monthly on the 1st". */
    frequency_label: z.string(),
    day_of_month: z.number().int().nullable(),
    start_date: z.string(),
    end_kind: z.enum(END_KINDS),
    end_after: z.number().int().nullable(),
    end_date: z.string().nullable(),
    /** The day of the next payment; null once it has ended or been cancelled. */
    next_date: z.string().nullable(),
    payments_made: z.number().int(),
    pause_after_failure: z.boolean(),
    /** An edit waiting for approval. */
    pending_change: z.object({ amount: MoneyValue.nullable(), next_date: z.string().nullable() }).nullable(),
    created_by: z.object({ name: z.string(), email: z.string() }),
    created_date: z.string(),
  })
  .meta({ id: "PaymentSchedule" });
export type PaymentSchedule = z.infer<typeof PaymentSchedule>;

export const PaymentScheduleDetails = PaymentSchedule.extend({
  /** The next payments' days (a weekend date of a bank payment moved to the Monday: moved_from). */
  next_dates: z.array(NextDate),
  occurrences: z.array(Occurrence),
}).meta({ id: "PaymentScheduleDetails" });

export const UpcomingPayment = z
  .object({ schedule_id: z.string(), date: z.string(), kind: z.enum(SCHEDULE_KINDS), beneficiary: Party, amount: MoneyValue })
  .meta({ id: "UpcomingPayment" });

/**
 * The schedules list's orders: next date, amount (as a number), state, creation. By default the live
 * ones first by the day they pay next, then the rest newest first: no single key says that.
 */
export const SCHEDULE_SORTS = ["next_date", "amount", "state", "created_date"] as const;
const ScheduleQuery = PageQuery.extend({
  sort: sortParam(SCHEDULE_SORTS, "next date, then newest"),
  state: listOf(z.enum(SCHEDULE_STATES, { error: `state must be one of ${SCHEDULE_STATES.join(", ")}` })).optional(),
  kind: z.enum(SCHEDULE_KINDS, { error: "kind must be bank or stablecoin" }).optional(),
  keyword: z.string().trim().max(100).optional(),
});

const tag = "payment schedules";
const rule = (act: string) => ({ obj: "payment-schedules", act });
const CHANGES = ["payment-schedules", ...MONEY_MOVED] as const;

export const paymentScheduleEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/payment-schedules",
    summary: "List payment schedules",
    tag,
    access: rule("list"),
    query: ScheduleQuery,
    answer: { page: PaymentSchedule },
  }),
  upcoming: endpoint({
    method: "GET",
    path: "/payment-schedules/upcoming",
    summary: "List the scheduled payments of the next days",
    tag,
    access: rule("list"),
    query: z.object({
      days: z.coerce.number().int("days must be a whole number").min(1, "days must be at least 1").max(31, "days must be at most 31").default(UPCOMING_DAYS),
    }),
    answer: { one: z.array(UpcomingPayment) },
  }),
  show: endpoint({
    method: "GET",
    path: "/payment-schedules/:id",
    summary: "Get a payment schedule",
    tag,
    access: rule("show"),
    params: IdParams,
    answer: { one: PaymentScheduleDetails },
  }),
  create: endpoint({
    method: "POST",
    path: "/payment-schedules",
    summary: "Schedule a payment",
    description:
      "A one-off payment on a date, or recurring payments. With approvals on, the schedule waits for approval once (the amount of one payment is routed by the approval rules); each payment is then made on its day without another approval.",
    tag,
    access: rule("create"),
    changes: ["payment-schedules"],
    oneTimeCode: true,
    body: CreatePaymentSchedule,
    status: 201,
    answer: { one: PaymentScheduleDetails },
  }),
  update: endpoint({
    method: "PATCH",
    path: "/payment-schedules/:id",
    summary: "Change a payment schedule's amount or next date",
    tag,
    access: rule("edit"),
    changes: ["payment-schedules"],
    params: IdParams,
    body: UpdatePaymentSchedule,
    answer: { one: PaymentScheduleDetails },
  }),
  pause: endpoint({
    method: "POST",
    path: "/payment-schedules/:id/pause",
    summary: "Pause a payment schedule",
    tag,
    access: rule("edit"),
    changes: ["payment-schedules"],
    params: IdParams,
    answer: { one: PaymentScheduleDetails },
  }),
  resume: endpoint({
    method: "POST",
    path: "/payment-schedules/:id/resume",
    summary: "Resume a payment schedule",
    tag,
    access: rule("edit"),
    changes: CHANGES,
    params: IdParams,
    answer: { one: PaymentScheduleDetails },
  }),
  cancel: endpoint({
    method: "POST",
    path: "/payment-schedules/:id/cancel",
    summary: "Cancel a payment schedule",
    tag,
    access: rule("edit"),
    changes: ["payment-schedules"],
    params: IdParams,
    answer: { one: PaymentScheduleDetails },
  }),
};

const ep = paymentScheduleEndpoints;
const stateOptions = SCHEDULE_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] }));

export const paymentSchedules = defineResource<PaymentSchedule>({
  ...catalogEntry("payment-schedules"),
  title: "Scheduled payments",
  subtitle: "Payments made on a date or on a frequency, approved once",
  api: { list: ep.list, one: ep.show },
  schema: PaymentSchedule,
  access: { obj: "payment-schedules" },
  columns: [
    { field: "beneficiary.name", title: "Beneficiary" },
    { field: "amount.value", title: "Amount", render: "money", currencyField: "amount.currency", sort: "amount" },
    { field: "frequency_label", title: "Frequency", render: "frequency" },
    { field: "next_date", title: "Next date", render: "date", emptyText: "—", sort: "next_date" },
    { field: "state", title: "Status", render: "status", labels: STATE_LABELS, sort: "state" },
    { field: "id", title: "Action", render: "actions" },
  ],
  filters: [
    { field: "keyword", kind: "search", param: "keyword", placeholder: "Search by beneficiary" },
    { field: "state", kind: "multi", param: "state", label: "Status", options: stateOptions },
    {
      field: "kind",
      kind: "select",
      param: "kind",
      label: "Type",
      options: [
        { value: "bank", label: "Bank payments", feature: "fiat" },
        { value: "stablecoin", label: "Stablecoin sends", feature: "crypto" },
      ],
    },
  ],
  actions: [
    { key: "pause", label: "Pause", endpoint: ep.pause, states: ["ACTIVE"], confirm: "Pause the payments to {beneficiary.name}?" },
    { key: "resume", label: "Resume", endpoint: ep.resume, states: ["PAUSED"] },
    {
      key: "cancel",
      label: "Cancel schedule",
      endpoint: ep.cancel,
      states: ["PENDING_APPROVAL", "ACTIVE", "PAUSED"],
      confirm: "Cancel the payments to {beneficiary.name}?",
      confirmBody: "No further payment is made. Payments already made are not affected.",
      danger: true,
    },
  ],
  editComponent: "payment-schedule-edit",
  editStates: ["ACTIVE", "PAUSED"],
  showComponent: "payment-schedule",
  pageSize: 10,
  empty: { title: "No scheduled payments", body: "Schedule a payment from Send money or Send stablecoins: once on a date, or every week, month or quarter." },
  emptyFiltered: { title: "No scheduled payments match", body: "Try other filters." },
  errorMessage: "Scheduled payments could not be loaded",
  recordTitle: (s) => `${s.frequency_label} to ${s.beneficiary.name}`,
});
