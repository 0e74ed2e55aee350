/**
 * Invoices (SPEC §3 Invoice, Item, Item discount, Item tax, Totals, Payment instruction; §2 routes;
 * §4 states). Amounts are strings of integer minor units of the invoice's currency; totals are
 * computed by src/lib/invoice-totals.ts on the server (stored) and in the form (live).
 *
 * API (paths the SPEC does not show, in its style):
 *   GET/POST /invoicing/invoices, GET/PUT /invoicing/invoices/:id (PUT: drafts only),
 *   POST /invoicing/invoices/:id/issue | /send | /void, GET /invoicing/invoices/:id/download (PDF),
 *   public: GET /public/invoicing/invoices/:reference, .../download, .../logo, POST .../payment-notification.
 */
import { z } from "zod";
import { catalogEntry } from "./catalog.ts";
import { defineResource } from "./define-resource.ts";
import { endpoint, IdParams } from "./define-endpoint.ts";
import { PageQuery } from "./page-query.ts";
import { sortParam } from "./list-query.ts";
import { FIAT_CURRENCIES } from "../src/lib/assets.ts";
import { rateBps } from "../src/lib/invoice-totals.ts";
import { isCalendarDay } from "../src/lib/dates.ts";
import { MinorUnits } from "./money.ts";

export const INVOICE_STATES = ["DRAFT", "OPEN", "PAID", "VOID"] as const;
/** List filters beyond the stored states: open invoices partly paid, or past their due date. */
export const INVOICE_FILTER_STATES = [...INVOICE_STATES, "PARTIALLY_PAID", "OVERDUE"] as const;
export const MAX_INVOICE_ITEMS = 100;
/** Beyond what one ledger transfer moves (10^15): refused at the door. */
const MAX_MINOR = 10n ** 15n;

