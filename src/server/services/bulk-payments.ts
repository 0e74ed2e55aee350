/**
 * Bulk payments: every row of an uploaded file checked (with a per-row preview before submitting),
 * then one batch of payments from one account. With maker-checker on, the batch total is held as one
 * amount behind one BATCH_PAYMENT approval request; approval releases it — the one hold becomes one
 * hold per payment, in the same transaction — and the payments go to the rails like any other.
 */
import type { FxProvider } from "../providers/fx/provider.ts";
import { and, asc, count, desc, eq, gte, inArray, notInArray } from "drizzle-orm";
import { requestApproval } from "./request-approval.ts";
import type { z } from "zod";
import { approvalRequests, batchPayments, beneficiaries, businesses, transactions, accounts, users } from "../db/schema/index.ts";
import type { Queryable, Tx } from "../db/client.ts";
import { badRequest, notFound, type FieldError } from "../../lib/errors.ts";
import { amountProblem, formatMinor, parseMajor } from "../../lib/money.ts";
import { BeneficiaryInput } from "../../../resources/beneficiaries.ts";
import { DESTINATIONS, type DestinationType } from "../../../resources/beneficiary-destinations.ts";
import type { BulkPayment, BulkPaymentRequest } from "../../../resources/bulk-payments.ts";
import { MAX_AMOUNT, voidPending } from "../ledger/ledger.ts";
import { isUuid, offsetOf, orderOf, paged, type PageQuery } from "../db/paging.ts";
import type { Sort } from "../../../resources/list-query.ts";
import type { BULK_PAYMENT_SORTS } from "../../../resources/bulk-payments.ts";
import type { ServiceContext } from "./context.ts";
import { columnsOf } from "./beneficiaries.ts";
import { batchGuard } from "./payee-protection.ts";
import { feeOf, holdPayment } from "./payments.ts";
import { bankingView, insertTransaction, newReference } from "./transactions.ts";
import { forgetCounts } from "./transaction-counts.ts";

type Account = typeof accounts.$inferSelect;
type Request = z.output<typeof BulkPaymentRequest>;
type Beneficiary = typeof beneficiaries.$inferSelect;

/** A row after checking: what it pays, or why it cannot. */
export type CheckedRow = {
  index: number;
  errors: FieldError[];
  warnings: FieldError[];
  beneficiary_name: string;
  destination_type: string;
  amount: string | null;
  fee: string | null;
  reference: string;
};
type Payable = { amount: bigint; fee: bigint; reference: string; beneficiary: Beneficiary | null; fresh: z.output<typeof BeneficiaryInput> | null };

/** Where BeneficiaryInput reports a problem -> the CSV column a person fixes. */
function columnOf(path: PropertyKey[]): string {
  if (path[0] === "name") return "beneficiary_name";
  if (path[0] === "kind") return "beneficiary_kind";
  if (path[0] === "details" && path[1] === "type") return "destination_type";
  if (path[0] === "details" && path[1] === "details") return String(path[2]);
  return String(path[0]);
}

export async function findAccount(q: Queryable, businessId: string, id: string) {
  const [account] = isUuid(id)
    ? await q
        .select()
        .from(accounts)
        .where(and(eq(accounts.id, id), eq(accounts.businessId, businessId)))
    : [];
  if (!account) throw notFound("Account not found");
  if (account.state !== "ACTIVE") throw badRequest("This account cannot send payments yet");
  return account;
}

/** How far back a payment of the same amount to the same beneficiary is flagged as a possible duplicate. */
export const DUPLICATE_WINDOW_DAYS = 30;

/**
 * Every row checked before anything is held (issue 28 item 4), each with all its reasons: the
 * beneficiary (a saved one, or new details through the beneficiary schema: IBAN, BIC, routing and
 * account numbers by their rules), the amount, the currency (a `currency` cell must be the
 * account's), and duplicates. A row repeating an earlier good row of the file (same beneficiary,
 * amount and reference) is an error: the file would pay twice. A payment of the same amount to the
 * same beneficiary in the last 30 days is a warning only: monthly payroll and retainers repeat
 * within 30 days (31 January, 28 February), so refusing them would refuse ordinary files.
 */
/** The business's active beneficiaries in this currency whose destination is one of these (a file's new details may be a saved payee's). */
function savedWithDetails(q: Queryable, businessId: string, currency: string, destinationKeys: string[]): Promise<Beneficiary[]> {
  if (!destinationKeys.length) return Promise.resolve([]);
  return q
    .select()
    .from(beneficiaries)
    .where(
      and(
        eq(beneficiaries.businessId, businessId),
        eq(beneficiaries.state, "ACTIVE"),
        eq(beneficiaries.currency, currency),
        inArray(beneficiaries.destinationKey, destinationKeys),
      ),
    );
}

