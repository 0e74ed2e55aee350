/** Stablecoin wallets (SPEC §3 Wallet, Crypto account/asset): one asset on one chain, with a deposit address. */
import { and, asc, count, eq, isNull } from "drizzle-orm";
import QRCode from "qrcode";
import { depositIdentifiers, ledgerAccounts, wallets } from "../db/schema/index.ts";
import type { Queryable } from "../db/client.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { BLOCKCHAINS, PRECISION, STABLECOINS, type Blockchain, type Stablecoin } from "../../lib/assets.ts";
import { available, openAccount } from "../ledger/ledger.ts";
import type { ChainProvider } from "../providers/chain/provider.ts";
import { isUuid, offsetOf, paged, type PageQuery } from "../routes/paging.ts";
import type { ServiceContext } from "./context.ts";
import type { FxService } from "./fx.ts";
import { exchangeTargets } from "../../../resources/exchange.ts";

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
      asset: { currency: w.currency, blockchain: w.blockchain },
      available_balance: avail.toString(),
      balance: avail.toString(),
      balance_in_usd: deps.fx.toUsd(avail, w.currency).toString(),
      precision: PRECISION[w.currency as Stablecoin],
      features: { exchanges: { supported: true, supported_currencies: exchangeTargets(w.currency, w.blockchain) } },
      deposit_address: { address: w.address, qr_code_link: await QRCode.toDataURL(w.address, { margin: 1, width: 240 }) },
      created_at: w.createdAt.toISOString(),
    };
  }
  const joined = () => db.select({ w: wallets, l: ledgerAccounts }).from(wallets).innerJoin(ledgerAccounts, eq(ledgerAccounts.id, wallets.ledgerAccountId));
  const own = (businessId: string) => and(eq(wallets.businessId, businessId), isNull(wallets.parentWalletId));

  return {
    async create(q: Queryable, businessId: string, asset: { currency: Stablecoin; blockchain: Blockchain }, name?: string) {
      const [exists] = await q.select({ id: wallets.id }).from(wallets).where(and(own(businessId), eq(wallets.currency, asset.currency), eq(wallets.blockchain, asset.blockchain)));
      if (exists) throw conflict(`You already have a ${asset.currency} wallet on ${asset.blockchain}`);
      const id = crypto.randomUUID();
      const ledger = await openAccount(q, { code: `wallet:${id}`, asset: asset.currency, businessId });
      const address = deps.chain.newAddress(asset.blockchain, id);
      const [row] = await q
        .insert(wallets)
        .values({ id, businessId, ledgerAccountId: ledger.id, currency: asset.currency, blockchain: asset.blockchain, address, name: name ?? `${asset.currency} wallet` })
        .returning();
      await q.insert(depositIdentifiers).values({ network: asset.blockchain, identifier: address, ownerKind: "wallet", ownerId: id, businessId });
      return view(row, ledger);
    },

    async list(businessId: string, p: PageQuery) {
      const [rows, [total]] = await Promise.all([
        joined().where(own(businessId)).orderBy(asc(wallets.createdAt), asc(wallets.id)).limit(p.limit).offset(offsetOf(p)),
        db.select({ n: count() }).from(wallets).where(own(businessId)),
      ]);
      return paged(await Promise.all(rows.map((r) => view(r.w, r.l))), Number(total.n), p);
    },

    async find(businessId: string, id: string) {
      const [row] = isUuid(id) ? await joined().where(and(eq(wallets.businessId, businessId), eq(wallets.id, id))) : [];
      if (!row) throw notFound("Wallet not found");
      return row;
    },

    view,
  };
}
export type WalletService = ReturnType<typeof walletService>;
