/**
 * The Swap panel's reads and prices (SPEC §2 Swap panel, §3 quotes, §7 Exchange): the accounts and
 * wallets money can leave from, the ones it can land in (only what the business holds), the
 * indicative rate of the pair, and the debounced quote of the amount typed. Amounts stay in
 * minor-unit strings and bigint: no float ever holds money.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslate } from "@refinedev/core";
import type { z } from "zod";
import { isApiError } from "../../api/client.ts";
import { call } from "../../api/call.ts";
import { useSession } from "../../session/session.tsx";
import { useToast } from "../../hooks/use-toast.ts";
import { precisionOf } from "../../../lib/money.ts";
import { BLOCKCHAIN_LABELS, BLOCKCHAINS, type Blockchain } from "../../../lib/assets.ts";
import {
  type CryptoExchangeQuoteRequest,
  type FiatExchangeQuoteBody,
  INDICATIVE_AMOUNTS,
  exchangeEndpoints,
  type ExchangeQuote,
  type ExchangeTarget,
} from "../../../../resources/exchange.ts";
import { accountEndpoints } from "../../../../resources/accounts.ts";
import { walletEndpoints } from "../../../../resources/wallets.ts";
import { toMajorString, toMinorUnits } from "./swap-amount.ts";

/** SPEC §7: a quote is asked for once typing has paused this long. */
export const QUOTE_DEBOUNCE_MS = 1000;

/** A quote's request: from an account (minor units) or from a wallet (asset_id, major units). */
export type QuoteRequest = z.input<typeof FiatExchangeQuoteBody> | z.input<typeof CryptoExchangeQuoteRequest>;

/** features.exchanges.supported_currencies as targets: a chain the product does not know is no target. */
const targetsOf = (listed: { currency: string; blockchain: string | null }[]): ExchangeTarget[] =>
  listed.flatMap((t): ExchangeTarget[] => {
    if (t.blockchain === null) return [{ currency: t.currency, blockchain: null }];
    const chain = BLOCKCHAINS.find((b) => b === t.blockchain);
    return chain ? [{ currency: t.currency, blockchain: chain }] : [];
  });

/** Where money can leave from: a fiat account or a stablecoin wallet. */
export type SwapSource = {
  kind: "account" | "wallet";
  id: string;
  name: string;
  currency: string;
  blockchain: string | null;
  /** Available balance in the source's minor units. */
  available: string;
  label: string;
  /** The label in a closed picker. */
  short: string;
  targets: ExchangeTarget[];
};

/** Where money can land: a currency (and chain, for stablecoins) the business holds. */
export type SwapDestination = {
  key: string;
  currency: string;
  blockchain: Blockchain | null;
  label: string;
  short: string;
  kind: "account" | "wallet";
  name: string;
};

export const assetLabel = (currency: string, blockchain: string | null) =>
  blockchain ? `${currency} · ${BLOCKCHAIN_LABELS[blockchain as Blockchain] ?? blockchain}` : currency;
/** The same, short enough for a closed picker beside the amount: "USDT · Tron". */
export const shortAssetLabel = (currency: string, blockchain: string | null) =>
  blockchain ? `${currency} · ${(BLOCKCHAIN_LABELS[blockchain as Blockchain] ?? blockchain).replace(/\s*\(.*\)$/, "")}` : currency;
const destinationKey = (currency: string, blockchain: string | null) => (blockchain ? `${currency}:${blockchain}` : currency);

