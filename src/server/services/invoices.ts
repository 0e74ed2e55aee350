/**
 * Invoices (SPEC §3 Invoice, §4 states): drafts are edited freely; issuing assigns the number under
 * the settings row's lock and opens the invoice; sending emails the recipient the public link;
 * voiding is for invoices nothing has been paid against. Totals come from src/lib/invoice-totals.ts
 * and are stored with the invoice. Every query is scoped to the caller's business.
 */
import { setAuditSubject } from "../lib/audit-unit.ts";
import { randomBytes, randomUUID } from "node:crypto";
import { emitEvent } from "./webhooks.ts";
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, like, lt, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { accounts, businesses, customers, invoicePayments, invoices, products } from "../db/schema/index.ts";
import type { Queryable, Tx } from "../db/client.ts";
import { badRequest, conflict, notFound, type FieldError } from "../../lib/errors.ts";
import { invoiceTotals, itemTotals, storedTotals } from "../../lib/invoice-totals.ts";
import { numberStem, type NumberingStrategy } from "../../lib/invoice-numbering.ts";
import { todayUtc } from "../../lib/dates.ts";
import type { InvoiceInput } from "../../../resources/invoices.ts";
import { isUuid, likePattern, offsetOf, orderOf, paged, textKey, type PageQuery } from "../db/paging.ts";
import type { Sort } from "../../../resources/list-query.ts";
import type { INVOICE_SORTS } from "../../../resources/invoices.ts";
import { enqueueMail } from "../providers/mail/outbox.ts";
import { emails } from "./emails.ts";
import { settingsFacts, settingsOf } from "./invoice-settings.ts";
import { notify } from "./notifications.ts";
import { mailAllowed } from "./mail-limits.ts";
import { amountText, invoiceView, publicInvoiceView, type InvoiceRow } from "./invoice-view.ts";
import { exactMoney } from "../../lib/money.ts";
import { invoicePdfs } from "./invoice-documents.ts";
import type { ServiceContext } from "./context.ts";

type Input = z.output<typeof InvoiceInput>;
export type InvoiceFilter = PageQuery & { keyword?: string; state?: string; sort?: Sort<(typeof INVOICE_SORTS)[number]> };

/** 144 random bits: a reference names one invoice and cannot be guessed or walked. */
const newReference = () => randomBytes(18).toString("base64url");
/** The same recipient is told of a payment notice at most once in this window. */
const NOTICE_QUIET_MS = 10 * 60_000;

