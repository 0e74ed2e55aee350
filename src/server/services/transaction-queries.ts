/**
 * Reading transactions: the filtered banking and crypto lists (SPEC §7), one transaction with every
 * detail of SPEC §3, its documents and its receipt. Always scoped to the caller's business.
 */
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import { accounts, approvalRequests, batchPayments, transactionDocuments, transactions, users, wallets } from "../db/schema/index.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { formatMinor } from "../../lib/money.ts";
import { renderTextPdf } from "../lib/pdf-document.ts";
import { isUuid, likePattern, offsetOf, paged, type PageQuery } from "../db/paging.ts";
import type { Sort } from "../../../resources/list-query.ts";
import type { TRANSACTION_SORTS } from "../../../resources/transactions.ts";
import type { ServiceContext } from "./context.ts";
import { bankingView, cryptoView, type TransactionRow, type ViewedRow, viewedColumns } from "./transactions.ts";
import { boundedCount, boundedTotal, cachedCount, countHit, remember } from "./transaction-counts.ts";

type TransactionSort = Sort<(typeof TRANSACTION_SORTS)[number]>;
type Common = PageQuery & { keyword?: string; states?: string[]; from?: Date; to?: Date; counterpartyIds?: string[]; cursor?: string; sort?: TransactionSort };

/**
 * The column behind each sort key, the type its cursor value is read back as, and what such a value
 * looks like. Amounts are bigint minor units: compared as numbers, never as text.
 */
const SORT_KEYS = {
  created_date: { column: transactions.createdAt, type: sql`timestamptz`, looks: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:?\d{2})?$/ },
  amount: { column: transactions.sendingAmount, type: sql`bigint`, looks: /^-?\d{1,19}$/ },
  state: { column: transactions.state, type: sql`text`, looks: /^[A-Z_]{1,40}$/ },
} as const;
/** Newest first: the lists' own order, what they keep without a sort. */
const NEWEST: TransactionSort = { key: "created_date", descending: true };
const isNewest = (s: TransactionSort) => s.key === NEWEST.key && s.descending === NEWEST.descending;
const spelling = (s: TransactionSort) => `${s.descending ? "-" : ""}${s.key}`;

/**
 * Keyset pagination: a cursor names the last row seen (its sort key's value as PostgreSQL prints it,
 * a created_at with microseconds, and its id), so the next page starts there instead of counting past
 * every row before. Newest first, the cursor is "value|id" as it always was; under another sort it
 * starts with that sort ("amount|1200|id"), so a cursor is never read under a sort it was not made in.
 */
function encodeCursor(sort: TransactionSort, value: string, id: string) {
  return Buffer.from(isNewest(sort) ? `${value}|${id}` : `${spelling(sort)}|${value}|${id}`).toString("base64url");
}
function decodeCursor(cursor: string, sort: TransactionSort): { value: string; id: string } {
  const parts = Buffer.from(cursor, "base64url").toString().split("|");
  const [madeUnder, value, id] = parts.length === 2 ? [spelling(NEWEST), ...parts] : parts;
  if (parts.length > 3 || madeUnder !== spelling(sort) || !value || !id || !isUuid(id) || !SORT_KEYS[sort.key].looks.test(value))
    throw badRequest("cursor is invalid");
  return { value, id };
}
export type BankingFilter = Common & { types?: string[]; onMaster?: boolean; onSub?: boolean };
export type CryptoFilter = Common & { types?: string[]; assetIds?: string[]; subWallets?: boolean; subWalletAsset?: string; subWalletBlockchain?: string };

const RECEIPT_STATES = ["COMPLETED", "PROCESSING"];

/** A keyword's words as pg_trgm splits text (at most 8, each at least 3 characters): what the trigram index can look up. */
const wordsOf = (keyword: string) => [...new Set(keyword.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3))].slice(0, 8);

/** How a search reads the newest rows first (searchNewest). */
const SAMPLE_ROWS = 1_000;
const PROBE_ROWS = 10_000;
/** A word on more than one in this many of the newest rows is too common to look up in the index. */
const UBIQUITOUS = 20;