/** The accounts and wallets a member may swap from, and what each may swap into. */
export function useSwapSources() {
  const { session, can } = useSession();
  const features = session?.features ?? [];
  const fiat = features.includes("fiat");
  const crypto = features.includes("crypto");
  // Each source type is gated by its own policy object (and so its own feature).
  const fiatAllowed = fiat && can("exchanges", "create");
  const cryptoAllowed = crypto && can("crypto-exchanges", "create");
  const allowed = fiatAllowed || cryptoAllowed;
  // Both lists are read whenever the business has them: a source of one kind may land in the other.
  const readAccounts = allowed && fiat && can("accounts", "list");
  const readWallets = allowed && crypto && can("wallets", "list");

  const accounts = useQuery({
    queryKey: ["accounts", "swap"],
    enabled: readAccounts,
    queryFn: async () => (await call(accountEndpoints.list, { query: { page: 1, limit: 100 } })).data.items,
  });
  const wallets = useQuery({
    queryKey: ["wallets", "swap"],
    enabled: readWallets,
    queryFn: async () => (await call(walletEndpoints.list, { query: { page: 1, limit: 100 } })).data.items,
  });

  const accountList = useMemo(
    () => (readAccounts ? (accounts.data ?? []) : []).filter((a) => a.state === "ACTIVE" && !a.in_request_state),
    [readAccounts, accounts.data],
  );
  const walletList = useMemo(() => (readWallets ? (wallets.data ?? []) : []).filter((w) => !w.state || w.state === "ACTIVE"), [readWallets, wallets.data]);

  const sources = useMemo<SwapSource[]>(() => {
    const out: SwapSource[] = [];
    if (fiatAllowed) {
      for (const a of accountList) {
        out.push({
          kind: "account",
          id: a.id,
          name: a.name,
          currency: a.currency,
          blockchain: null,
          available: a.balance.available,
          label: a.currency,
          short: a.currency,
          targets: targetsOf(a.features.exchanges.supported_currencies),
        });
      }
    }
    if (cryptoAllowed) {
      for (const w of walletList) {
        if (!w.features.exchanges.supported) continue;
        out.push({
          kind: "wallet",
          id: w.id,
          name: w.name,
          currency: w.currency,
          blockchain: w.blockchain,
          available: w.available_balance,
          label: assetLabel(w.currency, w.blockchain),
          short: shortAssetLabel(w.currency, w.blockchain),
          targets: targetsOf(w.features.exchanges.supported_currencies),
        });
      }
    }
    // Two accounts in one currency would read the same: their names tell them apart.
    for (const s of out) if (out.filter((o) => o.label === s.label).length > 1) [s.label, s.short] = [`${s.label} · ${s.name}`, `${s.short} · ${s.name}`];
    return out;
  }, [fiatAllowed, cryptoAllowed, accountList, walletList]);

  /** What a source may be swapped into, limited to what the business holds (stablecoins only with crypto). */
  const destinationsFor = useMemo(
    () =>
      (source: SwapSource | undefined): SwapDestination[] => {
        if (!source) return [];
        const out: SwapDestination[] = [];
        for (const t of source.targets) {
          const key = destinationKey(t.currency, t.blockchain);
          if (out.some((d) => d.key === key)) continue;
          if (t.blockchain) {
            if (!crypto) continue;
            const w = walletList.find((x) => x.currency === t.currency && x.blockchain === t.blockchain);
            if (w)
              out.push({
                key,
                currency: t.currency,
                blockchain: t.blockchain,
                label: assetLabel(t.currency, t.blockchain),
                short: shortAssetLabel(t.currency, t.blockchain),
                kind: "wallet",
                name: w.name,
              });
          } else {
            const a = accountList.find((x) => x.currency === t.currency);
            if (a) out.push({ key, currency: t.currency, blockchain: null, label: t.currency, short: t.currency, kind: "account", name: a.name });
          }
        }
        return out;
      },
    [crypto, accountList, walletList],
  );

  return {
    allowed,
    sources,
    destinationsFor,
    loading: (readAccounts && accounts.isLoading) || (readWallets && wallets.isLoading),
    error: (readAccounts && accounts.isError) || (readWallets && wallets.isError),
  };
}

