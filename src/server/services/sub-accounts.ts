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
import type { z } from "zod";
import { accounts, customers, ledgerAccounts, transactions } from "../db/schema/index.ts";
import type { Tx } from "../db/client.ts";
import { badRequest, conflict, notFound, type FieldError } from "../../lib/errors.ts";
import { requirementsFor, type CreateSubAccount } from "../../../resources/sub-accounts.ts";
import { setAccountState, transfer } from "../ledger/ledger.ts";
import { isUuid, likePattern, offsetOf, paged, type PageQuery } from "../routes/paging.ts";
import type { ServiceContext } from "./context.ts";
import type { AccountService } from "./accounts.ts";
import { customerView } from "./customers.ts";
import { bankingView, insertTransaction } from "./transactions.ts";

type Customer = typeof customers.$inferSelect;
export type SubAccountFilter = PageQuery & { parentAccountId?: string; currency?: string; keyword?: string; states?: string[] };

/** The value a customer already has for a requirement, or "" when it is missing. */
function valueOf(c: Customer, key: string): string {
  if (key === "phone_number") return c.phoneNumber;
  if (key === "bvn" || key === "nin") return c.countryData.ng?.[key] ?? "";
  if (key === "incorporation_country") return c.incorporationCountry ?? "";
  return c.identity[key] ?? "";
}

