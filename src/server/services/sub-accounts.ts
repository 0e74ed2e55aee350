/**
 * Sub-accounts (SPEC §7 Customers and sub-accounts): virtual accounts under the business's master
 * account in a currency. A customer's sub-account first needs the customer's required facts (the
 * missing ones come with the request, are checked by SPEC §5's rules and kept on the customer).
 * Freezing stops debits in the ledger itself; funding moves money from an account of the business.
 */
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { emitEvent } from "./webhooks.ts";
import { notify } from "./notifications.ts";
import { emails } from "./emails.ts";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { accounts, customers, ledgerAccounts, transactions } from "../db/schema/index.ts";
import type { Tx } from "../db/client.ts";
import { AppError, badRequest, conflict, notFound, type FieldError } from "../../lib/errors.ts";
import { requirementsFor, type CreateSubAccount } from "../../../resources/sub-accounts.ts";
import { availableSql, setAccountState, transfer } from "../ledger/ledger.ts";
import { isUuid, likePattern, offsetOf, orderOf, paged, textKey, type PageQuery } from "../db/paging.ts";
import type { Sort } from "../../../resources/list-query.ts";
import type { SUB_ACCOUNT_SORTS } from "../../../resources/sub-accounts.ts";
import type { ServiceContext } from "./context.ts";
import type { AccountService } from "./accounts.ts";
import { customerView } from "./customers.ts";
import { ok } from "../routes/respond.ts";
import { bankingView, insertTransactions, type TransactionRow } from "./transactions.ts";
import type { Answer, GroupWrite } from "./idempotency.ts";
import type { Settled } from "../lib/group-commit.ts";
import { transferBatch } from "../ledger/batch.ts";
import { LedgerError } from "../ledger/errors.ts";

type Customer = typeof customers.$inferSelect;
export type SubAccountFilter = PageQuery & {
  parentAccountId?: string;
  currency?: string;
  keyword?: string;
  states?: string[];
  sort?: Sort<(typeof SUB_ACCOUNT_SORTS)[number]>;
};

/** The value a customer already has for a requirement, or "" when it is missing. */
function factOf(c: Customer, key: string): string {
  if (key === "phone_number") return c.phoneNumber;
  if (key === "bvn" || key === "nin") return c.countryData.ng?.[key] ?? "";
  if (key === "incorporation_country") return c.incorporationCountry ?? "";
  return c.identity[key] ?? "";
}

/** One funding request (POST /transfers/internal) of a member of a business. */
export type Funding = { businessId: string; userId: string; input: { source_account_id: string; destination_account_id: string; amount: bigint } };
type AccountRow = typeof accounts.$inferSelect;

/** The rules of a funding, on the two accounts as read (undefined: not one of the business's). */
function checkFunding({ businessId }: Funding, src: AccountRow | undefined, dst: AccountRow | undefined) {
  if (!src || src.businessId !== businessId) throw notFound("Account not found");
  if (!dst || dst.businessId !== businessId) throw notFound("Account not found");
  if (src.id === dst.id) throw badRequest("Choose another account to fund", [{ path: "destination_account_id", message: "The same account" }]);
  if (src.currency !== dst.currency)
    throw badRequest(`Fund a ${dst.currency} account from a ${dst.currency} account`, [{ path: "source_account_id", message: "Another currency" }]);
  if (dst.state !== "ACTIVE") throw badRequest("This account cannot receive money right now");
  return { src, dst };
}

