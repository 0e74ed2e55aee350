/**
 * How an invoice reads (SPEC §3 Invoice): the stored row, its settings and its receiving account
 * turned into the public view (what the recipient may see) and the member's view (plus ids and
 * payments). Overdue and partly paid are derived here, at read time, from the due date and amounts.
 */
import { formatMinor } from "../../lib/money.ts";
import { todayUtc } from "../../lib/dates.ts";
import { depositFields, DEPOSIT_TYPE_LABELS } from "../../lib/deposit-labels.ts";
import type { Invoice, PublicInvoice } from "../../../resources/invoices.ts";
import type { accounts, invoices } from "../db/schema/index.ts";
import { memberLogoUrl, type SettingsFacts } from "./invoice-settings.ts";

export type InvoiceRow = typeof invoices.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;
export type InvoicePaymentRow = { transactionId: string; amount: bigint; createdAt: Date };

/** The account's deposit details as the payer reads them, with the invoice number as the reference. */
export function paymentInstructions(inv: InvoiceRow, account: AccountRow | null): PublicInvoice["payment_instructions"] {
  if (!account || account.depositAddresses.length === 0) return null;
  const lines: { label: string; value: string }[] = [];
  const seen = new Set<string>();
  for (const address of account.depositAddresses) {
    for (const [label, value] of depositFields(account.currency, address.data)) {
      if (seen.has(`${label}:${value}`)) continue;
      seen.add(`${label}:${value}`);
      lines.push({ label, value });
    }
  }
  if (inv.number) lines.push({ label: "Reference", value: inv.number });
  const rails = [...new Set(account.depositAddresses.map((a) => DEPOSIT_TYPE_LABELS[a.type] ?? a.type))].join(" or ");
  return {
    title: `Pay by ${rails} in ${inv.currency}`,
    notes: inv.number
      ? `Use ${inv.number} as the payment reference so that your payment is matched to this invoice.`
      : "The payment reference is the invoice number, given when the invoice is issued.",
    lines,
  };
}

export const isOverdue = (inv: InvoiceRow, today = todayUtc()) => inv.state === "OPEN" && inv.dueDate < today;

export function publicInvoiceView(inv: InvoiceRow, settings: SettingsFacts, businessName: string, account: AccountRow | null): PublicInvoice {
  const paid = inv.totalPaid;
  // A void invoice asks for nothing more; an overpaid one is not owed a refund here.
  const pending = inv.state !== "VOID" && inv.totalPayable > paid ? inv.totalPayable - paid : 0n;
  return {
    reference: inv.reference,
    number: inv.number,
    state: inv.state as PublicInvoice["state"],
    due_date: inv.dueDate,
    currency: inv.currency,
    description: inv.description,
    terms: inv.terms,
    notes: inv.notes,
    billing_information: inv.billingInformation,
    business_information: {
      name: businessName,
      address: settings.businessAddress ?? null,
      logo:
        settings.includeLogoInHeader && settings.hasLogo
          ? `/api/public/invoicing/invoices/${inv.reference}/logo?v=${settings.logoUpdatedAt?.getTime() ?? 0}`
          : null,
    },
    items: inv.items.map((item, i) => {
      const t = inv.totals.items[i];
      return {
        id: item.id,
        name: item.name,
        description: item.description,
        quantity: item.quantity,
        unit_price: item.unit_price,
        total_amount: t?.total_amount ?? "0",
        discount_amount: t?.discount_amount ?? "0",
        tax_amount: t?.tax_amount ?? "0",
        discount: item.discount,
        tax: item.tax,
      };
    }),
    discount: inv.discount ?? null,
    tax: inv.tax ?? null,
    shipping_amount: inv.shippingAmount.toString(),
    totals: {
      line_items_sub_total_after_discounts: inv.totals.line_items_sub_total_after_discounts,
      line_items_tax_amount: inv.totals.line_items_tax_amount,
      total_line_items_discount_amount: inv.totals.total_line_items_discount_amount,
      invoice_level_discount_amount: inv.totals.invoice_level_discount_amount,
      invoice_level_tax_amount: inv.totals.invoice_level_tax_amount,
      total_discount_amount: inv.totals.total_discount_amount,
      total_tax_amount: inv.totals.total_tax_amount,
      total_amount_payable: inv.totalPayable.toString(),
      total_amount_paid: paid.toString(),
      total_amount_pending: pending.toString(),
    },
    payment_instructions: inv.state === "DRAFT" || inv.state === "OPEN" || inv.state === "PAID" ? paymentInstructions(inv, account) : null,
    is_partially_paid: inv.state === "OPEN" && paid > 0n,
    is_overdue: isOverdue(inv),
    total_line_items: inv.items.length,
    timestamps: { issued_at: inv.issuedAt?.toISOString() ?? null },
  };
}

export function invoiceView(
  inv: InvoiceRow,
  settings: SettingsFacts,
  businessName: string,
  account: AccountRow | null,
  payments: InvoicePaymentRow[],
  publicUrl: string,
): Invoice {
  const base = publicInvoiceView(inv, settings, businessName, account);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    ...base,
    id: inv.id,
    customer_id: inv.customerId,
    account_id: inv.accountId,
    public_url: inv.state === "DRAFT" ? null : `${publicUrl.replace(/\/$/, "")}/public/apps/invoices/${inv.reference}`,
    // Members read the logo through their own route: the public one answers only for published
    // invoices, so a draft's preview showed a broken image (issue 26).
    business_information: { ...base.business_information, logo: base.business_information.logo && memberLogoUrl(settings.logoUpdatedAt) },
    items: base.items.map((item, i) => ({ ...item, product_id: inv.items[i].product_id })),
    payments: payments.map((p) => ({ transaction_id: p.transactionId, amount: p.amount.toString(), date: p.createdAt.toISOString() })),
    timestamps: {
      created_at: inv.createdAt.toISOString(),
      issued_at: iso(inv.issuedAt),
      sent_at: iso(inv.sentAt),
      paid_at: iso(inv.paidAt),
      voided_at: iso(inv.voidedAt),
      payment_notified_at: iso(inv.paymentNotifiedAt),
    },
    created_date: inv.createdAt.toISOString(),
  };
}

/** "1,250.00 USD" for emails and the PDF. */
export const amountText = (minor: bigint | string, currency: string) => `${formatMinor(minor, currency)} ${currency}`;