async function checkRows(q: Queryable, businessId: string, account: Account, rows: Request["rows"], now = new Date()) {
  const ids = rows.map((r) => (r.beneficiary_id ?? "").trim()).filter(isUuid);
  const saved = ids.length
    ? await q
        .select()
        .from(beneficiaries)
        .where(and(eq(beneficiaries.businessId, businessId), eq(beneficiaries.state, "ACTIVE"), inArray(beneficiaries.id, ids)))
    : [];
  const byId = new Map(saved.map((b) => [b.id, b]));
  const checked: CheckedRow[] = [];
  const payable: Payable[] = [];
  const fresh: (z.output<typeof BeneficiaryInput> | null)[] = [];
  // First pass: each row on its own.
  const drafts = rows.map((raw, index) => {
    const cell = (k: string) => (raw[k] ?? "").trim();
    const errors: FieldError[] = [];
    const amountError = amountProblem(cell("amount"), account.currency);
    const amount = amountError ? null : parseMajor(cell("amount"), account.currency);
    if (amountError) errors.push({ path: "amount", message: amountError });
    else if (amount! > MAX_AMOUNT) errors.push({ path: "amount", message: "Amount is too large" });
    const currency = cell("currency").toUpperCase();
    if (currency && currency !== account.currency)
      errors.push({ path: "currency", message: `This row pays in ${currency}; the account pays in ${account.currency}` });
    if (cell("reference").length > 35) errors.push({ path: "reference", message: "Reference must be at most 35 characters" });
    let beneficiary: Beneficiary | null = null;
    let input: Payable["fresh"] = null;
    if (cell("beneficiary_id")) {
      beneficiary = byId.get(cell("beneficiary_id")) ?? null;
      if (beneficiary?.type !== "FIAT") errors.push({ path: "beneficiary_id", message: "Beneficiary not found" });
      else if (beneficiary.currency !== account.currency)
        errors.push({ path: "beneficiary_id", message: `This beneficiary is paid in ${beneficiary.currency}, not ${account.currency}` });
    } else {
      const parsed = BeneficiaryInput.safeParse({
        type: "FIAT",
        name: cell("beneficiary_name"),
        kind: cell("beneficiary_kind").toUpperCase() || "BUSINESS",
        currency: account.currency,
        details: { type: cell("destination_type").toUpperCase(), details: Object.fromEntries(Object.keys(raw).map((k) => [k, cell(k)])) },
      });
      if (parsed.success) input = parsed.data;
      else
        for (const issue of parsed.error.issues)
          errors.push({ path: columnOf(issue.path), message: issue.path[0] === "name" ? "Beneficiary name is required" : issue.message });
    }
    fresh.push(input);
    return { index, cell, errors, amount, beneficiary, input };
  });
  // New details that are a saved beneficiary's: the same beneficiary, for both duplicate checks.
  const keys = [...new Set(fresh.filter((f) => f !== null).map((f) => columnsOf(f).destinationKey))];
  const known = await savedWithDetails(q, businessId, account.currency, keys);
  const byKey = new Map(known.map((b) => [b.destinationKey, b]));
  const payeeOf = (d: (typeof drafts)[number]) =>
    d.beneficiary?.type === "FIAT" ? d.beneficiary : d.input ? (byKey.get(columnsOf(d.input).destinationKey) ?? null) : null;
  // The last 30 days' payments (not failed or cancelled) in this currency to the file's beneficiaries, from any account.
  const payeeIds = [...new Set(drafts.map(payeeOf).flatMap((b) => (b ? [b.id] : [])))];
  const since = new Date(now.getTime() - DUPLICATE_WINDOW_DAYS * 86_400_000);
  const recent = payeeIds.length
    ? await q
        .select({
          beneficiaryId: transactions.beneficiaryId,
          amount: transactions.sendingAmount,
          createdAt: transactions.createdAt,
          reference: transactions.reference,
        })
        .from(transactions)
        .where(
          and(
            eq(transactions.businessId, businessId),
            eq(transactions.rail, "fiat"),
            eq(transactions.direction, "outbound"),
            eq(transactions.sendingCurrency, account.currency),
            inArray(transactions.beneficiaryId, payeeIds),
            gte(transactions.createdAt, since),
            notInArray(transactions.state, ["FAILED", "CANCELLED"]),
          ),
        )
        .orderBy(desc(transactions.createdAt))
    : [];
  const paidBefore = new Map<string, (typeof recent)[number]>();
  for (const r of recent) {
    const k = `${r.beneficiaryId}|${r.amount}`;
    if (!paidBefore.has(k)) paidBefore.set(k, r);
  }
  // Second pass: duplicates, then what each row pays.
  const seen = new Set<string>();
  for (const d of drafts) {
    const { cell, errors, amount, beneficiary, input, index } = d;
    const warnings: FieldError[] = [];
    const payee = payeeOf(d);
    const destination = payee ? `beneficiary:${payee.id}` : input ? `new:${columnsOf(input).destinationKey}` : null;
    const key = destination && amount !== null ? `${destination}|${amount}|${cell("reference").toLowerCase()}` : null;
    if (key && seen.has(key)) errors.push({ path: "row", message: "Duplicate of an earlier row of this file: the same beneficiary, amount and reference" });
    if (payee && amount !== null) {
      const before = paidBefore.get(`${payee.id}|${amount}`);
      if (before)
        warnings.push({
          path: "amount",
          message: `Possible duplicate: ${payee.name} was paid ${formatMinor(amount, account.currency)} ${account.currency} on ${before.createdAt.toISOString().slice(0, 10)} (${before.reference})`,
        });
    }
    const type = (beneficiary?.destinationType ?? input?.details.type ?? cell("destination_type").toUpperCase()) as DestinationType;
    const fee = DESTINATIONS[type] ? feeOf({ destinationType: type }) : null;
    checked.push({
      index,
      errors,
      warnings,
      beneficiary_name: beneficiary?.name ?? cell("beneficiary_name"),
      destination_type: DESTINATIONS[type]?.label ?? cell("destination_type"),
      amount: amount !== null && amount > 0n ? amount.toString() : null,
      fee: fee?.toString() ?? null,
      reference: cell("reference"),
    });
    if (!errors.length) {
      if (key) seen.add(key);
      payable.push({ amount: amount!, fee: fee!, reference: cell("reference"), beneficiary, fresh: input });
    }
  }
  return { checked, payable };
}

