/**
 * FX settlements (SPEC §2 Settlements list / Settlement details, §3 FX settlement / Settlement
 * payment, §5 Report modal, §7): a customer's converting payments accrue into the business's
 * settlement of that currency pair and day; it is OPEN until the day ends, then SETTLED.
 */
import { z } from "zod";
import { isCalendarDay } from "../src/lib/dates.ts";
import { catalogEntry } from "./catalog.ts";
import { defineResource } from "./define-resource.ts";
import { lockedUntilVerified } from "./define-screen.ts";
import { endpoint, IdParams } from "./define-endpoint.ts";
import { DAY_RANGE_MESSAGE, inDayRange, listOf, sortParam } from "./list-query.ts";
import { PageQuery } from "./page-query.ts";
import { MinorUnits } from "./money.ts";

export const SETTLEMENT_STATES = ["OPEN", "SETTLED"] as const;
export const SETTLEMENT_PAYMENT_STATES = ["PENDING", "PENDING_APPROVAL", "PROCESSING", "COMPLETED"] as const;

const Totals = z.object({ total_source_amount: MinorUnits, total_settlement_amount: MinorUnits, total_payments: z.number().int() });

/** SPEC §3 FX settlement: the end of the period and the settled amount are null while OPEN. */
export const Settlement = z
  .object({
    id: z.string(),
    reference: z.string(),
    state: z.enum(SETTLEMENT_STATES),
    period_start_date: z.string(),
    period_end_date: z.string().nullable(),
    source_currency: z.string(),
    settlement_currency: z.string(),
    total_source_amount: MinorUnits,
    total_settlement_amount: MinorUnits.nullable(),
    current_status: Totals,
  })
  .meta({ id: "Settlement" });
export type Settlement = z.infer<typeof Settlement>;

const SettlementCustomer = z.object({ name: z.string(), account_number: z.string() });

/** SPEC §3 Settlement payment. */
export const SettlementPayment = z
  .object({
    id: z.string(),
    reference: z.string(),
    created_date: z.string(),
    description: z.string(),
    customer: SettlementCustomer,
    sending_amount: MinorUnits,
    sending_currency: z.string(),
    destination_amount: MinorUnits,
    destination_currency: z.string(),
    fx_rate: z.string().nullable(),
    billing_currency: z.string(),
    state: z.string(),
  })
  .meta({ id: "SettlementPayment" });
export type SettlementPayment = z.infer<typeof SettlementPayment>;

/**
 * An adjustment line (issue 26): a payment of a settled period that stopped counting (failed,
 * rejected: a REVERSAL) or counts again (retried: a REINSTATEMENT), landed in the open settlement of
 * its pair so the settled one's totals never change. Amounts are the payment's, signed.
 */
export const SettlementAdjustment = z
  .object({
    id: z.string(),
    created_date: z.string(),
    kind: z.enum(["REVERSAL", "REINSTATEMENT"]),
    reason: z.string(),
    payment: z.object({ id: z.string(), reference: z.string(), description: z.string(), state: z.string() }),
    settled_in: z.object({ id: z.string(), reference: z.string() }),
    customer: SettlementCustomer,
    sending_amount: MinorUnits,
    sending_currency: z.string(),
    destination_amount: MinorUnits,
    destination_currency: z.string(),
  })
  .meta({ id: "SettlementAdjustment" });
export type SettlementAdjustment = z.infer<typeof SettlementAdjustment>;
export const ADJUSTMENT_KIND_LABELS: Record<SettlementAdjustment["kind"], string> = { REVERSAL: "Reversal", REINSTATEMENT: "Reinstatement" };

const day = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine(isCalendarDay, `${label} must be a date (YYYY-MM-DD)`);

/** SPEC §5 Report modal: From and To required (and in order); a customer is optional. */
export const SettlementReportForm = z
  .object({ customer_id: z.string().optional(), from: day("From"), to: day("To") })
  .refine((v) => v.from <= v.to, { path: ["from"], message: "Date from cannot be greater than date to" });
export type SettlementReportForm = z.input<typeof SettlementReportForm>;

/** A day of a list filter or the report: YYYY-MM-DD, within the days the database stores. */
const filterDay = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .refine(isCalendarDay, { message: `${label} must be a date (YYYY-MM-DD)`, abort: true })
    .refine(inDayRange, `${label} ${DAY_RANGE_MESSAGE}`);
const ordered = <T extends { from?: string; to?: string }>(s: z.ZodType<T>) =>
  s.refine((v) => !v.from || !v.to || v.from <= v.to, { path: ["from"], message: "Date from cannot be greater than date to" });

