/**
 * Reading transactions: the filtered banking and crypto lists (SPEC §7), one transaction with every
 * detail of SPEC §3, its documents and its receipt. Always scoped to the caller's business.
 */
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import { accounts, approvalRequests, batchPayments, transactionDocuments, transactions, users, wallets } from "../db/schema/index.ts";
import { searchText } from "../db/schema/transactions.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { formatMinor } from "../../lib/money.ts";
import { renderPdf } from "../lib/pdf.ts";
import { isUuid, likePattern, offsetOf, paged, type PageQuery } from "../routes/paging.ts";
import type { ServiceContext } from "./context.ts";
import { bankingView, cryptoView, type TransactionRow } from "./transactions.ts";

type Common = PageQuery & { keyword?: string; states?: string[]; from?: Date; to?: Date; counterpartyIds?: string[]; cursor?: string };

/**
 * Keyset pagination: a cursor names the last row seen (its created_at as PostgreSQL prints it, with
 * microseconds, and its id), so the next page starts there instead of counting past every row before.
 */
const encodeCursor = (ts: string, id: string) => Buffer.from(`${ts}|${id}`).toString("base64url");
function decodeCursor(cursor: string): { ts: string; id: string } {
  const [ts, id] = Buffer.from(cursor, "base64url").toString().split("|");
  if (!ts || !id || !isUuid(id) || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:?\d{2})?$/.test(ts)) throw badRequest("cursor is invalid");
  return { ts, id };
}
export type BankingFilter = Common & { types?: string[]; onMaster?: boolean; onSub?: boolean };
export type CryptoFilter = Common & { types?: string[]; assetIds?: string[]; subWallets?: boolean; subWalletAsset?: string; subWalletBlockchain?: string };

const RECEIPT_STATES = ["COMPLETED", "PROCESSING"];

/**
 * Totals of a filtered list, kept a few seconds: paging through one list (or typing a search) must
 * not count a million rows on every request. A write in this process drops the business's totals;
 * other processes see new rows within COUNT_TTL_MS.
 */
const COUNT_TTL_MS = 10_000;
const counts = new Map<string, { n: number; at: number }>();
export function forgetCounts(businessId: string) {
  for (const key of counts.keys()) if (key.startsWith(`${businessId}|`)) counts.delete(key);
}
async function cachedCount(key: string, count: () => Promise<number>) {
  const hit = counts.get(key);
  if (hit && Date.now() - hit.at < COUNT_TTL_MS) return hit.n;
  const n = await count();
  if (counts.size > 5_000) counts.clear();
  counts.set(key, { n, at: Date.now() });
  return n;
}