/** A saved beneficiary with these details, or a new one (the file's details become a beneficiary). */
async function beneficiaryFor(tx: Tx, businessId: string, userId: string, p: Payable): Promise<Beneficiary> {
  if (p.beneficiary) return p.beneficiary;
  const input = p.fresh!;
  const cols = columnsOf(input);
  const [existing] = await savedWithDetails(tx, businessId, input.currency, [cols.destinationKey]);
  if (existing) return existing;
  const [row] = await tx
    .insert(beneficiaries)
    .values({
      businessId,
      createdBy: userId,
      type: "FIAT",
      name: input.name,
      friendlyName: input.friendly_name,
      kind: input.kind,
      currency: input.currency,
      ...cols,
    })
    .returning();
  return row;
}

const TOTAL_TOO_LARGE = "The file's total is too large for one bulk payment. Split it into smaller files";

type BatchRow = typeof batchPayments.$inferSelect;
type Progress = BulkPayment["progress"];

function stateOf(b: BatchRow, p: Progress): string {
  if (b.decision !== "RELEASED") return b.decision;
  if (p.in_progress > 0) return "PROCESSING";
  if (p.failed === 0) return "COMPLETED";
  return p.completed === 0 ? "FAILED" : "PARTIALLY_COMPLETED";
}

async function progressOf(q: Queryable, batchIds: string[]) {
  const rows = batchIds.length
    ? await q
        .select({ batchId: transactions.batchId, state: transactions.state, n: count() })
        .from(transactions)
        .where(inArray(transactions.batchId, batchIds))
        .groupBy(transactions.batchId, transactions.state)
    : [];
  const out = new Map<string, Progress>(batchIds.map((id) => [id, { completed: 0, failed: 0, cancelled: 0, in_progress: 0 }]));
  for (const r of rows) {
    const p = out.get(r.batchId!)!;
    const n = Number(r.n);
    if (r.state === "COMPLETED") p.completed += n;
    else if (r.state === "FAILED") p.failed += n;
    else if (r.state === "CANCELLED") p.cancelled += n;
    else p.in_progress += n;
  }
  return out;
}