/** The settlements list's orders: by period (the default, latest first) or reference. */
export const SETTLEMENT_SORTS = ["period", "reference"] as const;
/** A settlement's payments and adjustment lines: by date (the default, newest first), source or destination amount (as numbers). */
export const SETTLEMENT_LINE_SORTS = ["created_date", "source_amount", "destination_amount"] as const;

const SettlementListQuery = ordered(
  PageQuery.extend({
    sort: sortParam(SETTLEMENT_SORTS, "-period"),
    keyword: z.string().trim().max(100).optional(),
    state: z.enum(SETTLEMENT_STATES, { error: "state must be OPEN or SETTLED" }).optional(),
    from: filterDay("Date from").optional(),
    to: filterDay("Date to").optional(),
  }),
);
/** `states` one or many (`states[]=A&states[]=B`, `states=A`, `states=A,B`); the dates become `from` and `to`. */
const SettlementPaymentsQuery = PageQuery.extend({
  sort: sortParam(SETTLEMENT_LINE_SORTS, "-created_date"),
  keyword: z.string().trim().max(100).optional(),
  states: listOf(z.enum(SETTLEMENT_PAYMENT_STATES, { error: "Unknown state" })).optional(),
  created_date_from: filterDay("Date from").optional(),
  created_date_to: filterDay("Date to").optional(),
})
  .refine((q) => !q.created_date_from || !q.created_date_to || q.created_date_from <= q.created_date_to, {
    path: ["created_date_from"],
    message: "Date from cannot be greater than date to",
  })
  .transform((q) => ({ ...q, from: q.created_date_from, to: q.created_date_to }));
const SettlementReportQuery = ordered(z.object({ from: filterDay("From"), to: filterDay("To"), customer_id: z.string().uuid("Unknown customer").optional() }));

const rule = (act: string) => ({ obj: "settlements", act });
const tag = "settlements";
/** SPEC §7 FX settlements: list, one, its payments, its adjustment lines, and its report (CSV download). */
export const settlementEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/settlements",
    summary: "List FX settlements",
    tag,
    access: rule("list"),
    query: SettlementListQuery,
    answer: { page: Settlement },
  }),
  show: endpoint({
    method: "GET",
    path: "/settlements/:id",
    summary: "Get an FX settlement",
    tag,
    access: rule("show"),
    params: IdParams,
    answer: { one: Settlement },
  }),
  payments: endpoint({
    method: "GET",
    path: "/settlements/:id/payments",
    summary: "List an FX settlement's payments",
    tag,
    access: rule("show"),
    params: IdParams,
    query: SettlementPaymentsQuery,
    answer: { page: SettlementPayment },
  }),
  /** The adjustment lines of a settlement (issue 26): changes to payments of settled periods, landed here. */
  adjustments: endpoint({
    method: "GET",
    path: "/settlements/:id/adjustments",
    summary: "List an FX settlement's adjustments",
    tag,
    access: rule("show"),
    params: IdParams,
    query: PageQuery.extend({ sort: sortParam(SETTLEMENT_LINE_SORTS, "-created_date") }),
    answer: { page: SettlementAdjustment },
  }),
  report: endpoint({
    method: "GET",
    path: "/settlements/:id/report",
    summary: "Download an FX settlement report",
    tag,
    access: rule("show"),
    params: IdParams,
    query: SettlementReportQuery,
    answer: { file: ["text/csv"] },
  }),
};

export const SETTLEMENT_STATE_LABELS: Record<string, string> = { OPEN: "Open", SETTLED: "Settled" };

