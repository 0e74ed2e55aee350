/** Stablecoin wallets (SPEC §3 Wallet, Crypto account/asset): one asset on one chain, with a deposit address. */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { depositIdentifiers, ledgerAccounts, wallets } from "../db/schema/index.ts";
import type { Queryable } from "../db/client.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { BLOCKCHAINS, PRECISION, STABLECOINS, type Blockchain, type Stablecoin } from "../../lib/assets.ts";
import { available, availableSql, openAccount } from "../ledger/ledger.ts";
import type { ChainProvider } from "../providers/chain/provider.ts";
import { isUuid, likePattern, offsetOf, orderOf, paged, textKey, type PageQuery } from "../db/paging.ts";
import type { Sort } from "../../../resources/list-query.ts";
import type { WALLET_SORTS } from "../../../resources/wallets.ts";
import type { SUB_WALLET_SORTS } from "../../../resources/sub-wallets.ts";
import type { ServiceContext } from "./context.ts";
import type { FxService } from "./fx.ts";
import { exchangeTargets } from "../../../resources/exchange.ts";

/** The deposit address as a QR image; qrcode is loaded on first use (it is ~8 MB of resident memory). */
async function qrCode(address: string) {
  const { default: QRCode } = await import("qrcode");
  return QRCode.toDataURL(address, { margin: 1, width: 240 });
}

type Row = typeof wallets.$inferSelect;
type Ledger = typeof ledgerAccounts.$inferSelect;

export const SUPPORTED_ASSETS = STABLECOINS.flatMap((currency) => BLOCKCHAINS.map((blockchain) => ({ currency, blockchain })));