/** A funding's two rows (out of the source, into the destination) and its ledger transfer. */
function fundingRecords(f: Funding, src: AccountRow, dst: AccountRow, outId: string) {
  const party = (x: AccountRow) => ({ type: "ACCOUNT" as const, name: x.name, id: x.id, currency: x.currency });
  const amount = f.input.amount;
  const common = {
    businessId: f.businessId,
    rail: "fiat",
    type: "TRANSFER",
    state: "COMPLETED",
    sendingAmount: amount,
    sendingCurrency: src.currency,
    destinationAmount: amount,
    destinationCurrency: dst.currency,
    feeCurrency: src.currency,
    initiatorUserId: f.userId,
    completedAt: new Date(),
  };
  return {
    outId,
    rows: [
      { ...common, id: outId, direction: "outbound", ownerKind: "account", ownerId: src.id, counterparty: party(dst), description: `Funding of ${dst.name}` },
      { ...common, direction: "inbound", ownerKind: "account", ownerId: dst.id, counterparty: party(src), description: `Funding from ${src.name}` },
    ],
    transfer: { debit: src.ledgerAccountId, credit: dst.ledgerAccountId, amount, asset: src.currency, reference: `transaction:${outId}` },
  };
}

const fundingAnswer = (out: TransactionRow, amount: bigint): Answer => ({
  status: 201,
  body: ok("Transfer successful", { ...bankingView(out), source_amount: amount.toString(), total_fees: "0" }),
});

/** The business's accounts among these ids, by id (ids that are not UUIDs name no account). */
async function accountsById(tx: Tx, ids: string[]) {
  const wanted = [...new Set(ids.filter(isUuid))];
  const rows = wanted.length ? await tx.select().from(accounts).where(inArray(accounts.id, wanted)) : [];
  return new Map(rows.map((a) => [a.id, a]));
}

/** One funding, alone in its transaction. */
async function fundOne(tx: Tx, f: Funding): Promise<Answer> {
  const byId = await accountsById(tx, [f.input.source_account_id, f.input.destination_account_id]);
  const { src, dst } = checkFunding(f, byId.get(f.input.source_account_id), byId.get(f.input.destination_account_id));
  const records = fundingRecords(f, src, dst, randomUUID());
  const rows = await insertTransactions(tx, records.rows);
  await transfer(tx, records.transfer);
  return fundingAnswer(rows.find((r) => r.id === records.outId)!, f.input.amount);
}

/**
 * Fundings committed together (group commit): one read of every account named, each funding
 * checked by the same rules, the ledger deciding them all at once (transferBatch), then one insert
 * of the accepted ones' rows. A refused funding writes nothing and reports what alone it would have.
 */