const view = (b: BatchRow, p: Progress): BulkPayment => ({
  id: b.id,
  reference: b.reference,
  state: stateOf(b, p),
  source_account_id: b.sourceAccountId,
  currency: b.currency,
  total_amount: b.totalAmount.toString(),
  total_fees: b.totalFees.toString(),
  total_recipients: b.paymentCount,
  file_name: b.fileName,
  created_date: b.createdAt.toISOString(),
  progress: p,
});

/** Approval: the batch's one hold becomes one hold per payment; the payments go on to the rails. */
export async function releaseBatch(tx: Tx, batchId: string, approverId: string, now: Date) {
  const [b] = await tx.select().from(batchPayments).where(eq(batchPayments.id, batchId)).for("update");
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, b.sourceAccountId));
  await voidPending(tx, b.holdTransferId!);
  const payments = await tx.select().from(transactions).where(eq(transactions.batchId, b.id)).orderBy(asc(transactions.batchPosition));
  for (const t of payments) {
    const holdId = await holdPayment(tx, account, t.sendingAmount + t.feeAmount, `transaction:${t.id}`);
    await tx
      .update(transactions)
      .set({ state: "PENDING", holdTransferId: holdId, approverUserId: approverId, approvedAt: now })
      .where(eq(transactions.id, t.id));
  }
  await tx.update(batchPayments).set({ decision: "RELEASED" }).where(eq(batchPayments.id, b.id));
  forgetCounts(b.businessId);
}

/** Rejection: the held total is released and no payment of the batch is made. */
export async function cancelBatch(tx: Tx, batchId: string, approverId: string, now: Date) {
  const [b] = await tx.select().from(batchPayments).where(eq(batchPayments.id, batchId)).for("update");
  await voidPending(tx, b.holdTransferId!);
  await tx
    .update(transactions)
    .set({ state: "CANCELLED", approverUserId: approverId, approvedAt: now, completedAt: now })
    .where(eq(transactions.batchId, b.id));
  await tx.update(batchPayments).set({ decision: "CANCELLED" }).where(eq(batchPayments.id, b.id));
  forgetCounts(b.businessId);
}

