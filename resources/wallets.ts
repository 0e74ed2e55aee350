/** Stablecoin wallets (SPEC §2 Crypto wallets page, §3 Wallet). Creating one is the Create asset modal. */
import { z } from "zod";
import { BLOCKCHAINS, STABLECOINS } from "../src/lib/assets.ts";
import { ExchangeTargets } from "./accounts.ts";
import { catalogEntry } from "./catalog.ts";
import { defineResource } from "./define-resource.ts";
import { lockedUntilVerified } from "./define-screen.ts";
import { endpoint, IdParams } from "./define-endpoint.ts";
import { day, sortParam } from "./list-query.ts";
import { PageQuery } from "./page-query.ts";
import { CryptoTransaction, Flows, MainOwnerSummary, SubOwnerSummary } from "./transaction-views.ts";
import { MinorUnits } from "./money.ts";

/**
 * SPEC §3 Wallet, as walletService.view answers it (src/server/services/wallets.ts): a main wallet, or
 * a sub-wallet (parent_wallet_id set; customer_id when it is a customer's).
 */
export const Wallet = z
  .object({
    id: z.string(),
    name: z.string(),
    state: z.string(),
    currency: z.string(),
    blockchain: z.string(),
    address: z.string(),
    /** institution (the business's own) or customer. */
    classification: z.string(),
    parent_wallet_id: z.string().nullable(),
    customer_id: z.string().nullable(),
    asset: z.object({ currency: z.string(), blockchain: z.string() }),
    available_balance: MinorUnits,
    balance: MinorUnits,
    balance_in_usd: MinorUnits,
    /** Decimal places of the asset's minor unit. */
    precision: z.number().int(),
    features: z.object({ exchanges: z.object({ supported: z.boolean(), supported_currencies: ExchangeTargets }) }),
    deposit_address: z.object({ address: z.string(), qr_code_link: z.string() }),
    created_at: z.string(),
  })
  .meta({ id: "Wallet" });
export type Wallet = z.infer<typeof Wallet>;

/** What a wallet may be created for: one stablecoin on one chain. */
export const SupportedAsset = z.object({ currency: z.enum(STABLECOINS), blockchain: z.enum(BLOCKCHAINS) }).meta({ id: "SupportedAsset" });

const CreateAsset = z.object({
  currency: z.enum(STABLECOINS, { error: "Please select an asset" }),
  blockchain: z.enum(BLOCKCHAINS, { error: "Please select an asset" }),
});
const WalletSummaryQuery = z.object({
  from_date: day("from_date").optional(),
  to_date: day("to_date").optional(),
});

/** A wallet's graph: its ranges (a main wallet's or a sub-wallet's, SPEC §4), or the days between from_date and to_date. */
export const WalletSummary = z.union([MainOwnerSummary, SubOwnerSummary, Flows.extend({ currency: z.string() })]).meta({ id: "WalletSummary" });

/** SPEC §7 wallets and assets: supported assets, create a wallet, list, one, main, summary, transactions. */
/** The wallets list's orders: by asset, available balance (as a number), creation (the default, oldest first). */
export const WALLET_SORTS = ["currency", "balance", "created_date"] as const;

const rule = (act: string) => ({ obj: "wallets", act });
const tag = "wallets";
export const walletEndpoints = {
  supportedAssets: endpoint({
    method: "GET",
    path: "/crypto/v1/data/supported-assets",
    summary: "List supported stablecoin assets",
    tag,
    access: rule("list"),
    answer: { one: z.array(SupportedAsset) },
  }),
  create: endpoint({
    method: "POST",
    path: "/crypto/v1/assets/corporate",
    summary: "Create a stablecoin wallet",
    tag,
    access: rule("create"),
    changes: ["wallets"],
    body: CreateAsset,
    status: 201,
    answer: { one: Wallet },
  }),
  list: endpoint({
    method: "GET",
    path: "/wallets",
    summary: "List stablecoin wallets",
    tag,
    access: rule("list"),
    query: PageQuery.extend({ sort: sortParam(WALLET_SORTS, "created_date") }),
    answer: { page: Wallet },
  }),
  /** The business's main wallets (every asset it holds at the top level). */
  main: endpoint({
    method: "GET",
    path: "/wallets/institution/main",
    summary: "List the main wallets",
    tag,
    access: rule("list"),
    answer: { one: z.array(Wallet) },
  }),
  show: endpoint({
    method: "GET",
    path: "/wallets/:id",
    summary: "Get a wallet",
    tag,
    access: rule("show"),
    params: IdParams,
    answer: { one: Wallet },
  }),
  summary: endpoint({
    method: "GET",
    path: "/wallets/:id/summary",
    summary: "Get a wallet's inflow and outflow summary",
    tag,
    access: rule("show"),
    params: IdParams,
    query: WalletSummaryQuery,
    answer: { one: WalletSummary },
  }),
  transactions: endpoint({
    method: "GET",
    path: "/wallets/:id/transactions",
    summary: "List a wallet's transactions",
    tag,
    access: rule("show"),
    params: IdParams,
    query: PageQuery,
    answer: { page: CryptoTransaction },
  }),
};

export const wallets = defineResource<Wallet>({
  ...catalogEntry("wallets"),
  title: "Wallets",
  subtitle: "Manage your wallets",
  screens: { list: lockedUntilVerified, show: lockedUntilVerified },
  api: { list: walletEndpoints.list, one: walletEndpoints.show },
  schema: Wallet,
  access: { obj: "wallets" },
  columns: [
    { field: "currency", title: "Wallet", render: "wallet", sort: "currency" },
    { field: "blockchain", title: "Address", render: "blockchain" },
    { field: "available_balance", title: "Balance", render: "money", currencyField: "currency", sort: "balance" },
    { field: "id", title: "Action", render: "view" },
  ],
  filters: [],
  pageSize: 10,
  banner: { title: "Open a crypto wallet", body: "Hold, receive and send USDT and USDC on the network you choose.", action: "Create wallet" },
  createLabel: "Create wallet",
  createComponent: "create-asset",
  empty: { title: "You've not created any wallet yet", body: "Create a digital asset wallet to get started" },
  emptyFiltered: { title: "You've not created any wallet yet", body: "Create a digital asset wallet to get started" },
  errorMessage: "Error fetching wallets",
  recordTitle: (w) => `${w.currency} wallet`,
  showComponent: "wallet-details",
  aside: "swap-panel",
});
