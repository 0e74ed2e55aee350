/**
 * The dashboard's reads (business profile, fiat accounts, main wallets) and the figures built from
 * them. Money stays in integer minor-unit strings and bigint end to end: no float ever holds it.
 */
import { useQuery } from "@tanstack/react-query";
import { call } from "../../api/call.ts";
import { businessEndpoints } from "../../../../resources/business.ts";
import { accountEndpoints } from "../../../../resources/accounts.ts";
import { walletEndpoints } from "../../../../resources/wallets.ts";
import { useSession } from "../../session/session.tsx";

export type DashboardAccount = {
  id: string;
  name: string;
  currency: string;
  state: string;
  balance: { available: string };
  balance_in_usd: { available: string };
};

export type DashboardWallet = {
  id: string;
  name: string;
  currency: string;
  blockchain: string;
  address: string;
  available_balance: string;
  balance_in_usd: string;
};

/** One card of the carousel or one line of the side panel, whatever it stands for. */
export type DashboardCardItem = {
  key: string;
  name: string;
  currency: string;
  /** Available balance in the card's own minor units. */
  available: string;
  blockchain?: string;
  /** Where a click goes; placeholders go nowhere. */
  href?: string;
};

/** Shown while KYB is not approved (SPEC §2): the accounts a new Nigerian or Kenyan business opens first. */
export const PLACEHOLDER_CARDS: DashboardCardItem[] = [
  { key: "placeholder-NGN", name: "Naira account", currency: "NGN", available: "0" },
  { key: "placeholder-KES", name: "Kenyan Shilling account", currency: "KES", available: "0" },
];

export function toCards(accounts: DashboardAccount[], wallets: DashboardWallet[]): DashboardCardItem[] {
  return [
    ...accounts.map((a) => ({ key: a.id, name: a.name, currency: a.currency, available: a.balance.available, href: `/accounts/${a.id}` })),
    ...wallets.map((w) => ({
      key: w.id,
      name: w.name,
      currency: w.currency,
      available: w.available_balance,
      blockchain: w.blockchain,
      href: `/crypto/wallets/${w.id}`,
    })),
  ];
}

/** Total assets in US cents: the server already converted each balance, so this is an exact sum. */
export const sumUsdCents = (accounts: DashboardAccount[], wallets: DashboardWallet[]): bigint =>
  [...accounts.map((a) => a.balance_in_usd.available), ...wallets.map((w) => w.balance_in_usd)].reduce((t, v) => t + BigInt(v || "0"), 0n);

export function useDashboardData() {
  const { session } = useSession();
  const features = session?.features ?? [];
  const fiat = features.includes("fiat");
  const crypto = features.includes("crypto");

  const profile = useQuery({
    queryKey: ["business-profile", "dashboard"],
    queryFn: async () => (await call(businessEndpoints.profile)).data,
  });
  // Each list is asked for only with its feature: without it the server refuses, and that is not an error here.
  const accounts = useQuery({
    queryKey: ["accounts", "dashboard"],
    enabled: fiat,
    queryFn: async () => (await call(accountEndpoints.list, { query: { page: 1, limit: 100 } })).data.items,
  });
  const wallets = useQuery({
    queryKey: ["wallets", "dashboard"],
    enabled: crypto,
    queryFn: async () => (await call(walletEndpoints.main)).data,
  });

  const accountList = fiat ? (accounts.data ?? []) : [];
  const walletList = crypto ? (wallets.data ?? []) : [];
  const loading = profile.isLoading || (fiat && accounts.isLoading) || (crypto && wallets.isLoading);
  const balanceError = (fiat && accounts.isError) || (crypto && wallets.isError);
  // An unreadable profile must not hide real money: only a known non-approved review dims it.
  const reviewStatus = profile.data?.kyc.review_status;
  const kybApproved = profile.isError || reviewStatus === "APPROVED";

  return {
    fiat,
    crypto,
    loading,
    balanceError,
    kybApproved,
    reviewStatus,
    totalUsdCents: balanceError ? null : sumUsdCents(accountList, walletList),
    cards: toCards(accountList, walletList),
  };
}

export type DashboardData = ReturnType<typeof useDashboardData>;