export function subAccountService({ db }: ServiceContext, deps: { accounts: AccountService }) {
  const isSub = (businessId: string) => and(eq(accounts.businessId, businessId), isNotNull(accounts.parentAccountId));

  async function view(row: { a: typeof accounts.$inferSelect; l: typeof ledgerAccounts.$inferSelect }) {
    const [c] = row.a.customerId ? await db.select().from(customers).where(eq(customers.id, row.a.customerId)) : [];
    const account = deps.accounts.view(row.a, row.l);
    // SPEC §3 Sub-account reads balances.available; the account view's balance is kept for the shared screens.
    return { ...account, parent_account_id: row.a.parentAccountId, balances: account.balance, customer: c ? { id: c.id, name: customerView(c).display_name } : null };
  }

  async function masterOf(q: Tx | typeof db, businessId: string, currency: string) {
    const [m] = await q.select().from(accounts).where(and(eq(accounts.businessId, businessId), eq(accounts.currency, currency), isNull(accounts.parentAccountId), eq(accounts.state, "ACTIVE")));
    return m;
  }

  async function customerOf(q: Tx | typeof db, businessId: string, id: string) {
    const [c] = isUuid(id) ? await q.select().from(customers).where(and(eq(customers.id, id), eq(customers.businessId, businessId))) : [];
    if (!c || c.state === "DELETED") throw notFound("Customer not found");
    return c;
  }

  return {
    /** GET sub-accounts/customer/requirements: each requirement with whether the customer has it. */
    async requirements(businessId: string, customerId: string, currency: string) {
      const c = await customerOf(db, businessId, customerId);
      return requirementsFor(c.type as "INDIVIDUAL" | "BUSINESS", currency).map((r) => ({ key: r.key, description: r.description, exists: !!valueOf(c, r.key) }));
    },

    async create(businessId: string, holderName: string, input: z.output<typeof CreateSubAccount>) {
      return db.transaction(async (tx) => {
        const master = await masterOf(tx, businessId, input.currency);
        if (!master) throw badRequest(`Open a ${input.currency} account before creating its sub-accounts`, [{ path: "currency", message: `You have no ${input.currency} account` }]);
        // The caller's identifier names the sub-account when no name is given (SPEC §7 body {currency, customer_id, identifier}).
        let name = input.name ?? input.identifier ?? "";
        let customerId: string | null = null;
        if (input.customer_id) {
          const c = await customerOf(tx, businessId, input.customer_id);
          if (c.state !== "ACTIVE") throw badRequest("This customer is inactive. Activate it to create a sub-account");
          const errors: FieldError[] = [];
          const supplied: Record<string, string> = {};
          for (const r of requirementsFor(c.type as "INDIVIDUAL" | "BUSINESS", input.currency)) {
            const value = (input.requirements[r.key] ?? valueOf(c, r.key)).trim();
            const problem = r.check(value);
            if (problem) errors.push({ path: `requirements.${r.key}`, message: problem });
            else if (value !== valueOf(c, r.key)) supplied[r.key] = value;
          }
          if (errors.length) throw badRequest(errors[0].message, errors);
          if (Object.keys(supplied).length) {
            const { phone_number, bvn, nin, incorporation_country, ...identity } = supplied;
            await tx.update(customers).set({
              ...(phone_number ? { phoneNumber: phone_number.replace(/[\s-]/g, "") } : {}),
              ...(incorporation_country ? { incorporationCountry: incorporation_country } : {}),
              ...(bvn || nin ? { countryData: { ...c.countryData, ng: { ...c.countryData.ng, ...(bvn ? { bvn } : {}), ...(nin ? { nin } : {}) } } } : {}),
              identity: { ...c.identity, ...identity },
            }).where(eq(customers.id, c.id));
          }
          customerId = c.id;
          name = name || `${customerView(c).display_name} ${input.currency}`;
        }
        const created = await deps.accounts.open(tx, businessId, input.currency, {
          name, holderName: customerId ? name : holderName, parentAccountId: master.id, customerId: customerId ?? undefined, classification: customerId ? "customer" : "institution",
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
        db.select({ a: accounts, l: ledgerAccounts }).from(accounts).innerJoin(ledgerAccounts, eq(ledgerAccounts.id, accounts.ledgerAccountId))
          .where(where).orderBy(desc(accounts.createdAt), desc(accounts.id)).limit(f.limit).offset(offsetOf(f)),
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
        db.select({ s: sql<string>`coalesce(sum(${amount}), 0)` }).from(transactions)
          .where(and(eq(transactions.ownerId, id), eq(transactions.state, "COMPLETED"), eq(transactions.direction, direction), sql`${transactions.createdAt} >= ${from}`, sql`${transactions.createdAt} < ${to}`));
      const [[inbound], [outbound]] = await Promise.all([sum("inbound", transactions.destinationAmount), sum("outbound", transactions.sendingAmount)]);
      return { totals: { inbound: String(inbound.s), outbound: String(outbound.s) } };
    },

    /** Freeze (only ACTIVE) or unfreeze (only FROZEN); the ledger account follows, so a frozen account cannot pay. */
    async setFrozen(businessId: string, id: string, frozen: boolean) {
      return db.transaction(async (tx) => {
        const [a] = isUuid(id) ? await tx.select().from(accounts).where(and(isSub(businessId), eq(accounts.id, id))).for("update") : [];
        if (!a) throw notFound("Sub-account not found");
        if (a.state !== (frozen ? "ACTIVE" : "FROZEN")) throw conflict(frozen ? "Only an active sub-account can be frozen" : "Only a frozen sub-account can be unfrozen");
        const state = frozen ? "FROZEN" : "ACTIVE";
        await tx.update(accounts).set({ state }).where(eq(accounts.id, a.id));
        await setAccountState(tx, a.ledgerAccountId, state);
        await notify(tx, businessId, "account_updates", (to) => emails.accountUpdate(to, a.name, frozen ? "frozen" : "unfrozen"));
        await emitEvent(tx, businessId, frozen ? "sub_account.frozen" : "sub_account.unfrozen", { id: a.id, currency: a.currency });
      });
    },

    /** POST /transfers/internal, inside the caller's (Idempotency-Key) transaction: no fee between own accounts. */
    async fund(tx: Tx, businessId: string, userId: string, input: { source_account_id: string; destination_account_id: string; amount: bigint }) {
      const own = async (id: string) => {
        const [a] = isUuid(id) ? await tx.select().from(accounts).where(and(eq(accounts.businessId, businessId), eq(accounts.id, id))) : [];
        if (!a) throw notFound("Account not found");
        return { a };
      };
      const src = await own(input.source_account_id);
      const dst = await own(input.destination_account_id);
      if (src.a.id === dst.a.id) throw badRequest("Choose another account to fund", [{ path: "destination_account_id", message: "The same account" }]);
      if (src.a.currency !== dst.a.currency) throw badRequest(`Fund a ${dst.a.currency} account from a ${dst.a.currency} account`, [{ path: "source_account_id", message: "Another currency" }]);
      if (dst.a.state !== "ACTIVE") throw badRequest("This account cannot receive money right now");
      const party = (x: typeof src.a) => ({ type: "ACCOUNT", name: x.name, id: x.id, currency: x.currency });
      const common = { businessId, rail: "fiat", type: "TRANSFER", state: "COMPLETED", sendingAmount: input.amount, sendingCurrency: src.a.currency, destinationAmount: input.amount, destinationCurrency: dst.a.currency, feeCurrency: src.a.currency, initiatorUserId: userId, completedAt: new Date() };
      const out = await insertTransaction(tx, { ...common, direction: "outbound", ownerKind: "account", ownerId: src.a.id, counterparty: party(dst.a), description: `Funding of ${dst.a.name}` });
      await insertTransaction(tx, { ...common, direction: "inbound", ownerKind: "account", ownerId: dst.a.id, counterparty: party(src.a), description: `Funding from ${src.a.name}` });
      await transfer(tx, { debit: src.a.ledgerAccountId, credit: dst.a.ledgerAccountId, amount: input.amount, asset: src.a.currency, reference: `transaction:${out.id}` });
      return { ...bankingView(out), source_amount: input.amount.toString(), total_fees: "0" };
    },
  };
}