const text = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`);
const required = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A non-negative whole number of minor units, as a digit string or a safe integer; sent on as a string. */
export const MinorString = (label: string) =>
  z.union([z.string(), z.number()], { error: `${label} is required` }).transform((v, ctx) => {
    const s = typeof v === "number" ? (Number.isSafeInteger(v) ? String(v) : "x") : v.trim();
    if (!/^\d{1,16}$/.test(s) || BigInt(s) > MAX_MINOR) {
      ctx.addIssue({ code: "custom", message: `${label} must be a whole number of minor units (e.g. 1050 for 10.50)` });
      return z.NEVER;
    }
    return BigInt(s).toString();
  });

/** A percentage between 0 and 100 with at most two decimals, sent on as its canonical text ("7.5"). */
const Rate = (label: string) =>
  z.union([z.string(), z.number()], { error: `${label} is required` }).transform((v, ctx) => {
    const bps = rateBps(typeof v === "number" ? String(v) : v);
    if (bps === null) {
      ctx.addIssue({ code: "custom", message: `${label} must be a percentage between 0 and 100 with at most 2 decimals` });
      return z.NEVER;
    }
    return String(bps / 100);
  });

export const Discount = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("fixed"), fixed_amount: MinorString("Discount amount"), reason: text(200, "Reason").optional().default("") }),
    z.object({ type: z.literal("percentage"), percentage_rate: Rate("Discount rate"), reason: text(200, "Reason").optional().default("") }),
  ],
  { error: "Discount type must be fixed or percentage" },
);

const taxCommon = {
  type: z.enum(["STANDARD", "ZERO_RATED", "EXEMPT"], { error: "Tax type must be STANDARD, ZERO_RATED or EXEMPT" }).default("STANDARD"),
  behaviour: z.enum(["inclusive", "exclusive"], { error: "Tax behaviour must be inclusive or exclusive" }),
  exemption_reason: text(200, "Exemption reason").optional().default(""),
};
export const Tax = z
  .discriminatedUnion(
    "method",
    [
      z.object({ method: z.literal("percentage"), percentage_rate: Rate("Tax rate"), ...taxCommon }),
      z.object({ method: z.literal("fixed"), tax_amount: MinorString("Tax amount"), ...taxCommon }),
    ],
    { error: "Tax method must be percentage or fixed" },
  )
  .refine((t) => t.type !== "EXEMPT" || t.exemption_reason.length > 0, { message: "Exemption reason is required", path: ["exemption_reason"] });

export const InvoiceItemInput = z.object({
  product_id: z.string().uuid("Invalid product").nullable().optional(),
  name: required("Item name"),
  description: text(500, "Item description").optional().default(""),
  quantity: z.coerce
    .number({ error: "Quantity is required" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .max(1_000_000, "Quantity must be at most 1,000,000"),
  unit_price: MinorString("Unit price"),
  discount: Discount.nullable().optional(),
  tax: Tax.nullable().optional(),
});

/** SPEC §3 billing address (state_province); line_1 is labelled Address. */
export const BillingAddress = z.object({
  line_1: required("Address"),
  city: required("City", 100),
  state_province: required("State", 100),
  postal_code: text(20, "Postal code").optional().default(""),
  country: z
    .string({ error: "Country is required" })
    .trim()
    .length(2, "Country is required")
    .transform((v) => v.toUpperCase()),
});

export const InvoiceInput = z.object({
  customer_id: z.string().uuid("Invalid customer").nullable().optional(),
  billing_information: z.object(
    {
      name: required("Customer name"),
      email: z.string({ error: "Customer email is required" }).trim().min(1, "Customer email is required").pipe(z.email("Customer email is invalid").max(200)),
      address: BillingAddress.nullable().optional(),
    },
    { error: "Billing information is required" },
  ),
  currency: z.enum(FIAT_CURRENCIES, { error: "Currency is required" }),
  /** The account the customer pays into; its deposit details are the payment instructions. */
  account_id: z.string({ error: "Receiving account is required" }).uuid("Receiving account is required"),
  due_date: z.string({ error: "Due date is required" }).refine(isCalendarDay, "Due date must be a date (YYYY-MM-DD)"),
  description: text(500, "Description").optional().default(""),
  items: z
    .array(InvoiceItemInput, { error: "Add at least one item" })
    .min(1, "Add at least one item")
    .max(MAX_INVOICE_ITEMS, `An invoice has at most ${MAX_INVOICE_ITEMS} items`),
  discount: Discount.nullable().optional(),
  tax: Tax.nullable().optional(),
  shipping_amount: MinorString("Shipping amount").optional().default("0"),
  notes: text(2000, "Notes").optional().default(""),
  terms: text(2000, "Terms").optional().default(""),
});
export type InvoiceInput = z.input<typeof InvoiceInput>;

const Amount = MinorUnits;
const AddressOut = z.object({ line_1: z.string(), city: z.string(), state_province: z.string(), postal_code: z.string(), country: z.string() });
export const InvoiceTotalsView = z.object({
  line_items_sub_total_after_discounts: Amount,
  line_items_tax_amount: Amount,
  total_line_items_discount_amount: Amount,
  invoice_level_discount_amount: Amount,
  invoice_level_tax_amount: Amount,
  total_discount_amount: Amount,
  total_tax_amount: Amount,
  total_amount_payable: Amount,
  total_amount_paid: Amount,
  total_amount_pending: Amount,
});
export const PaymentInstruction = z.object({ title: z.string(), notes: z.string(), lines: z.array(z.object({ label: z.string(), value: z.string() })) });
/** A discount as stored and shown (src/lib/invoice-totals.ts DiscountSpec): the amount or the rate, by its type. */
const DiscountView = z.object({
  type: z.enum(["fixed", "percentage"]),
  fixed_amount: MinorUnits.nullable().optional(),
  percentage_rate: z.string().nullable().optional(),
  reason: z.string().nullable().optional(),
});
/** A tax as stored and shown (src/lib/invoice-totals.ts TaxSpec). */
const TaxView = z.object({
  method: z.enum(["percentage", "fixed"]),
  percentage_rate: z.string().nullable().optional(),
  tax_amount: MinorUnits.nullable().optional(),
  type: z.enum(["STANDARD", "ZERO_RATED", "EXEMPT"]),
  behaviour: z.enum(["inclusive", "exclusive"]),
  exemption_reason: z.string().nullable().optional(),
});

const publicInvoiceShape = {
  reference: z.string(),
  number: z.string().nullable(),
  state: z.enum(INVOICE_STATES),
  due_date: z.string(),
  currency: z.string(),
  description: z.string(),
  terms: z.string(),
  notes: z.string(),
  billing_information: z.object({ name: z.string(), email: z.string(), address: AddressOut.nullable() }),
  business_information: z.object({ name: z.string(), address: AddressOut.nullable(), logo: z.string().nullable() }),
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      quantity: z.number(),
      unit_price: Amount,
      total_amount: Amount,
      discount_amount: Amount,
      tax_amount: Amount,
      discount: DiscountView.nullable(),
      tax: TaxView.nullable(),
    }),
  ),
  discount: DiscountView.nullable(),
  tax: TaxView.nullable(),
  shipping_amount: Amount,
  totals: InvoiceTotalsView,
  payment_instructions: PaymentInstruction.nullable(),
  is_partially_paid: z.boolean(),
  is_overdue: z.boolean(),
  total_line_items: z.number(),
  timestamps: z.object({ issued_at: z.string().nullable() }),
};

/** What the public page (and its PDF) shows: the invoice, with nothing else of the business. */
export const PublicInvoice = z.object(publicInvoiceShape).meta({ id: "PublicInvoice" });
export type PublicInvoice = z.infer<typeof PublicInvoice>;

export const Invoice = z
  .object({
    ...publicInvoiceShape,
    id: z.string(),
    customer_id: z.string().nullable(),
    account_id: z.string().nullable(),
    /** The page the recipient opens (present once issued). */
    public_url: z.string().nullable(),
    items: z.array(publicInvoiceShape.items.element.extend({ product_id: z.string().nullable() })),
    payments: z.array(z.object({ transaction_id: z.string(), amount: Amount, date: z.string() })),
    timestamps: z.object({
      created_at: z.string(),
      issued_at: z.string().nullable(),
      sent_at: z.string().nullable(),
      paid_at: z.string().nullable(),
      voided_at: z.string().nullable(),
      payment_notified_at: z.string().nullable(),
    }),
    created_date: z.string(),
  })
  .meta({ id: "Invoice" });
export type Invoice = z.infer<typeof Invoice>;

/** Tags beside an OPEN invoice's state (list rows, details header). */
export const INVOICE_FLAGS = [
  { field: "is_partially_paid", label: "Partially paid", color: "blue" },
  { field: "is_overdue", label: "Overdue", color: "red" },
];

const stateOptions = [
  { value: "DRAFT", label: "Draft" },
  { value: "OPEN", label: "Open" },
  { value: "PARTIALLY_PAID", label: "Partially paid" },
  { value: "OVERDUE", label: "Overdue" },
  { value: "PAID", label: "Paid" },
  { value: "VOID", label: "Void" },
];

/** The invoices list's orders: creation (the default, newest first), number, customer, amount payable (as a number), due date, state. */
export const INVOICE_SORTS = ["created_date", "number", "customer", "amount", "due_date", "state"] as const;
const InvoiceListQuery = PageQuery.extend({
  sort: sortParam(INVOICE_SORTS, "-created_date"),
  keyword: z.string().trim().max(100).optional(),
  state: z.enum(INVOICE_FILTER_STATES, { error: `state must be one of ${INVOICE_FILTER_STATES.join(", ")}` }).optional(),
});

/** Reads need the invoicing feature; writes need invoices_write too (policies/policy.csv, object "invoices"). */
const invoiceRule = (act: string) => ({ obj: "invoices", act });
const tag = "invoicing";
export const invoiceEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/invoicing/invoices",
    summary: "List invoices",
    tag,
    access: invoiceRule("list"),
    query: InvoiceListQuery,
    answer: { page: Invoice },
  }),
  create: endpoint({
    method: "POST",
    path: "/invoicing/invoices",
    summary: "Create an invoice",
    tag,
    access: invoiceRule("create"),
    changes: ["invoices"],
    body: InvoiceInput,
    status: 201,
    answer: { one: Invoice },
  }),
  show: endpoint({
    method: "GET",
    path: "/invoicing/invoices/:id",
    summary: "Get an invoice",
    tag,
    access: invoiceRule("show"),
    params: IdParams,
    answer: { one: Invoice },
  }),
  /** Drafts only. */
  update: endpoint({
    method: "PUT",
    path: "/invoicing/invoices/:id",
    summary: "Update an invoice",
    tag,
    access: invoiceRule("edit"),
    changes: ["invoices"],
    params: IdParams,
    body: InvoiceInput,
    answer: { one: Invoice },
  }),
  issue: endpoint({
    method: "POST",
    path: "/invoicing/invoices/:id/issue",
    summary: "Issue an invoice",
    tag,
    access: invoiceRule("edit"),
    changes: ["invoices"],
    params: IdParams,
    answer: { one: Invoice },
  }),
  send: endpoint({
    method: "POST",
    path: "/invoicing/invoices/:id/send",
    summary: "Send an invoice to the customer",
    tag,
    access: invoiceRule("edit"),
    params: IdParams,
    answer: { one: Invoice },
  }),
  void: endpoint({
    method: "POST",
    path: "/invoicing/invoices/:id/void",
    summary: "Void an invoice",
    tag,
    access: invoiceRule("edit"),
    params: IdParams,
    answer: { one: Invoice },
  }),
  download: endpoint({
    method: "GET",
    path: "/invoicing/invoices/:id/download",
    summary: "Download an invoice PDF",
    tag,
    access: invoiceRule("show"),
    params: IdParams,
    answer: { file: ["application/pdf"] },
  }),
};

/** The public invoice page's key: the invoice's unguessable reference. */
const ReferenceParams = z.object({ reference: z.string().max(100) });
const publicRule = (act: string) => ({ obj: "public-invoices", act });
/** SPEC §7 Public: no sign-in; the reference reaches that one invoice, nothing else of the business. */
export const publicInvoiceEndpoints = {
  show: endpoint({
    method: "GET",
    path: "/public/invoicing/invoices/:reference",
    summary: "Get a public invoice by reference",
    tag: "public",
    access: publicRule("show"),
    params: ReferenceParams,
    answer: { one: PublicInvoice },
  }),
  download: endpoint({
    method: "GET",
    path: "/public/invoicing/invoices/:reference/download",
    summary: "Download a public invoice PDF",
    tag: "public",
    access: publicRule("show"),
    params: ReferenceParams,
    answer: { file: ["application/pdf"] },
  }),
  logo: endpoint({
    method: "GET",
    path: "/public/invoicing/invoices/:reference/logo",
    summary: "Get a public invoice's business logo",
    tag: "public",
    access: publicRule("show"),
    params: ReferenceParams,
    answer: { file: ["image/png", "image/jpeg", "image/svg+xml"] },
  }),
  notifyPayment: endpoint({
    method: "POST",
    path: "/public/invoicing/invoices/:reference/payment-notification",
    summary: "Tell the business a public invoice was paid",
    tag: "public",
    access: publicRule("notify"),
    params: ReferenceParams,
    answer: { none: true },
  }),
};

export const invoices = defineResource<Invoice>({
  ...catalogEntry("invoices"),
  title: "Invoices",
  subtitle: "Bill your customers and get paid into your accounts",
  api: { list: invoiceEndpoints.list, one: invoiceEndpoints.show, create: invoiceEndpoints.create, update: invoiceEndpoints.update },
  schema: Invoice,
  create: InvoiceInput,
  access: { obj: "invoices" },
  columns: [
    { field: "number", title: "Invoice Number", sort: "number" },
    { field: "billing_information.name", title: "Customer", sort: "customer" },
    { field: "totals.total_amount_payable", title: "Amount", render: "money", currencyField: "currency", sort: "amount" },
    { field: "due_date", title: "Due Date", render: "date", sort: "due_date" },
    { field: "state", title: "Status", render: "status", flags: INVOICE_FLAGS, sort: "state" },
    { field: "id", title: "Action", render: "actions" },
  ],
  filters: [
    { field: "keyword", kind: "search", param: "keyword", placeholder: "Search by number or customer" },
    { field: "state", kind: "select", param: "state", label: "Status", options: stateOptions },
  ],
  actions: [
    { key: "issue", label: "Issue", endpoint: invoiceEndpoints.issue, states: ["DRAFT"] },
    {
      key: "send",
      label: "Send to customer",
      endpoint: invoiceEndpoints.send,
      states: ["DRAFT", "OPEN"],
    },
    {
      key: "void",
      label: "Void",
      endpoint: invoiceEndpoints.void,
      states: ["DRAFT", "OPEN"],
      when: { is_partially_paid: ["false"] },
      confirm: "Are you sure you want to void this invoice?",
      danger: true,
    },
  ],
  createOpens: "page",
  /** Bespoke screens (src/app/pages/invoices/): the create page, the details page, a draft's editor. */
  createComponent: "invoice-create",
  showComponent: "invoice-details",
  editComponent: "invoice-edit",
  /** Only a draft can change (PUT refuses others). */
  editStates: ["DRAFT"],
  pageSize: 10,
  createLabel: "Create invoice",
  createSuccess: "Invoice created successfully",
  empty: { title: "No Invoices", body: "You have not created any invoice yet" },
  emptyFiltered: { title: "No Invoices", body: "No invoices match your filters or search query" },
  errorMessage: "Error fetching invoice",
  recordTitle: (i) => i.number ?? "Draft invoice",
});