export function walletService({ db }: ServiceContext, deps: { chain: ChainProvider; fx: FxService }) {
  async function view(w: Row, l: Ledger) {
    const avail = available(l);
    return {
      id: w.id,
      name: w.name,
      state: w.state,
      currency: w.currency,
      blockchain: w.blockchain,
      address: w.address,
      classification: w.classification,
      parent_wallet_id: w.parentWalletId,
      customer_id: w.customerId,
      asset: { currency: w.currency, blockchain: w.blockchain },
      available_balance: avail.toString(),
      balance: avail.toString(),
      balance_in_usd: deps.fx.toUsd(avail, w.currency).toString(),
      precision: PRECISION[w.currency as Stablecoin],
      features: { exchanges: { supported: true, supported_currencies: exchangeTargets(w.currency, w.blockchain) } },
      deposit_address: { address: w.address, qr_code_link: await qrCode(w.address) },
      created_at: w.createdAt.toISOString(),
    };
  }
  const joined = () => db.select({ w: wallets, l: ledgerAccounts }).from(wallets).innerJoin(ledgerAccounts, eq(ledgerAccounts.id, wallets.ledgerAccountId));
  const own = (businessId: string) => and(eq(wallets.businessId, businessId), isNull(wallets.parentWalletId));

  return {
    async create(q: Queryable, businessId: string, asset: { currency: Stablecoin; blockchain: Blockchain }, name?: string) {
      const [exists] = await q
        .select({ id: wallets.id })
        .from(wallets)
        .where(and(own(businessId), eq(wallets.currency, asset.currency), eq(wallets.blockchain, asset.blockchain)));
      if (exists) throw conflict(`You already have a ${asset.currency} wallet on ${asset.blockchain}`);
      const id = crypto.randomUUID();
      const ledger = await openAccount(q, { code: `wallet:${id}`, asset: asset.currency, businessId });
      const address = deps.chain.newAddress(asset.blockchain, id);
      const [row] = await q
        .insert(wallets)
        .values({
          id,
          businessId,
          ledgerAccountId: ledger.id,
          currency: asset.currency,
          blockchain: asset.blockchain,
          address,
          name: name ?? `${asset.currency} wallet`,
        })
        .returning();
      await q.insert(depositIdentifiers).values({ network: asset.blockchain, identifier: address, ownerKind: "wallet", ownerId: id, businessId });
      return view(row, ledger);
    },

    async list(businessId: string, p: PageQuery & { sort?: Sort<(typeof WALLET_SORTS)[number]> }) {
      const by = { currency: wallets.currency, balance: availableSql, created_date: wallets.createdAt };
      const [rows, [total]] = await Promise.all([
        joined()
          .where(own(businessId))
          .orderBy(...orderOf(p.sort, by, wallets.id, [asc(wallets.createdAt), asc(wallets.id)]))
          .limit(p.limit)
          .offset(offsetOf(p)),
        db.select({ n: count() }).from(wallets).where(own(businessId)),
      ]);
      return paged(await Promise.all(rows.map((r) => view(r.w, r.l))), Number(total.n), p);
    },

    async find(businessId: string, id: string) {
      const [row] = isUuid(id) ? await joined().where(and(eq(wallets.businessId, businessId), eq(wallets.id, id))) : [];
      if (!row) throw notFound("Wallet not found");
      return row;
    },

    /** A sub-wallet under the main wallet of its asset, with its own deposit address (and ledger account). */
    async createSub(q: Queryable, businessId: string, input: { currency: Stablecoin; blockchain: Blockchain; name: string; customerId: string | null }) {
      const [main] = await q
        .select()
        .from(wallets)
        .where(and(own(businessId), eq(wallets.currency, input.currency), eq(wallets.blockchain, input.blockchain)));
      if (!main)
        throw badRequest(`Create a ${input.currency} wallet on ${input.blockchain} before its sub-wallets`, [
          { path: "currency", message: "No main wallet for this asset" },
        ]);
      const id = crypto.randomUUID();
      const ledger = await openAccount(q, { code: `wallet:${id}`, asset: input.currency, businessId });
      const address = deps.chain.newAddress(input.blockchain, id);
      const [row] = await q
        .insert(wallets)
        .values({
          id,
          businessId,
          ledgerAccountId: ledger.id,
          currency: input.currency,
          blockchain: input.blockchain,
          address,
          name: input.name,
          parentWalletId: main.id,
          customerId: input.customerId,
          classification: input.customerId ? "customer" : "institution",
        })
        .returning();
      await q.insert(depositIdentifiers).values({ network: input.blockchain, identifier: address, ownerKind: "wallet", ownerId: id, businessId });
      return view(row, ledger);
    },

    /** Sub-wallets, newest first, by asset, chain, name and state. */
    async listSub(
      businessId: string,
      f: PageQuery & { currency?: string; blockchain?: string; keyword?: string; states?: string[]; sort?: Sort<(typeof SUB_WALLET_SORTS)[number]> },
    ) {
      const where = and(
        eq(wallets.businessId, businessId),
        isNotNull(wallets.parentWalletId),
        f.currency ? eq(wallets.currency, f.currency) : undefined,
        f.blockchain ? eq(wallets.blockchain, f.blockchain) : undefined,
        f.keyword ? ilike(wallets.name, likePattern(f.keyword)) : undefined,
        f.states?.length ? inArray(wallets.state, f.states) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        joined()
          .where(where)
          .orderBy(
            ...orderOf(f.sort, { name: textKey(wallets.name), balance: availableSql, state: wallets.state, created_date: wallets.createdAt }, wallets.id, [
              desc(wallets.createdAt),
              desc(wallets.id),
            ]),
          )
          .limit(f.limit)
          .offset(offsetOf(f)),
        db.select({ n: count() }).from(wallets).where(where),
      ]);
      return paged(await Promise.all(rows.map((r) => view(r.w, r.l))), Number(total.n), f);
    },

    /** GET wallets/institution/sub-wallet-distribution: per asset, how many sub-wallets and how much they hold. */
    async subDistribution(businessId: string) {
      const rows = await db
        .select({
          currency: wallets.currency,
          blockchain: wallets.blockchain,
          n: count(),
          total: sql<string>`coalesce(sum(${ledgerAccounts.posted} - ${ledgerAccounts.pendingDebits}), 0)`,
        })
        .from(wallets)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, wallets.ledgerAccountId))
        .where(and(eq(wallets.businessId, businessId), isNotNull(wallets.parentWalletId)))
        .groupBy(wallets.currency, wallets.blockchain)
        .orderBy(wallets.currency, wallets.blockchain);
      return rows.map((r) => ({
        currency: r.currency,
        blockchain: r.blockchain,
        sub_wallet_count: Number(r.n),
        total_balance: String(r.total),
        balance_in_usd: deps.fx.toUsd(BigInt(r.total), r.currency).toString(),
      }));
    },

    view,
  };
}
export type WalletService = ReturnType<typeof walletService>;