export function transactionQueries({ db }: ServiceContext) {
  const common = (businessId: string, rail: string, f: Common): SQL[] => [
    eq(transactions.businessId, businessId),
    eq(transactions.rail, rail),
    ...(f.keyword
      ? [sql`${searchText} like ${likePattern(f.keyword.toLowerCase())}`]
      : []),
    ...(f.states?.length ? [inArray(transactions.state, f.states)] : []),
    ...(f.from ? [gte(transactions.createdAt, f.from)] : []),
    ...(f.to ? [lt(transactions.createdAt, f.to)] : []),
    ...(f.counterpartyIds?.length ? [inArray(transactions.beneficiaryId, f.counterpartyIds.filter(isUuid))] : []),
  ];

  /** One page, newest first. `ownerFilter` says whether the filters read the account or wallet row. */
  async function page(businessId: string, where: SQL[], q: Common, ownerFilter: boolean, view: (t: TransactionRow, owner: Owner) => object) {
    const c = q.cursor ? decodeCursor(q.cursor) : undefined;
    const seek = c ? [sql`(${transactions.createdAt}, ${transactions.id}) < (${c.ts}::timestamptz, ${c.id}::uuid)`] : [];
    const counted = db.select({ n: count() }).from(transactions);
    const { page: _p, limit: _l, cursor: _c, ...filters } = q;
    const countKey = `${businessId}|${view.name}|${JSON.stringify(filters)}`;
    const [rows, total] = await Promise.all([
      db
        .select({ t: transactions, ts: sql<string>`${transactions.createdAt}::text`, accountName: accounts.name, walletName: wallets.name, walletChain: wallets.blockchain })
        .from(transactions)
        .leftJoin(accounts, eq(accounts.id, transactions.ownerId))
        .leftJoin(wallets, eq(wallets.id, transactions.ownerId))
        .where(and(...where, ...seek))
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(q.limit)
        .offset(c ? 0 : offsetOf(q)),
      // Counting needs the owner rows only when a filter reads them.
      cachedCount(countKey, async () => {
        const [r] = await (ownerFilter
          ? counted.leftJoin(accounts, eq(accounts.id, transactions.ownerId)).leftJoin(wallets, eq(wallets.id, transactions.ownerId)).where(and(...where))
          : counted.where(and(...where)));
        return Number(r.n);
      }),
    ]);
    const last = rows[rows.length - 1];
    return {
      ...paged(rows.map((r) => view(r.t, { name: r.accountName ?? r.walletName ?? "", blockchain: r.walletChain })), total, q),
      next_cursor: rows.length === q.limit && last ? encodeCursor(last.ts, last.t.id) : null,
    };
  }

  async function find(businessId: string, rail: "fiat" | "crypto", id: string) {
    const [row] = isUuid(id)
      ? await db.select().from(transactions).where(and(eq(transactions.id, id), eq(transactions.businessId, businessId), eq(transactions.rail, rail)))
      : [];
    if (!row) throw notFound("Transaction not found");
    return row;
  }

  async function people(t: TransactionRow) {
    const ids = [t.initiatorUserId, t.approverUserId].filter((x): x is string => !!x);
    const found = ids.length ? await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids)) : [];
    const email = (id: string | null) => found.find((u) => u.id === id)?.email;
    return {
      initiator: t.initiatorUserId ? { email: email(t.initiatorUserId) } : null,
      approver: t.approverUserId ? { email: email(t.approverUserId), date: t.approvedAt?.toISOString() ?? null } : null,
    };
  }

  const documentsOf = (t: TransactionRow) =>
    db.select({ id: transactionDocuments.id, description: transactionDocuments.description, value: transactionDocuments.value, file_name: transactionDocuments.fileName, content_type: transactionDocuments.contentType, size: transactionDocuments.size })
      .from(transactionDocuments).where(eq(transactionDocuments.transactionId, t.id));

  async function ownerOf(t: TransactionRow): Promise<Owner & { id: string; currency: string }> {
    if (t.ownerKind === "account") {
      const [a] = await db.select().from(accounts).where(eq(accounts.id, t.ownerId));
      return { id: a.id, name: a.name, currency: a.currency, blockchain: null };
    }
    const [w] = await db.select().from(wallets).where(eq(wallets.id, t.ownerId));
    return { id: w.id, name: w.name, currency: w.currency, blockchain: w.blockchain, address: w.address };
  }

  /** The request an approver decides on, while a payment waits for one. */
  const pendingApproval = (entityId: string) =>
    db.select({ id: approvalRequests.id }).from(approvalRequests).where(and(eq(approvalRequests.entityId, entityId), eq(approvalRequests.state, "PENDING")));

  return {
    listBanking(businessId: string, f: BankingFilter) {
      const where = [...common(businessId, "fiat", f), ...(f.types?.length ? [inArray(transactions.type, f.types)] : [])];
      if (f.onMaster !== undefined || f.onSub !== undefined) {
        const master = f.onMaster ?? false;
        const sub = f.onSub ?? false;
        if (master && !sub) where.push(isNull(accounts.parentAccountId));
        if (sub && !master) where.push(isNotNull(accounts.parentAccountId));
        if (!master && !sub) where.push(sql`false`);
      }
      return page(businessId, where, f, f.onMaster !== undefined || f.onSub !== undefined, bankingRow);
    },

    listCrypto(businessId: string, f: CryptoFilter) {
      const where = [...common(businessId, "crypto", f), ...(f.types?.length ? [inArray(transactions.type, f.types)] : [])];
      if (f.assetIds?.length) where.push(inArray(transactions.ownerId, f.assetIds.filter(isUuid)));
      if (f.subWallets === true) where.push(isNotNull(wallets.parentWalletId));
      if (f.subWallets === false) where.push(isNull(wallets.parentWalletId));
      if (f.subWalletAsset) where.push(eq(wallets.currency, f.subWalletAsset));
      if (f.subWalletBlockchain) where.push(eq(wallets.blockchain, f.subWalletBlockchain));
      return page(businessId, where, f, f.subWallets !== undefined || !!f.subWalletAsset || !!f.subWalletBlockchain, cryptoRow);
    },

    async bankingDetail(businessId: string, id: string) {
      const t = await find(businessId, "fiat", id);
      const [owner, who, documents, [approval]] = await Promise.all([
        ownerOf(t),
        people(t),
        documentsOf(t),
        pendingApproval(t.id),
      ]);
      const [batch] = t.batchId ? await db.select({ id: batchPayments.id, reference: batchPayments.reference }).from(batchPayments).where(eq(batchPayments.id, t.batchId)) : [];
      const account = { type: "Account", id: owner.id, name: owner.name };
      const party = { type: "CounterParty", id: t.beneficiaryId, name: String(t.counterparty.name ?? ""), counterparty: { type: "FIAT", details: t.counterparty.details ?? {} } };
      return {
        ...bankingView(t),
        source: t.direction === "inbound" ? party : account,
        destination: t.direction === "inbound" ? account : party,
        payment_initiator: who.initiator,
        payment_approver: who.approver,
        split_payment: batch ? { group_reference: batch.reference, batch_id: batch.id } : null,
        identifiers: [{ type: "REFERENCE", id: t.reference }, ...(t.senderReference ? [{ type: "SENDER_REFERENCE", id: t.senderReference }] : [])],
        documents,
        /** The request an approver decides on, while the payment waits for one. */
        approval_request_id: approval?.id ?? null,
      };
    },

    async cryptoDetail(businessId: string, id: string) {
      const t = await find(businessId, "crypto", id);
      const [owner, who, documents, [approval]] = await Promise.all([ownerOf(t), people(t), documentsOf(t), pendingApproval(t.id)]);
      const asset = { type: "ASSET", asset: { id: owner.id, currency: owner.currency, blockchain: owner.blockchain }, address: owner.address ?? null };
      const details = (t.counterparty.crypto_details ?? {}) as { address?: string };
      const party = { type: "COUNTERPARTY", address: details.address ?? null, counterparty: { type: "CRYPTO", name: t.counterparty.name ?? "", currency: t.sendingCurrency, crypto_details: t.counterparty.crypto_details ?? {} } };
      return {
        ...cryptoView(t),
        source_amount: { value: t.sendingAmount.toString(), currency: t.sendingCurrency },
        asset: { id: owner.id, currency: owner.currency, blockchain: owner.blockchain },
        source: t.direction === "inbound" ? party : asset,
        destination: t.direction === "inbound" ? asset : party,
        transaction_initiator: who.initiator,
        transaction_approver: who.approver,
        documentation: documents.map((d) => ({ id: d.id, description: d.description, file: d.file_name, value: d.value })),
        approval_request_id: approval?.id ?? null,
        is_retryable: false,
      };
    },

    async document(businessId: string, docId: string, transactionId?: string) {
      const [doc] = isUuid(docId)
        ? await db.select().from(transactionDocuments).where(and(eq(transactionDocuments.id, docId), eq(transactionDocuments.businessId, businessId), transactionId && isUuid(transactionId) ? eq(transactionDocuments.transactionId, transactionId) : undefined))
        : [];
      if (!doc) throw notFound("Document not found");
      return doc;
    },

    async receipt(businessId: string, rail: "fiat" | "crypto", id: string, businessName: string) {
      const t = await find(businessId, rail, id);
      if (!RECEIPT_STATES.includes(t.state)) throw conflict("A receipt is available once the transaction is processing or completed");
      const owner = await ownerOf(t);
      const money = (v: bigint, c: string) => `${formatMinor(v, c)} ${c}`;
      const counterparty = String(t.counterparty.name ?? "");
      const lines = [
        ["Reference", t.reference],
        ["Date", t.createdAt.toISOString().replace("T", " ").slice(0, 16) + " UTC"],
        ["Type", t.type],
        ["Status", t.state],
        [t.direction === "inbound" ? "From" : "To", counterparty],
        [t.direction === "inbound" ? "To" : "From", `${owner.name} (${owner.currency})`],
        ["Amount", money(t.sendingAmount, t.sendingCurrency)],
        ["Fees", money(t.feeAmount, t.feeCurrency)],
        ["Amount received", money(t.destinationAmount, t.destinationCurrency)],
        ...(t.fxRate ? [["Exchange rate", t.fxRate]] : []),
        ...(t.txnHash ? [["Transaction hash", t.txnHash]] : []),
        ["Description", t.description],
      ];
      const pdf = renderPdf(`Receipt ${t.reference}`, [
        { text: "Transaction receipt", size: 18, bold: true },
        { text: businessName, size: 11, gap: 4 },
        ...lines.map(([k, v]) => ({ text: `${k}: ${v}`, gap: 6 })),
      ]);
      return { pdf, fileName: `receipt-${t.reference}.pdf` };
    },
  };
}

type Owner = { name: string; blockchain?: string | null; address?: string };

/** SPEC §3 Transaction row, plus what the list shows: the account and the other party. */
function bankingRow(t: TransactionRow, owner: Owner) {
  return { ...bankingView(t), account: { id: t.ownerId, name: owner.name }, beneficiary: { id: t.beneficiaryId, name: String(t.counterparty.name ?? "") } };
}

function cryptoRow(t: TransactionRow, owner: Owner) {
  return { ...cryptoView(t), asset: { id: t.ownerId, name: owner.name, blockchain: owner.blockchain }, beneficiary: { id: t.beneficiaryId, name: String(t.counterparty.name ?? "") } };
}