export function bulkPaymentService({ db }: ServiceContext, deps: { fx: FxProvider }) {
  return {
    /** The per-row preview: each row's payment or its errors, and the totals of the good rows. */
    async check(businessId: string, input: Request) {
      const account = await findAccount(db, businessId, input.source_account_id);
      const { checked, payable } = await checkRows(db, businessId, account, input.rows);
      const total = payable.reduce((s, p) => s + p.amount, 0n);
      const fees = payable.reduce((s, p) => s + p.fee, 0n);
      const problem = total + fees > MAX_AMOUNT ? TOTAL_TOO_LARGE : null;
      return {
        rows: checked,
        valid: payable.length === checked.length && !problem,
        problem,
        currency: account.currency,
        total_amount: total.toString(),
        total_fees: fees.toString(),
      };
    },

    /** Runs inside the caller's transaction (the Idempotency-Key's). A file with any bad row pays nothing. */
    async submit(tx: Tx, businessId: string, userId: string, input: Request) {
      const account = await findAccount(tx, businessId, input.source_account_id);
      const { checked, payable } = await checkRows(tx, businessId, account, input.rows);
      // Payee protection (issue 29): a saved payee in its cooling period is not paid around it through a file.
      const guard = await batchGuard(
        tx,
        businessId,
        payable.map((p) => p.beneficiary ?? { currency: p.fresh!.currency, destinationKey: columnsOf(p.fresh!).destinationKey }),
      );
      const bad = checked.filter((r) => r.errors.length);
      if (bad.length) {
        throw badRequest(
          `${bad.length} of ${checked.length} rows have errors. Fix them and upload the file again`,
          bad.flatMap((r) => r.errors.map((e) => ({ path: `rows.${r.index}.${e.path}`, message: e.message }))),
        );
      }
      const [business] = await tx.select({ approvalRequired: businesses.approvalRequired }).from(businesses).where(eq(businesses.id, businessId));
      const total = payable.reduce((s, p) => s + p.amount, 0n);
      const fees = payable.reduce((s, p) => s + p.fee, 0n);
      if (total + fees > MAX_AMOUNT) throw badRequest(TOTAL_TOO_LARGE);
      const batchId = crypto.randomUUID();
      const reference = newReference().replace("TXN-", "BULK-");
      const holdId = business.approvalRequired ? await holdPayment(tx, account, total + fees, `batch:${batchId}`) : null;
      const [batch] = await tx
        .insert(batchPayments)
        .values({
          id: batchId,
          businessId,
          reference,
          sourceAccountId: account.id,
          currency: account.currency,
          totalAmount: total,
          totalFees: fees,
          paymentCount: payable.length,
          fileName: input.file_name,
          decision: business.approvalRequired ? "PENDING_APPROVAL" : "RELEASED",
          holdTransferId: holdId,
          initiatorUserId: userId,
        })
        .returning();
      for (const [position, p] of payable.entries()) {
        const b = await beneficiaryFor(tx, businessId, userId, p);
        const id = crypto.randomUUID();
        const ownHold = business.approvalRequired ? null : await holdPayment(tx, account, p.amount + p.fee, `transaction:${id}`);
        await insertTransaction(tx, {
          id,
          businessId,
          rail: "fiat",
          type: "TRANSFER",
          direction: "outbound",
          state: business.approvalRequired ? "PENDING_APPROVAL" : "PENDING",
          ownerKind: "account",
          ownerId: account.id,
          sendingAmount: p.amount,
          sendingCurrency: account.currency,
          destinationAmount: p.amount,
          destinationCurrency: account.currency,
          feeAmount: p.fee,
          feeCurrency: account.currency,
          beneficiaryId: b.id,
          counterparty: { name: b.name, type: "FIAT", details: { ...b.bankDetails, destination_type: b.destinationType } },
          description: p.reference ? `Bulk payment ${reference}: ${p.reference}` : `Bulk payment ${reference}`,
          clientReference: p.reference || null,
          initiatorUserId: userId,
          holdTransferId: ownHold,
          batchId,
          batchPosition: position,
        });
      }
      if (business.approvalRequired) {
        await requestApproval(tx, deps.fx, {
          ...guard,
          businessId,
          entityType: "BATCH_PAYMENT",
          entityId: batchId,
          scope: "bulk",
          amount: total,
          currency: account.currency,
          requesterUserId: userId,
          dataFields: {
            total_recipients: { content: String(payable.length) },
            beneficiary_name: { content: `${payable.length} recipients` },
            destination_type: { content: "Bulk payment" },
          },
        });
      }
      const progress = (await progressOf(tx, [batchId])).get(batchId)!;
      return view(batch, progress);
    },

    async list(businessId: string, q: PageQuery & { sort?: Sort<(typeof BULK_PAYMENT_SORTS)[number]> }) {
      const where = eq(batchPayments.businessId, businessId);
      const by = {
        created_date: batchPayments.createdAt,
        reference: batchPayments.reference,
        amount: batchPayments.totalAmount,
        recipients: batchPayments.paymentCount,
      };
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(batchPayments)
          .where(where)
          .orderBy(...orderOf(q.sort, by, batchPayments.id, [desc(batchPayments.createdAt), desc(batchPayments.id)]))
          .limit(q.limit)
          .offset(offsetOf(q)),
        db.select({ n: count() }).from(batchPayments).where(where),
      ]);
      const progress = await progressOf(
        db,
        rows.map((r) => r.id),
      );
      return paged(
        rows.map((r) => view(r, progress.get(r.id)!)),
        Number(total.n),
        q,
      );
    },

    /** One batch with each of its payments (a file holds at most MAX_BULK_ROWS). */
    async get(businessId: string, id: string) {
      const [b] = isUuid(id)
        ? await db
            .select()
            .from(batchPayments)
            .where(and(eq(batchPayments.id, id), eq(batchPayments.businessId, businessId)))
        : [];
      if (!b) throw notFound("Bulk payment not found");
      // A batch has one approval request, whatever its state.
      const [progress, payments, [approval]] = await Promise.all([
        progressOf(db, [b.id]),
        db.select().from(transactions).where(eq(transactions.batchId, b.id)).orderBy(asc(transactions.batchPosition)),
        db
          .select({ id: approvalRequests.id, state: approvalRequests.state, reason: approvalRequests.decisionReason })
          .from(approvalRequests)
          .where(eq(approvalRequests.entityId, b.id)),
      ]);
      const [initiator] = await db.select({ email: users.email }).from(users).where(eq(users.id, b.initiatorUserId));
      const pending = approval?.state === "PENDING" ? approval : undefined;
      // Why it was rejected, when its approver said (issue 26).
      const rejection_reason = approval?.state === "REJECTED" ? approval.reason : null;
      return {
        ...view(b, progress.get(b.id)!),
        payments: payments.map(bankingView),
        approval_request_id: pending?.id ?? null,
        rejection_reason,
        initiator: { email: initiator?.email ?? null },
      };
    },
  };
}