export function invoiceService({ db, config }: ServiceContext) {
  const pdfs = invoicePdfs(db);
  async function find(q: Queryable, businessId: string, id: string, lock = false) {
    const query = q
      .select()
      .from(invoices)
      .where(and(eq(invoices.businessId, businessId), eq(invoices.id, id)));
    const [row] = isUuid(id) ? (lock ? await query.for("update") : await query) : [];
    if (!row) throw notFound("Invoice not found");
    return row;
  }

  async function byReference(q: Queryable, reference: string, lock = false) {
    // Drafts are not published: their reference answers like one that does not exist.
    const query = q
      .select()
      .from(invoices)
      .where(and(eq(invoices.reference, reference), sql`${invoices.state} <> 'DRAFT'`));
    const [row] = /^[A-Za-z0-9_-]{16,64}$/.test(reference) ? (lock ? await query.for("update") : await query) : [];
    if (!row) throw notFound("Invoice not found");
    return row;
  }

  async function context(q: Queryable, row: InvoiceRow) {
    // One after another: inside a transaction they share one connection.
    const settings = await settingsFacts(q, row.businessId);
    const [business] = await q.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, row.businessId));
    const [account] = await q.select().from(accounts).where(eq(accounts.id, row.accountId));
    return { settings, businessName: business.name, account: account ?? null };
  }

  async function view(q: Queryable, row: InvoiceRow) {
    const c = await context(q, row);
    const payments = await q.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, row.id)).orderBy(asc(invoicePayments.createdAt));
    return invoiceView(row, c.settings, c.businessName, c.account, payments, config.publicUrl);
  }

  /** Checks what the schema cannot (ownership, currencies, amounts against each other) and prices the invoice. */
  async function priced(q: Queryable, businessId: string, input: Input) {
    const errors: FieldError[] = [];
    const [account] = await q
      .select()
      .from(accounts)
      .where(and(eq(accounts.businessId, businessId), eq(accounts.id, input.account_id), isNull(accounts.parentAccountId)));
    if (!account) errors.push({ path: "account_id", message: "Receiving account not found" });
    else if (account.currency !== input.currency) errors.push({ path: "account_id", message: `The receiving account must hold ${input.currency}` });
    else if (account.state !== "ACTIVE" || account.depositAddresses.length === 0)
      errors.push({ path: "account_id", message: "The receiving account cannot receive payments yet" });
    if (input.customer_id) {
      const [c] = await q
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.businessId, businessId), eq(customers.id, input.customer_id), sql`${customers.state} <> 'DELETED'`));
      if (!c) errors.push({ path: "customer_id", message: "Customer not found" });
    }
    const productIds = [...new Set(input.items.map((i) => i.product_id).filter((id): id is string => Boolean(id)))];
    const found = productIds.length
      ? await q
          .select()
          .from(products)
          .where(and(eq(products.businessId, businessId), inArray(products.id, productIds), isNull(products.deletedAt)))
      : [];
    input.items.forEach((item, i) => {
      if (item.product_id) {
        const p = found.find((f) => f.id === item.product_id);
        if (!p) errors.push({ path: `items.${i}.product_id`, message: "Product not found" });
        else if (p.currency !== input.currency) errors.push({ path: `items.${i}.product_id`, message: `${p.name} is priced in ${p.currency}` });
      }
      const t = itemTotals(item);
      if (item.discount?.type === "fixed" && BigInt(item.discount.fixed_amount) > t.gross_amount)
        errors.push({ path: `items.${i}.discount.fixed_amount`, message: "Discount cannot exceed the item amount" });
      if (item.tax?.method === "fixed" && item.tax.behaviour === "inclusive" && BigInt(item.tax.tax_amount) > t.sub_total_after_discount) {
        errors.push({ path: `items.${i}.tax.tax_amount`, message: "Included tax cannot exceed the item amount" });
      }
    });
    const totals = invoiceTotals(input);
    const lines = totals.items.reduce((s, i) => s + i.total_amount, 0n);
    if (input.discount?.type === "fixed" && BigInt(input.discount.fixed_amount) > lines)
      errors.push({ path: "discount.fixed_amount", message: "Discount cannot exceed the items' total" });
    if (input.tax?.method === "fixed" && input.tax.behaviour === "inclusive" && BigInt(input.tax.tax_amount) > lines - totals.invoice_level_discount_amount) {
      errors.push({ path: "tax.tax_amount", message: "Included tax cannot exceed the invoice amount" });
    }
    if (!errors.length && totals.total_amount_payable <= 0n) errors.push({ path: "items", message: "The invoice total must be greater than zero" });
    if (!errors.length && totals.total_amount_payable > 10n ** 15n) errors.push({ path: "items", message: "The invoice total is too large" });
    if (errors.length) throw badRequest(errors[0].message, errors);
    return totals;
  }

  function values(input: Input, totals: ReturnType<typeof invoiceTotals>) {
    return {
      customerId: input.customer_id ?? null,
      accountId: input.account_id,
      currency: input.currency,
      dueDate: input.due_date,
      description: input.description,
      notes: input.notes,
      terms: input.terms,
      billingInformation: {
        name: input.billing_information.name,
        email: input.billing_information.email.toLowerCase(),
        address: input.billing_information.address ?? null,
      },
      items: input.items.map((i) => ({
        id: randomUUID(),
        product_id: i.product_id ?? null,
        name: i.name,
        description: i.description,
        quantity: i.quantity,
        unit_price: i.unit_price,
        discount: i.discount ?? null,
        tax: i.tax ?? null,
      })),
      discount: input.discount ?? null,
      tax: input.tax ?? null,
      shippingAmount: BigInt(input.shipping_amount),
      totals: storedTotals(totals),
      totalPayable: totals.total_amount_payable,
    };
  }

  /** DRAFT -> OPEN with the next number of the strategy's period. `at` backdates (demo seed only). */
  async function issueIn(tx: Tx, row: InvoiceRow, at: Date) {
    if (row.state !== "DRAFT") throw conflict("Only draft invoices can be issued");
    if (row.dueDate < todayUtc(at))
      throw badRequest("Due date cannot be before the issue date", [{ path: "due_date", message: "Due date cannot be before the issue date" }]);
    const s = await settingsOf(tx, row.businessId, true);
    const stem = numberStem(s.prefix, s.numberingStrategy as NumberingStrategy, at);
    const [last] = await tx
      // The count's position is a literal: a text parameter would select substring(text from pattern), the regex form.
      .select({ n: sql<string | null>`max(substring(${invoices.number} from ${sql.raw(String(stem.length + 1))})::bigint)` })
      .from(invoices)
      .where(and(eq(invoices.businessId, row.businessId), like(invoices.number, `${stem}%`), sql`${invoices.number} ~ ${`^${stem}[0-9]+$`}`));
    const next = Number(last?.n ?? 0) + 1;
    const [issued] = await tx
      .update(invoices)
      .set({ state: "OPEN", number: `${stem}${String(next).padStart(4, "0")}`, issuedAt: at, updatedAt: at })
      .where(eq(invoices.id, row.id))
      .returning();
    await emitEvent(tx, row.businessId, "invoice.issued", {
      id: issued.id,
      number: issued.number,
      amount: { value: issued.totalPayable.toString(), currency: issued.currency },
      due_date: issued.dueDate,
    });
    return issued;
  }

  return {
    async list(businessId: string, f: InvoiceFilter) {
      const today = todayUtc();
      const stateWhere =
        f.state === "PARTIALLY_PAID"
          ? and(eq(invoices.state, "OPEN"), gt(invoices.totalPaid, 0n))
          : f.state === "OVERDUE"
            ? and(eq(invoices.state, "OPEN"), lt(invoices.dueDate, today))
            : f.state
              ? eq(invoices.state, f.state)
              : undefined;
      const keyword = f.keyword ? likePattern(f.keyword) : undefined;
      const where = and(
        eq(invoices.businessId, businessId),
        stateWhere,
        keyword
          ? or(
              ilike(invoices.number, keyword),
              ilike(sql`${invoices.billingInformation}->>'name'`, keyword),
              ilike(sql`${invoices.billingInformation}->>'email'`, keyword),
            )
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(invoices)
          .where(where)
          .orderBy(
            ...orderOf(
              f.sort,
              {
                created_date: invoices.createdAt,
                number: invoices.number,
                customer: textKey(sql`${invoices.billingInformation}->>'name'`),
                amount: invoices.totalPayable,
                due_date: invoices.dueDate,
                state: invoices.state,
              },
              invoices.id,
              [desc(invoices.createdAt), desc(invoices.id)],
            ),
          )
          .limit(f.limit)
          .offset(offsetOf(f)),
        db.select({ n: count() }).from(invoices).where(where),
      ]);
      // One read of the settings, the business and the rows' accounts serves the page (lists carry no payments).
      const [settings, [business], accts] = await Promise.all([
        settingsFacts(db, businessId),
        db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, businessId)),
        rows.length
          ? db
              .select()
              .from(accounts)
              .where(inArray(accounts.id, [...new Set(rows.map((r) => r.accountId))]))
          : [],
      ]);
      const views = rows.map((r) => invoiceView(r, settings, business.name, accts.find((a) => a.id === r.accountId) ?? null, [], config.publicUrl));
      return paged(views, Number(total.n), f);
    },

    get: async (businessId: string, id: string) => view(db, await find(db, businessId, id)),

    async create(businessId: string, createdBy: string | null, input: Input, opts: { issue?: boolean; at?: Date } = {}) {
      return db.transaction(async (tx) => {
        // The settings row (made here if absent) is locked first: a numbering change checks "no
        // invoice yet" under the same lock, so it and this first invoice cannot both go through.
        await settingsOf(tx, businessId, true);
        const totals = await priced(tx, businessId, input);
        const at = opts.at ?? new Date();
        let [row] = await tx
          .insert(invoices)
          .values({ businessId, reference: newReference(), createdBy, createdAt: at, updatedAt: at, ...values(input, totals) })
          .returning();
        if (opts.issue) row = await issueIn(tx, row, at);
        return view(tx, row);
      });
    },

    async update(businessId: string, id: string, input: Input) {
      return db.transaction(async (tx) => {
        const row = await find(tx, businessId, id, true);
        if (row.state !== "DRAFT") throw conflict("Only draft invoices can be edited");
        const totals = await priced(tx, businessId, input);
        const [updated] = await tx
          .update(invoices)
          .set({ ...values(input, totals), updatedAt: new Date() })
          .where(eq(invoices.id, id))
          .returning();
        return view(tx, updated);
      });
    },

    async issue(businessId: string, id: string, opts: { at?: Date } = {}) {
      return db.transaction(async (tx) => view(tx, await issueIn(tx, await find(tx, businessId, id, true), opts.at ?? new Date())));
    },

    /** Emails the recipient the public link (issuing a draft first). */
    async send(businessId: string, id: string) {
      return db.transaction(async (tx) => {
        let row = await find(tx, businessId, id, true);
        if (row.state === "DRAFT") row = await issueIn(tx, row, new Date());
        if (row.state !== "OPEN") throw conflict("Only open invoices can be sent");
        const v = await view(tx, row);
        await enqueueMail(
          tx,
          emails.invoice(
            row.billingInformation.email,
            v.business_information.name,
            row.number!,
            amountText(row.totalPayable, row.currency),
            row.dueDate,
            v.public_url!,
          ),
        );
        const [sent] = await tx.update(invoices).set({ sentAt: new Date(), updatedAt: new Date() }).where(eq(invoices.id, id)).returning();
        return { ...v, timestamps: { ...v.timestamps, sent_at: sent.sentAt!.toISOString() } };
      });
    },

    async void(businessId: string, id: string) {
      return db.transaction(async (tx) => {
        const row = await find(tx, businessId, id, true);
        if (row.state !== "DRAFT" && row.state !== "OPEN") throw conflict(`A ${row.state.toLowerCase()} invoice cannot be voided`);
        if (row.totalPaid > 0n) throw conflict("An invoice with payments cannot be voided");
        const [voided] = await tx.update(invoices).set({ state: "VOID", voidedAt: new Date(), updatedAt: new Date() }).where(eq(invoices.id, id)).returning();
        return view(tx, voided);
      });
    },

    async pdf(businessId: string, id: string) {
      const row = await find(db, businessId, id);
      const c = await context(db, row);
      return {
        fileName: `${row.number ?? "draft-invoice"}.pdf`,
        bytes: await pdfs.render(publicInvoiceView(row, c.settings, c.businessName, c.account), row.businessId),
      };
    },

    async getPublic(reference: string) {
      const row = await byReference(db, reference);
      const c = await context(db, row);
      return publicInvoiceView(row, c.settings, c.businessName, c.account);
    },

    async publicPdf(reference: string) {
      const row = await byReference(db, reference);
      const c = await context(db, row);
      return { fileName: `${row.number}.pdf`, bytes: await pdfs.render(publicInvoiceView(row, c.settings, c.businessName, c.account), row.businessId) };
    },

    /** PDFs rendered rather than served from the cache, in this process: tests read it, no route does. */
    pdfRenderCount: () => pdfs.renders(),

    /** The logo shown on the public page: only when the business puts it in the invoice header. */
    async publicLogo(reference: string) {
      const row = await byReference(db, reference);
      const s = await settingsOf(db, row.businessId);
      if (!s.logo || !s.includeLogoInHeader) throw notFound("This invoice has no logo");
      return { bytes: s.logo, contentType: s.logoContentType ?? "application/octet-stream" };
    },

    /**
     * 'I've made the payment': tells the business, at most once per quiet window per invoice and within
     * each recipient's cap across invoices (services/mail-limits.ts); the invoice records the notice either way.
     */
    async notifyPayment(reference: string) {
      return db.transaction(async (tx) => {
        const row = await byReference(tx, reference, true);
        if (row.state === "PAID") throw conflict("This invoice has already been paid");
        if (row.state !== "OPEN") throw conflict("This invoice is no longer accepting payments.");
        const now = new Date();
        const quiet = row.paymentNotifiedAt && now.getTime() - row.paymentNotifiedAt.getTime() < NOTICE_QUIET_MS;
        if (!quiet) {
          await notify(
            tx,
            row.businessId,
            "invoice_payments",
            (to, f) =>
              emails.invoicePaymentNotice(to, row.number!, row.billingInformation.name, exactMoney(row.totalPayable - row.totalPaid, row.currency, f), f),
            (to) => mailAllowed(tx, "invoice_payment_notice", to, now),
          );
        }
        await tx
          .update(invoices)
          .set({ paymentNotifiedAt: quiet ? row.paymentNotifiedAt : now, paymentNotifications: row.paymentNotifications + 1 })
          .where(eq(invoices.id, row.id));
        // Said by whoever holds the invoice's link: the log names the customer it was issued to.
        setAuditSubject({ businessId: row.businessId, userId: null, email: row.billingInformation.email, via: "public" });
      });
    },
  };
}