export const settlements = defineResource<Settlement>({
  ...catalogEntry("settlements"),
  title: "Fx Settlements",
  subtitle: "Your customers' currency conversions, netted per currency pair and day",
  screens: { list: lockedUntilVerified, show: lockedUntilVerified },
  api: { list: settlementEndpoints.list, one: settlementEndpoints.show },
  schema: Settlement,
  access: { obj: "settlements" },
  columns: [
    { field: "period_start_date", title: "Period", render: "period", sort: "period" },
    { field: "reference", title: "Reference", sort: "reference" },
    { field: "total_source_amount", title: "Source Amount", render: "money", currencyField: "source_currency" },
    { field: "total_settlement_amount", title: "Settlement Amount", render: "moneyOrNA", currencyField: "settlement_currency" },
    { field: "state", title: "Status", render: "status" },
    { field: "id", title: "Action", render: "view" },
  ],
  filters: [
    { field: "keyword", kind: "search", param: "keyword", placeholder: "Search by reference" },
    {
      field: "state",
      kind: "select",
      param: "state",
      label: "Status",
      options: SETTLEMENT_STATES.map((s) => ({ value: s, label: SETTLEMENT_STATE_LABELS[s] })),
    },
    { field: "period", kind: "dateRange", params: ["from", "to"], label: "Date" },
  ],
  /** The tiles of the details page (SPEC §2 Settlement details); Avg Rate is not computed, so blank. */
  detail: [
    { field: "period_start_date", label: "Period", render: "period" },
    { field: "current_status.total_source_amount", label: "Source Amount", render: "money", currencyField: "source_currency" },
    { field: "total_settlement_amount", label: "Settlement Amount", render: "moneyOrNA", currencyField: "settlement_currency" },
    { field: "avg_rate", label: "Avg Rate", render: "blank" },
    { field: "current_status.total_payments", label: "Payments" },
    { field: "state", label: "Status", render: "status" },
  ],
  pageSize: 10,
  empty: { title: "No Fx Settlements", body: "No fx settlements have been initiated yet" },
  emptyFiltered: { title: "No Fx Settlements", body: "No transactions match your filters or search query" },
  errorMessage: "Error fetching Fx settlements",
  recordTitle: (s) => s.reference,
  showComponent: "settlement-details",
});

/**
 * A settlement's payments, listed on its details page (not a page of its own): `api.list` holds the
 * settlement's :id, which the details page fills in.
 */
export const settlementPayments = defineResource<SettlementPayment>({
  name: "settlement-payments",
  label: "Settlement payments",
  title: "Payments",
  subtitle: "The payments in this settlement",
  routes: { list: "/settlements/:id" },
  api: { list: settlementEndpoints.payments },
  schema: SettlementPayment,
  access: { obj: "settlements" },
  standalone: false,
  columns: [
    { field: "created_date", title: "Date", render: "datetime", sort: "created_date" },
    { field: "customer", title: "Customer", render: "customer" },
    { field: "sending_amount", title: "Source Amount", render: "money", currencyField: "sending_currency", sort: "source_amount" },
    { field: "destination_amount", title: "Destination Amount", render: "money", currencyField: "destination_currency", sort: "destination_amount" },
    { field: "fx_rate", title: "Rate", render: "rate", currencyField: "sending_currency", quoteCurrencyField: "destination_currency" },
  ],
  filters: [
    { field: "keyword", kind: "search", param: "keyword", placeholder: "Search by description or id" },
    {
      field: "states",
      kind: "multi",
      param: "states",
      label: "Status",
      options: SETTLEMENT_PAYMENT_STATES.map((s) => ({ value: s, label: s.charAt(0) + s.slice(1).toLowerCase().replace(/_/g, " ") })),
    },
    { field: "created_date", kind: "dateRange", params: ["created_date_from", "created_date_to"], label: "Date" },
  ],
  pageSize: 10,
  empty: { title: "No Payments", body: "No payments have been made in this settlement yet" },
  emptyFiltered: { title: "No Payments", body: "No transactions match your filters or search query" },
  errorMessage: "Error fetching settlement payments",
  recordTitle: (p) => p.reference,
});

/**
 * A settlement's adjustment lines, shown on its details page when it has any (the "Adjustment" column
 * is drawn by the page: the kind, the reason, the payment and the settled settlement it came from).
 */
export const settlementAdjustments = defineResource<SettlementAdjustment>({
  name: "settlement-adjustments",
  label: "Settlement adjustments",
  title: "Adjustments",
  subtitle: "Payments of settled periods that failed, were rejected or were retried since: counted here, so a settled period's totals never change",
  routes: { list: "/settlements/:id" },
  api: { list: settlementEndpoints.adjustments },
  schema: SettlementAdjustment,
  access: { obj: "settlements" },
  standalone: false,
  columns: [
    { field: "created_date", title: "Date", render: "datetime", sort: "created_date" },
    { field: "kind", title: "Adjustment" },
    { field: "customer", title: "Customer", render: "customer" },
    { field: "sending_amount", title: "Source Amount", render: "money", currencyField: "sending_currency", sort: "source_amount" },
    { field: "destination_amount", title: "Destination Amount", render: "money", currencyField: "destination_currency", sort: "destination_amount" },
  ],
  filters: [],
  pageSize: 10,
  empty: { title: "No Adjustments", body: "No payment of a settled period has changed since" },
  emptyFiltered: { title: "No Adjustments", body: "No payment of a settled period has changed since" },
  errorMessage: "Error fetching settlement adjustments",
  recordTitle: (a) => a.payment.reference,
});
