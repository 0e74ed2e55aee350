/** Fiat accounts (SPEC §3 Bank/fiat account): opened on the ledger with deposit details from the rails. */
import { and, asc, count, eq, isNull } from "drizzle-orm";
import { notify } from "./notifications.ts";
import { emails } from "./emails.ts";
import { accounts, depositIdentifiers, ledgerAccounts } from "../db/schema/index.ts";
import type { Queryable } from "../db/client.ts";
import { notFound } from "../../lib/errors.ts";
import { exchangeTargets } from "../../../resources/exchange.ts";
import { openAccount, available, availableSql } from "../ledger/ledger.ts";
import { identifierOf, type RailsProvider } from "../providers/rails/provider.ts";
import { isUuid, offsetOf, orderOf, paged, textKey, type PageQuery } from "../db/paging.ts";
import type { Sort } from "../../../resources/list-query.ts";
import type { ACCOUNT_SORTS } from "../../../resources/accounts.ts";
import type { ServiceContext } from "./context.ts";
import type { FxService } from "./fx.ts";

type Row = typeof accounts.$inferSelect;
type Ledger = typeof ledgerAccounts.$inferSelect;

type OpenOptions = { name?: string; parentAccountId?: string; customerId?: string; classification?: string };

export const ACCOUNT_NAMES: Record<string, string> = {
  USD: "US Dollar account",
  EUR: "Euro account",
  GBP: "British Pound account",
  NGN: "Naira account",
  KES: "Kenyan Shilling account",
};

export function accountService({ db }: ServiceContext, deps: { rails: RailsProvider; fx: FxService }) {
  function view(a: Row, l: Ledger) {
    const avail = available(l);
    return {
      id: a.id,
      name: a.name,
      currency: a.currency,
      type: a.type,
      state: a.state,
      classification: a.classification,
      balance: { available: avail.toString() },
      balance_in_usd: { available: deps.fx.toUsd(avail, a.currency).toString() },
      deposit_addresses: a.depositAddresses,
      in_request_state: a.state === "PENDING",
      account_request_id: a.accountRequestId,
      has_completed_tasks: a.state !== "PENDING",
      features: { exchanges: { supported_currencies: exchangeTargets(a.currency) } },
      created_date: a.createdAt.toISOString(),
    };
  }
  const joined = () => db.select({ a: accounts, l: ledgerAccounts }).from(accounts).innerJoin(ledgerAccounts, eq(ledgerAccounts.id, accounts.ledgerAccountId));

  return {
    view,

    /** An account waiting for its request's tasks: no deposit details yet, so nothing can arrive. */
    async openPending(q: Queryable, businessId: string, currency: string, opts: OpenOptions & { accountRequestId?: string }) {
      const id = crypto.randomUUID();
      const ledger = await openAccount(q, { code: `account:${id}`, asset: currency, businessId });
      const [row] = await q
        .insert(accounts)
        .values({
          id,
          businessId,
          ledgerAccountId: ledger.id,
          currency,
          state: "PENDING",
          name: opts.name ?? ACCOUNT_NAMES[currency] ?? `${currency} account`,
          accountRequestId: opts.accountRequestId ?? null,
          parentAccountId: opts.parentAccountId ?? null,
          customerId: opts.customerId ?? null,
          classification: opts.classification ?? "institution",
        })
        .returning();
      return { row, ledger };
    },

    /** The rails issue the account's deposit details; from now on money can arrive. */
    async provision(q: Queryable, accountId: string, holderName: string) {
      const [acct] = await q.select().from(accounts).where(eq(accounts.id, accountId));
      const addresses = deps.rails.depositAddresses(acct.currency, holderName, acct.id);
      const [row] = await q.update(accounts).set({ state: "ACTIVE", depositAddresses: addresses }).where(eq(accounts.id, accountId)).returning();
      const ids = [...new Set(addresses.map(identifierOf).filter(Boolean))];
      if (ids.length)
        await q
          .insert(depositIdentifiers)
          .values(ids.map((identifier) => ({ network: "fiat", identifier, ownerKind: "account", ownerId: acct.id, businessId: acct.businessId })));
      await notify(q, acct.businessId, "account_updates", (to, f) => emails.accountUpdate(to, row.name, "ready to receive payments", f));
      return row;
    },

    /** Opens a live account at once (the demo, and sub-accounts). */
    async open(q: Queryable, businessId: string, currency: string, opts: OpenOptions & { holderName: string }) {
      const { ledger, row } = await this.openPending(q, businessId, currency, opts);
      return view(await this.provision(q, row.id, opts.holderName), ledger);
    },

    /** The business's own (master) accounts, oldest first. */
    async list(businessId: string, p: PageQuery & { sort?: Sort<(typeof ACCOUNT_SORTS)[number]> }) {
      const where = and(eq(accounts.businessId, businessId), isNull(accounts.parentAccountId));
      const by = { name: textKey(accounts.name), balance: availableSql, state: accounts.state, created_date: accounts.createdAt };
      const [rows, [total]] = await Promise.all([
        joined()
          .where(where)
          .orderBy(...orderOf(p.sort, by, accounts.id, [asc(accounts.createdAt), asc(accounts.id)]))
          .limit(p.limit)
          .offset(offsetOf(p)),
        db.select({ n: count() }).from(accounts).where(where),
      ]);
      return paged(
        rows.map((r) => view(r.a, r.l)),
        Number(total.n),
        p,
      );
    },

    async find(businessId: string, id: string) {
      const [row] = isUuid(id) ? await joined().where(and(eq(accounts.businessId, businessId), eq(accounts.id, id))) : [];
      if (!row) throw notFound("Account not found");
      return row;
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;