/** The request a quote (and then its execution) is made of, by the kind of source. */
export function quoteRequest(source: SwapSource, destination: SwapDestination, amountText: string): QuoteRequest | null {
  const chain = destination.blockchain ? { blockchain: destination.blockchain } : {};
  if (source.kind === "account") {
    const minor = toMinorUnits(amountText, precisionOf(source.currency));
    if (minor === null || minor <= 0n) return null;
    return { source_account_id: source.id, fixed_side: "source", amount: minor.toString(), destination_currency: destination.currency, ...chain };
  }
  const major = toMajorString(amountText);
  if (major === null || toMinorUnits(major, 2)! <= 0n) return null;
  return { asset_id: source.id, amount_in_major: major, destination_currency: destination.currency, ...chain };
}

/** Reads of a quote that hold whichever of its names the server filled. */
export const quoteGiven = (q: ExchangeQuote) => q.source_amount ?? q.sending_amount;
export const quoteFee = (q: ExchangeQuote) => q.fee ?? q.total_fees;
export const quoteRate = (q: ExchangeQuote) => q.exchange_rate ?? q.exchange?.rate;

/** SPEC §7: the pair's indicative rate, asked for with INDICATIVE_AMOUNTS.swap whenever the pair changes. */
export function useIndicativeRate(source: SwapSource | undefined, destination: SwapDestination | undefined) {
  const [rate, setRate] = useState<{ pair: string; value: string | null } | null>(null);
  const pair = source && destination ? `${source.id}>${destination.key}` : "";
  useEffect(() => {
    if (!source || !destination) return;
    const body = quoteRequest(source, destination, INDICATIVE_AMOUNTS.swap);
    if (!body) return;
    let live = true;
    call(exchangeEndpoints.quote, { body })
      .then((r) => live && setRate({ pair, value: quoteRate(r.data) }))
      .catch((e) => {
        console.error(e); // the rate line says it is unavailable; the panel stays usable
        if (live) setRate({ pair, value: null });
      });
    return () => {
      live = false;
    };
    // The pair is the whole key: balances refreshing must not re-ask.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pair]);
  if (!pair || rate?.pair !== pair) return { rate: undefined, loading: !!pair };
  return { rate: rate.value, loading: false };
}

/** A confirmed-to-be price: the quote and the exact request it answers (the execution repeats it). */
export type PricedSwap = { quote: ExchangeQuote; request: QuoteRequest };

/**
 * The quote of the amount typed: cleared as soon as amount or either currency changes, asked for
 * QUOTE_DEBOUNCE_MS after the last change, only with an amount. Failures toast the server's message.
 */
export function useSwapQuote(source: SwapSource | undefined, destination: SwapDestination | undefined, amountText: string) {
  const translate = useTranslate();
  const toast = useToast();
  const [priced, setPriced] = useState<PricedSwap | null>(null);
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const immediate = useRef(false);
  const request = source && destination ? quoteRequest(source, destination, amountText) : null;
  // Any edit of the text counts as a change ("100.0" -> "100.00" too): the quote waits for typing to stop.
  const key = request ? JSON.stringify([request, amountText]) : "";
  useEffect(() => {
    setPriced(null);
    setLoading(false);
    const now = immediate.current;
    immediate.current = false;
    if (!request) return;
    let live = true;
    setLoading(true);
    const t = setTimeout(
      () => {
        call(exchangeEndpoints.quote, { body: request })
          .then((r) => live && setPriced({ quote: r.data, request }))
          .catch((e) => live && toast.error(isApiError(e) ? e : new Error(translate("swap.quoteFailed"))))
          .finally(() => live && setLoading(false));
      },
      now ? 0 : QUOTE_DEBOUNCE_MS,
    );
    return () => {
      live = false;
      clearTimeout(t);
    };
    // The key is the request's identity; `request` itself is rebuilt every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, version, toast]);
  return {
    priced,
    loading,
    /** Asks again at once, for the same request (an expired or used quote). */
    requote: () => {
      immediate.current = true;
      setVersion((v) => v + 1);
    },
    clear: () => setPriced(null),
  };
}
