/**
 * What an exchange is from (SPEC §2 Exchange): a fiat account or a stablecoin wallet, and the targets
 * on offer. Apart from the exchange form so that a page can show the 'Exchange' button, which needs
 * the targets, without loading the form before it is opened.
 */
import { useMemo } from "react";
import { useList } from "@refinedev/core";
import { useSession } from "../../session/session.tsx";
import { BLOCKCHAINS, STABLECOINS, networkOf, type Blockchain } from "../../../lib/assets.ts";
import { exchangeTargets, type ExchangeTarget } from "../../../../resources/exchange.ts";
import { accounts as accountResource, type Account } from "../../../../resources/accounts.ts";
import { wallets as walletResource, type Wallet } from "../../../../resources/wallets.ts";

/** What is being exchanged from: a fiat account or a stablecoin wallet, with what it may become. */
export type ExchangeSource = {
  kind: "account" | "wallet";
  id: string;
  name: string;
  currency: string;
  blockchain: string | null;
  available: string;
  supported: ExchangeTarget[];
};

type Supported = { currency: string; blockchain: string | null }[];
type WithFeatures = { features?: { exchanges?: { supported_currencies?: Supported } } };

const isStablecoin = (currency: string) => (STABLECOINS as readonly string[]).includes(currency);
export const targetKey = (t: ExchangeTarget) => (t.blockchain ? `${t.currency}:${t.blockchain}` : t.currency);
/** features.exchanges.supported_currencies (the shared exchangeTargets when absent); a stablecoin named without a chain arrives on any. */
function supportedOf(record: WithFeatures, fallback: ExchangeTarget[]): ExchangeTarget[] {
  const listed = record.features?.exchanges?.supported_currencies;
  if (!listed) return fallback;
  return listed.flatMap((t) =>
    isStablecoin(t.currency) && !t.blockchain
      ? BLOCKCHAINS.map((b) => ({ currency: t.currency, blockchain: b }))
      : [{ currency: t.currency, blockchain: (t.blockchain as Blockchain | null) ?? null }],
  );
}

export function accountSource(account: Account): ExchangeSource {
  return {
    kind: "account",
    id: account.id,
    name: account.name,
    currency: account.currency,
    blockchain: null,
    available: account.balance.available,
    supported: supportedOf(account as WithFeatures, exchangeTargets(account.currency)),
  };
}

export function walletSource(wallet: Wallet): ExchangeSource {
  return {
    kind: "wallet",
    id: wallet.id,
    name: wallet.name,
    currency: wallet.currency,
    blockchain: wallet.blockchain,
    available: wallet.available_balance,
    supported: supportedOf(wallet as WithFeatures, exchangeTargets(wallet.currency, wallet.blockchain)),
  };
}

export const sourceLabel = (s: ExchangeSource) =>
  s.kind === "wallet" && s.blockchain ? `${s.currency} · ${networkOf(s.blockchain)} · ${s.name}` : `${s.currency} · ${s.name}`;

/**
 * The targets on offer: the source's supported ones that the business holds (an active account in
 * the currency, or a wallet of the coin on that chain); stablecoins only with crypto access.
 */
export function useExchangeTargets(source: ExchangeSource | undefined) {
  const { session } = useSession();
  const crypto = !!session?.features.includes("crypto");
  const accounts = useList<Account>({ resource: accountResource.name, pagination: { pageSize: 100 }, errorNotification: false });
  const wallets = useList<Wallet>({
    resource: walletResource.name,
    pagination: { pageSize: 100 },
    errorNotification: false,
    queryOptions: { enabled: crypto },
  });
  const accountList = accounts.result?.data;
  const walletList = wallets.result?.data;
  const targets = useMemo(() => {
    if (!source) return [];
    const seen = new Set<string>();
    return source.supported.filter((t) => {
      const key = targetKey(t);
      if (seen.has(key) || (t.currency === source.currency && (t.blockchain ?? null) === (source.blockchain ?? null))) return false;
      seen.add(key);
      if (isStablecoin(t.currency)) {
        return crypto && !!t.blockchain && (walletList ?? []).some((w) => w.state === "ACTIVE" && w.currency === t.currency && w.blockchain === t.blockchain);
      }
      return (accountList ?? []).some((a) => a.state === "ACTIVE" && !a.in_request_state && a.currency === t.currency);
    });
  }, [source, crypto, accountList, walletList]);
  return { targets, loading: accounts.query.isLoading || (crypto && wallets.query.isLoading) };
}