export function transactionQueries({ db }: ServiceContext) {
  /** The filters every list shares, except the search (page() applies it: see searchNewest). */
  const common = (businessId: string, rail: string, f: Common): SQL[] => [
    eq(transactions.businessId, businessId),
    eq(transactions.rail, rail),
    ...(f.states?.length ? [inArray(transactions.state, f.states)] : []),
    ...(f.from ? [gte(transactions.createdAt, f.from)] : []),
    ...(f.to ? [lt(transactions.createdAt, f.to)] : []),
    ...(f.counterpartyIds?.length ? [inArray(transactions.beneficiaryId, f.counterpartyIds.filter(isUuid))] : []),
  ];

  const countUpTo = (where: SQL[]) => boundedCount(db, and(...where));

  /** The rows of a page, with the name of the account or wallet each belongs to, in the sort's order (ties by id). */
  const rowsWhere = (where: SQL | undefined, sort: TransactionSort) =>
    db
      .select({
        t: viewedColumns,
        key: sql<string>`${SORT_KEYS[sort.key].column}::text`,
        accountName: accounts.name,
        walletName: wallets.name,
        walletChain: wallets.blockchain,
      })
      .from(transactions)
      .leftJoin(accounts, eq(accounts.id, transactions.ownerId))
      .leftJoin(wallets, eq(wallets.id, transactions.ownerId))
      .where(where)
      .orderBy(...(sort.descending ? [desc(SORT_KEYS[sort.key].column), desc(transactions.id)] : [asc(SORT_KEYS[sort.key].column), asc(transactions.id)]));

  /**
   * One page in the sort's order (newest first without one): `filters` are every filter but the
   * search, `keyword` the search. By page number (OFFSET) or, after a previous page's next_cursor
   * (made under the same sort), from where that page ended.
   */
  async function page<Row>(businessId: string, filters: SQL[], keyword: string | undefined, q: Common, view: (t: ViewedRow, owner: Owner) => Row) {
    const sort = q.sort ?? NEWEST;
    const c = q.cursor ? decodeCursor(q.cursor, sort) : undefined;
    const { column, type } = SORT_KEYS[sort.key];
    const after = sort.descending ? sql`<` : sql`>`;
    const seek = c ? [sql`(${column}, ${transactions.id}) ${after} (${c.value}::${type}, ${c.id}::uuid)`] : [];
    const skip = c ? 0 : offsetOf(q);
    /** Rows before this page, as the reader counts them (with a cursor, the page number says). */
    const before = (q.page - 1) * q.limit;
    const { page: _p, limit: _l, cursor: _c, sort: _s, ...named } = q;
    const key = `${businessId}|${view.name}|${JSON.stringify(named)}`;

    let rows: Awaited<ReturnType<typeof rowsWhere>> | undefined;
    let total: number | undefined;
    let where = filters;
    if (keyword) {
      // Under another sort than newest first, the newest rows say nothing of the page: the search is a condition.
      const search = isNewest(sort)
        ? await searchNewest(filters, seek, keyword.toLowerCase(), skip + q.limit + 1)
        : { match: await searchConditions(filters, keyword.toLowerCase()) };
      if ("hits" in search) {
        const ids = search.hits.slice(skip);
        rows = ids.length ? await rowsWhere(and(eq(transactions.businessId, businessId), inArray(transactions.id, ids)), sort) : [];
        const full = search.hits.length > skip + q.limit;
        // All the matches, when fewer than a page and one: counted. A full page: at least that many.
        total = countHit(key);
        if (total === undefined && !full) {
          total = c ? before + search.hits.length : search.hits.length;
          if (!c) remember(key, total);
        }
      } else where = [...filters, ...search.match];
    }
    if (!rows) {
      [rows, total] = await Promise.all([
        rowsWhere(and(...where, ...seek), sort)
          .limit(q.limit + 1)
          .offset(skip),
        cachedCount(key, () => countUpTo(where)),
      ]);
    }
    const more = rows.length > q.limit;
    const shown = rows.slice(0, q.limit);
    const last = shown[shown.length - 1];
    return {
      ...paged(
        shown.map((r) => view(r.t, { name: r.accountName ?? r.walletName ?? "", blockchain: r.walletChain })),
        0,
        q,
      ),
      ...boundedTotal(total, before, shown.length, more),
      next_cursor: more && last ? encodeCursor(sort, last.key, last.t.id) : null,
    };
  }

  /**
   * A search, answered from the newest rows the other filters keep when they hold it: `want` hits, or
   * fewer when the filters keep no more rows than were read. First one pass over the newest
   * SAMPLE_ROWS: the hits there, and how many of those rows hold the keyword and each of its words.
   * When hits are frequent enough for the newest PROBE_ROWS to fill the page, those are read in
   * order (stopping once they do). Otherwise the answer is the conditions that find the matches
   * through the trigram index, the keyword itself then checked on each row found: the words (as
   * pg_trgm splits text) on more than one in UBIQUITOUS of the rows sampled are left out of the
   * index's lookup, because a word on nearly every row (the TXN of every reference) costs that
   * lookup a long list and narrows nothing.
   */
  async function searchNewest(filters: SQL[], seek: SQL[], keyword: string, want: number): Promise<{ hits: string[] } | { match: SQL[] }> {
    const newest = (n: number) =>
      db
        .select({ id: transactions.id, createdAt: transactions.createdAt, text: transactions.searchText })
        .from(transactions)
        .where(and(...filters, ...seek))
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(n)
        .as("newest");
    const sample = newest(SAMPLE_ROWS);
    const has = sql`strpos(${sample.text}, ${keyword}) > 0`;
    const words = wordsOf(keyword);
    const [seen] = await db
      .select({
        rows: count(),
        found: sql<number>`count(*) filter (where ${has})`.mapWith(Number),
        hits: sql<string[] | null>`(array_agg(${sample.id}::text order by ${sample.createdAt} desc, ${sample.id} desc) filter (where ${has}))[1:${want}::int]`,
        words: sql<
          number[]
        >`array[${sql.join([sql`0`, ...words.map((w) => sql`count(*) filter (where ${sample.text} like ${likePattern(w)})`)], sql`, `)}]::int[]`,
      })
      .from(sample);
    const hits = seen.hits ?? [];
    if (hits.length >= want || seen.rows < SAMPLE_ROWS) return { hits };
    if (seen.found > 0 && (want * seen.rows) / seen.found <= PROBE_ROWS) {
      const probe = newest(PROBE_ROWS);
      const more = await db
        .select({ id: probe.id })
        .from(probe)
        .where(sql`strpos(${probe.text}, ${keyword}) > 0`)
        .orderBy(desc(probe.createdAt), desc(probe.id))
        .limit(want);
      if (more.length >= want) return { hits: more.map((h) => h.id) };
    }
    const exact = sql`strpos(${transactions.searchText}, ${keyword}) > 0`;
    // One or two characters: no trigram to look up; the index of pieces (migration 0012) has them.
    // The sample found them rare, so all of them are read through that index and then sorted: the
    // subquery's OFFSET keeps the planner from walking the date index instead, in hope of an early
    // eleventh match, which it estimates far too high for a piece it has no statistics on.
    if ([...keyword].length < 3) {
      const found = db
        .select({ id: transactions.id, createdAt: transactions.createdAt })
        .from(transactions)
        .where(and(...filters, ...seek, sql`search_grams(${transactions.searchText}) @> array[${keyword}::text]`, exact));
      const res = await db.execute(sql`select id::text from (${found} offset 0) as found order by created_at desc, id desc limit ${want}`);
      return { hits: (res as unknown as { rows: { id: string }[] }).rows.map((r) => r.id) };
    }
    return { match: lookupOf(keyword, words, seen.words.slice(1), seen.rows) };
  }

  /**
   * A search as conditions only, for a list in another order than newest first: the keyword on each
   * row, found through the index of pieces (one or two characters) or the trigram index, leaving out
   * the words on more than one in UBIQUITOUS of the newest SAMPLE_ROWS rows (as searchNewest does).
   */
  async function searchConditions(filters: SQL[], keyword: string): Promise<SQL[]> {
    const exact = sql`strpos(${transactions.searchText}, ${keyword}) > 0`;
    if ([...keyword].length < 3) return [sql`search_grams(${transactions.searchText}) @> array[${keyword}::text]`, exact];
    const words = wordsOf(keyword);
    const sample = db
      .select({ text: transactions.searchText })
      .from(transactions)
      .where(and(...filters))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(SAMPLE_ROWS)
      .as("newest");
    const [seen] = await db
      .select({
        rows: count(),
        words: sql<
          number[]
        >`array[${sql.join([sql`0`, ...words.map((w) => sql`count(*) filter (where ${sample.text} like ${likePattern(w)})`)], sql`, `)}]::int[]`,
      })
      .from(sample);
    return lookupOf(keyword, words, seen.words.slice(1), seen.rows);
  }

  /** The trigram lookup of a keyword: its words but the ubiquitous ones (`found[i]` of `rows` sampled hold word i), then the keyword itself. */
  function lookupOf(keyword: string, words: string[], found: number[], rows: number): SQL[] {
    const rare = words.filter((_, i) => found[i] * UBIQUITOUS <= rows);
    const lookup = rare.length ? rare.map((w) => likePattern(w)) : [likePattern(keyword)];
    return [...lookup.map((p) => sql`${transactions.searchText} like ${p}`), sql`strpos(${transactions.searchText}, ${keyword}) > 0`];
  }

  async function find(businessId: string, rail: "fiat" | "crypto", id: string) {
    const [row] = isUuid(id)
      ? await db
          .select()
          .from(transactions)
          .where(and(eq(transactions.id, id), eq(transactions.businessId, businessId), eq(transactions.rail, rail)))
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
    db
      .select({
        id: transactionDocuments.id,
        description: transactionDocuments.description,
        value: transactionDocuments.value,
        file_name: transactionDocuments.fileName,
        content_type: transactionDocuments.contentType,
        size: transactionDocuments.size,
      })
      .from(transactionDocuments)
      .where(eq(transactionDocuments.transactionId, t.id));

  async function ownerOf(t: TransactionRow): Promise<Owner & { id: string; currency: string }> {
    if (t.ownerKind === "account") {
      const [a] = await db.select().from(accounts).where(eq(accounts.id, t.ownerId));
      return { id: a.id, name: a.name, currency: a.currency, blockchain: null };
    }
    const [w] = await db.select().from(wallets).where(eq(wallets.id, t.ownerId));
    return { id: w.id, name: w.name, currency: w.currency, blockchain: w.blockchain, address: w.address };
  }

  /**
   * A payment's approval, in one read: the request an approver decides on while the payment waits
   * for one, and why it was rejected when its approver said (issue 26).
   */
  async function approvalOf(entityId: string) {
    const rows = await db
      .select({ id: approvalRequests.id, state: approvalRequests.state, reason: approvalRequests.decisionReason })
      .from(approvalRequests)
      .where(and(eq(approvalRequests.entityId, entityId), inArray(approvalRequests.state, ["PENDING", "REJECTED"])));
    return {
      approval_request_id: rows.find((r) => r.state === "PENDING")?.id ?? null,
      rejection_reason: rows.find((r) => r.state === "REJECTED")?.reason ?? null,
    };
  }

  return {
    async listBanking(businessId: string, f: BankingFilter) {
      const where = [...common(businessId, "fiat", f), ...(f.types?.length ? [inArray(transactions.type, f.types)] : [])];
      if (f.onMaster !== undefined || f.onSub !== undefined) {
        const master = f.onMaster ?? false;
        const sub = f.onSub ?? false;
        // A banking row belongs to a master account or to a sub-account (sub_owner, kept on the row
        // with partial indexes of its own for the sub-accounts' side).
        if (master !== sub) where.push(sub ? sql`${transactions.subOwner}` : sql`not ${transactions.subOwner}`);
        if (!master && !sub) where.push(sql`false`);
      }
      return page(businessId, where, f.keyword, f, bankingRow);
    },

    async listCrypto(businessId: string, f: CryptoFilter) {
      const where = [...common(businessId, "crypto", f), ...(f.types?.length ? [inArray(transactions.type, f.types)] : [])];
      if (f.assetIds?.length) where.push(inArray(transactions.ownerId, f.assetIds.filter(isUuid)));
      const walletIs = [
        ...(f.subWallets === true ? [isNotNull(wallets.parentWalletId)] : []),
        ...(f.subWallets === false ? [isNull(wallets.parentWalletId)] : []),
        ...(f.subWalletAsset ? [eq(wallets.currency, f.subWalletAsset)] : []),
        ...(f.subWalletBlockchain ? [eq(wallets.blockchain, f.subWalletBlockchain)] : []),
      ];
      // By owner id, as for accounts: the wallets the filters name are read first.
      if (walletIs.length) {
        const owners = (
          await db
            .select({ id: wallets.id })
            .from(wallets)
            .where(and(eq(wallets.businessId, businessId), ...walletIs))
        ).map((w) => w.id);
        where.push(inArray(transactions.ownerId, owners));
      }
      return page(businessId, where, f.keyword, f, cryptoRow);
    },

    async bankingDetail(businessId: string, id: string) {
      const t = await find(businessId, "fiat", id);
      const [owner, who, documents, approval] = await Promise.all([ownerOf(t), people(t), documentsOf(t), approvalOf(t.id)]);
      const [batch] = t.batchId
        ? await db.select({ id: batchPayments.id, reference: batchPayments.reference }).from(batchPayments).where(eq(batchPayments.id, t.batchId))
        : [];
      const account = { type: "Account", id: owner.id, name: owner.name };
      const party = {
        type: "CounterParty",
        id: t.beneficiaryId,
        name: t.counterparty.name ?? "",
        counterparty: { type: "FIAT", details: t.counterparty.details ?? {} },
      };
      return {
        ...bankingView(t),
        source: t.direction === "inbound" ? party : account,
        destination: t.direction === "inbound" ? account : party,
        payment_initiator: who.initiator,
        payment_approver: who.approver,
        split_payment: batch ? { group_reference: batch.reference, batch_id: batch.id } : null,
        identifiers: [{ type: "REFERENCE", id: t.reference }, ...(t.senderReference ? [{ type: "SENDER_REFERENCE", id: t.senderReference }] : [])],
        documents,
        // The request an approver decides on while the payment waits, or why it was rejected.
        ...approval,
      };
    },

    async cryptoDetail(businessId: string, id: string) {
      const t = await find(businessId, "crypto", id);
      const [owner, who, documents, approval] = await Promise.all([ownerOf(t), people(t), documentsOf(t), approvalOf(t.id)]);
      const asset = { type: "ASSET", asset: { id: owner.id, currency: owner.currency, blockchain: owner.blockchain }, address: owner.address ?? null };
      const party = {
        type: "COUNTERPARTY",
        address: t.counterparty.crypto_details?.address ?? null,
        counterparty: {
          type: "CRYPTO",
          name: t.counterparty.name ?? "",
          currency: t.sendingCurrency,
          crypto_details: t.counterparty.crypto_details ?? {},
        },
      };
      return {
        ...cryptoView(t),
        source_amount: { value: t.sendingAmount.toString(), currency: t.sendingCurrency },
        asset: { id: owner.id, currency: owner.currency, blockchain: owner.blockchain },
        source: t.direction === "inbound" ? party : asset,
        destination: t.direction === "inbound" ? asset : party,
        transaction_initiator: who.initiator,
        transaction_approver: who.approver,
        documentation: documents.map((d) => ({ id: d.id, description: d.description, file: d.file_name, value: d.value })),
        ...approval,
        is_retryable: false,
      };
    },

    async document(businessId: string, docId: string, transactionId?: string) {
      const [doc] = isUuid(docId)
        ? await db
            .select()
            .from(transactionDocuments)
            .where(
              and(
                eq(transactionDocuments.id, docId),
                eq(transactionDocuments.businessId, businessId),
                transactionId && isUuid(transactionId) ? eq(transactionDocuments.transactionId, transactionId) : undefined,
              ),
            )
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
        ["Date", `${t.createdAt.toISOString().replace("T", " ").slice(0, 16)} UTC`],
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
      const pdf = await renderTextPdf(`Receipt ${t.reference}`, [
        { text: "Transaction receipt", size: 18, bold: true },
        { text: businessName, size: 11, gap: 4 },
        ...lines.map(([k, v]) => ({ text: `${k}: ${v}`, gap: 6 })),
      ]);
      return { pdf, fileName: `receipt-${t.reference}.pdf` };
    },
  };
}

type Owner = { name: string; blockchain: string | null; address?: string };

/** SPEC §3 Transaction row, plus what the list shows: the account and the other party. */
function bankingRow(t: ViewedRow, owner: Owner) {
  return { ...bankingView(t), account: { id: t.ownerId, name: owner.name }, beneficiary: { id: t.beneficiaryId, name: String(t.counterparty.name ?? "") } };
}

function cryptoRow(t: ViewedRow, owner: Owner) {
  return {
    ...cryptoView(t),
    asset: { id: t.ownerId, name: owner.name, blockchain: owner.blockchain },
    beneficiary: { id: t.beneficiaryId, name: String(t.counterparty.name ?? "") },
  };
}
