/**
 * SPEC issue: a deposit into an invoice's receiving account whose reference is the invoice number
 * pays the invoice, fully or in part. Runs inside the deposit's own transaction, so the deposit and
 * what it paid are committed together or not at all; the invoice row is locked while it is updated.
 */
import { and, eq, sql } from "drizzle-orm";
import { emitEvent } from "./webhooks.ts";
import { invoicePayments, invoices } from "../db/schema/index.ts";
import type { Tx } from "../db/client.ts";
import { emails } from "./emails.ts";
import { exactMoney } from "../../lib/money.ts";
import { notify } from "./notifications.ts";

export type InvoiceDeposit = { accountId: string; reference: string; amount: bigint; currency: string; transactionId: string; at: Date };

/** Returns the invoice number paid, or null when the deposit names no open invoice of that account. */
export async function applyInvoicePayment(tx: Tx, d: InvoiceDeposit): Promise<string | null> {
  // People type references loosely: case and surrounding spaces do not matter.
  const number = d.reference.trim().toUpperCase();
  if (!number) return null;
  const [inv] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.accountId, d.accountId), eq(invoices.state, "OPEN"), eq(sql`upper(${invoices.number})`, number), eq(invoices.currency, d.currency)))
    .for("update");
  if (!inv) return null;
  await tx.insert(invoicePayments).values({ invoiceId: inv.id, transactionId: d.transactionId, amount: d.amount, createdAt: d.at });
  const paid = inv.totalPaid + d.amount;
  const fully = paid >= inv.totalPayable;
  await tx
    .update(invoices)
    .set({ totalPaid: paid, ...(fully ? { state: "PAID", paidAt: d.at } : {}), updatedAt: d.at })
    .where(eq(invoices.id, inv.id));
  await emitEvent(tx, inv.businessId, "invoice.paid", {
    id: inv.id,
    number: inv.number,
    transaction_id: d.transactionId,
    amount: { value: d.amount.toString(), currency: d.currency },
    fully_paid: fully,
  });
  await notify(tx, inv.businessId, "invoice_payments", (to, f) => emails.invoicePaid(to, inv.number!, exactMoney(d.amount, d.currency, f), fully, f));
  return inv.number;
}