async function fundMany(tx: Tx, fs: Funding[]): Promise<Settled<Answer>[]> {
  const byId = await accountsById(
    tx,
    fs.flatMap((f) => [f.input.source_account_id, f.input.destination_account_id]),
  );
  const outcomes: Settled<Answer>[] = new Array(fs.length);
  const planned: { i: number; records: ReturnType<typeof fundingRecords> }[] = [];
  fs.forEach((f, i) => {
    try {
      const { src, dst } = checkFunding(f, byId.get(f.input.source_account_id), byId.get(f.input.destination_account_id));
      planned.push({ i, records: fundingRecords(f, src, dst, randomUUID()) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes[i] = { error };
    }
  });
  const moved = await transferBatch(
    tx,
    planned.map((p) => p.records.transfer),
  );
  const accepted = planned.filter((p, n) => {
    if (moved[n] instanceof LedgerError) outcomes[p.i] = { error: moved[n] };
    return !(moved[n] instanceof LedgerError);
  });
  const rows = new Map(
    (
      await insertTransactions(
        tx,
        accepted.flatMap((p) => p.records.rows),
      )
    ).map((r) => [r.id, r]),
  );
  for (const p of accepted) outcomes[p.i] = { value: fundingAnswer(rows.get(p.records.outId)!, fs[p.i].input.amount) };
  return outcomes;
}

export function subAccountService({ db }: ServiceContext, deps: { accounts: AccountService }) {
  const isSub = (businessId: string) => and(eq(accounts.businessId, businessId), isNotNull(accounts.parentAccountId));

  async function view(row: { a: typeof accounts.$inferSelect; l: typeof ledgerAccounts.$inferSelect }) {
    const [c] = row.a.customerId ? await db.select().from(customers).where(eq(customers.id, row.a.customerId)) : [];
    const account = deps.accounts.view(row.a, row.l);
    // SPEC §3 Sub-account reads balances.available; the account view's balance is kept for the shared screens.
    return {
      ...account,
      parent_account_id: row.a.parentAccountId,
      balances: account.balance,
      customer: c ? { id: c.id, name: customerView(c).display_name } : null,
    };
  }

  async function masterOf(q: Tx | typeof db, businessId: string, currency: string) {
    const [m] = await q
      .select()
      .from(accounts)
      .where(and(eq(accounts.businessId, businessId), eq(accounts.currency, currency), isNull(accounts.parentAccountId), eq(accounts.state, "ACTIVE")));
    return m;
  }

  async function customerOf(q: Tx | typeof db, businessId: string, id: string) {
    const [c] = isUuid(id)
      ? await q
          .select()
          .from(customers)
          .where(and(eq(customers.id, id), eq(customers.businessId, businessId)))
      : [];
    if (!c || c.state === "DELETED") throw notFound("Customer not found");
    return c;
  }

  return {
    /** GET sub-accounts/customer/requirements: each requirement with whether the customer has it. */
    async requirements(businessId: string, customerId: string, currency: string) {
      const c = await customerOf(db, businessId, customerId);
      return requirementsFor(c.type as "INDIVIDUAL" | "BUSINESS", currency).map((r) => ({
        key: r.key,
        description: r.description,
        exists: !!factOf(c, r.key),
      }));
    },

    async create(businessId: string, holderName: string, input: z.output<typeof CreateSubAccount>) {
      return db.transaction(async (tx) => {
        const master = await masterOf(tx, businessId, input.currency);
        if (!master)
          throw badRequest(`Open a ${input.currency} account before creating its sub-accounts`, [
            { path: "currency", message: `You have no ${input.currency} account` },
          ]);
        // The caller's identifier names the sub-account when no name is given (SPEC §7 body {currency, customer_id, identifier}).
        let name = input.name ?? input.identifier ?? "";
        let customerId: string | null = null;
        if (input.customer_id) {
          const c = await customerOf(tx, businessId, input.customer_id);
          if (c.state !== "ACTIVE") throw badRequest("This customer is inactive. Activate it to create a sub-account");
          const errors: FieldError[] = [];
          const supplied: Record<string, string> = {};
          for (const r of requirementsFor(c.type as "INDIVIDUAL" | "BUSINESS", input.currency)) {
            const value = (input.requirements[r.key] ?? factOf(c, r.key)).trim();
            const problem = r.check(value);
            if (problem) errors.push({ path: `requirements.${r.key}`, message: problem });
            else if (value !== factOf(c, r.key)) supplied[r.key] = value;
          }
          if (errors.length) throw badRequest(errors[0].message, errors);
          if (Object.keys(supplied).length) {
            const { phone_number, bvn, nin, incorporation_country, ...identity } = supplied;
            await tx
              .update(customers)
              .set({
                ...(phone_number ? { phoneNumber: phone_number.replace(/[\s-]/g, "") } : {}),
                ...(incorporation_country ? { incorporationCountry: incorporation_country } : {}),
                ...(bvn || nin ? { countryData: { ...c.countryData, ng: { ...c.countryData.ng, ...(bvn ? { bvn } : {}), ...(nin ? { nin } : {}) } } } : {}),
                identity: { ...c.identity, ...identity },
              })
              .where(eq(customers.id, c.id));
          }
          customerId = c.id;
          name = name || `${customerView(c).display_name} ${input.currency}`;
        }
        const created = await deps.accounts.open(tx, businessId, input.currency, {
          name,
          holderName: customerId ? name : holderName,
          parentAccountId: master.id,
          customerId: customerId ?? undefined,
          classification: customerId ? "customer" : "institution",
        });
        await emitEvent(tx, businessId, "sub_account.created", { id: created.id, currency: created.currency, customer_id: customerId });
        return created;
      });
    },

    async list(businessId: string, f: SubAccountFilter) {
      const where = and(
        isSub(businessId),
        f.parentAccountId && isUuid(f.parentAccountId) ? eq(accounts.parentAccountId, f.parentAccountId) : undefined,
        f.currency ? eq(accounts.currency, f.currency) : undefined,
        f.keyword ? ilike(accounts.name, likePattern(f.keyword)) : undefined,
        f.states?.length ? inArray(accounts.state, f.states) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ a: accounts, l: ledgerAccounts })
          .from(accounts)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, accounts.ledgerAccountId))
          .where(where)
          .orderBy(
            ...orderOf(
              f.sort,
              {
                name: textKey(accounts.name),
                balance: availableSql,
                state: accounts.state,
                created_date: accounts.createdAt,
              },
              accounts.id,
              [desc(accounts.createdAt), desc(accounts.id)],
            ),
          )
          .limit(f.limit)
          .offset(offsetOf(f)),
        db.select({ n: count() }).from(accounts).where(where),
      ]);
      return paged(await Promise.all(rows.map(view)), Number(total.n), f);
    },

    /** SPEC §3 Master account: the business's own account in the currency and how many sub-accounts it has. */
    async master(businessId: string, currency: string) {
      const m = await masterOf(db, businessId, currency);
      if (!m) throw notFound(`You have no ${currency} account`);
      const row = await deps.accounts.find(businessId, m.id);
      const [n] = await db.select({ n: count() }).from(accounts).where(eq(accounts.parentAccountId, m.id));
      return { id: m.id, currency, name: m.name, balances: { available: deps.accounts.view(row.a, row.l).balance.available }, sub_account_count: Number(n.n) };
    },

    async get(businessId: string, id: string) {
      const row = await deps.accounts.find(businessId, id);
      if (!row.a.parentAccountId) throw notFound("Sub-account not found");
      return view(row);
    },

    /** SPEC §3 Statement summary: inflow and outflow between two dates. */
    async summary(businessId: string, id: string, from: Date, to: Date) {
      await this.get(businessId, id);
      const sum = (direction: string, amount: typeof transactions.sendingAmount | typeof transactions.destinationAmount) =>
        db
          .select({ s: sql<string>`coalesce(sum(${amount}), 0)` })
          .from(transactions)
          .where(
            and(
              eq(transactions.ownerId, id),
              eq(transactions.state, "COMPLETED"),
              eq(transactions.direction, direction),
              sql`${transactions.createdAt} >= ${from}`,
              sql`${transactions.createdAt} < ${to}`,
            ),
          );
      const [[inbound], [outbound]] = await Promise.all([sum("inbound", transactions.destinationAmount), sum("outbound", transactions.sendingAmount)]);
      return { totals: { inbound: String(inbound.s), outbound: String(outbound.s) } };
    },

    /** Freeze (only ACTIVE) or unfreeze (only FROZEN); the ledger account follows, so a frozen account cannot pay. */
    async setFrozen(businessId: string, id: string, frozen: boolean) {
      return db.transaction(async (tx) => {
        const [a] = isUuid(id)
          ? await tx
              .select()
              .from(accounts)
              .where(and(isSub(businessId), eq(accounts.id, id)))
              .for("update")
          : [];
        if (!a) throw notFound("Sub-account not found");
        if (a.state !== (frozen ? "ACTIVE" : "FROZEN"))
          throw conflict(frozen ? "Only an active sub-account can be frozen" : "Only a frozen sub-account can be unfrozen");
        const state = frozen ? "FROZEN" : "ACTIVE";
        await tx.update(accounts).set({ state }).where(eq(accounts.id, a.id));
        await setAccountState(tx, a.ledgerAccountId, state);
        await notify(tx, businessId, "account_updates", (to, f) => emails.accountUpdate(to, a.name, frozen ? "frozen" : "unfrozen", f));
        await emitEvent(tx, businessId, frozen ? "sub_account.frozen" : "sub_account.unfrozen", { id: a.id, currency: a.currency });
      });
    },

    /** POST /transfers/internal, inside the caller's (Idempotency-Key) transaction: no fee between own accounts. */
    fund: { one: fundOne, many: fundMany } satisfies GroupWrite<Funding>,
  };
}
