/**
 * Sub-wallets (SPEC §2 Sub-wallets, §5 Sub-wallet, §7 POST wallets): stablecoin wallets under the
 * business's main wallet of an asset, its own or for a customer, each with its own deposit address.
 */
import { z } from "zod";
import { BLOCKCHAIN_LABELS, BLOCKCHAINS, STABLECOINS, type Blockchain } from "../src/lib/assets.ts";
import { catalogEntry } from "./catalog.ts";
import { defineResource } from "./define-resource.ts";
import { lockedUntilVerified } from "./define-screen.ts";
import { endpoint } from "./define-endpoint.ts";
import { listOf, sortParam } from "./list-query.ts";
import { PageQuery } from "./page-query.ts";
import { Wallet, walletEndpoints } from "./wallets.ts";
import { MinorUnits } from "./money.ts";

export const SUB_WALLET_STATES = ["ACTIVE", "FROZEN"] as const;

/** POST wallets (sub-wallet): {currency, blockchain, name, classification, customer_id for customer wallets}. */
export const CreateSubWallet = z
  .object({
    currency: z.enum(STABLECOINS, { error: "Please select an asset" }),
    blockchain: z.enum(BLOCKCHAINS, { error: "Please select an asset" }),
    name: z
      .string({ error: "Sub-wallet name is required" })
      .trim()
      .min(1, "Sub-wallet name is required")
      .max(100, "Sub-wallet name must be at most 100 characters"),
    /** institution (the business's own) or customer; a customer_id alone means a customer's sub-wallet. */
    classification: z.enum(["institution", "customer"], { error: "classification must be institution or customer" }).optional(),
    customer_id: z.string({ error: "Please select a customer" }).uuid("Please select a customer").optional(),
  })
  .superRefine((v, ctx) => {
    if (v.classification === "customer" && v.customer_id === undefined)
      ctx.addIssue({ code: "custom", path: ["customer_id"], message: "Please select a customer" });
    if (v.classification === "institution" && v.customer_id !== undefined)
      ctx.addIssue({ code: "custom", path: ["customer_id"], message: "An own sub-wallet has no customer" });
  })
  .transform((v) => ({ ...v, classification: v.customer_id ? ("customer" as const) : ("institution" as const) }));

/**
 * SPEC §3 Sub-wallet as listed and shown: the wallet view (resources/wallets.ts), its parent, customer
 * and classification set.
 */
export const SubWallet = Wallet;
export type SubWallet = Wallet;

/** GET wallets/institution/sub-wallet-distribution: per asset, the count of sub-wallets and what they hold. */
export const SubWalletDistribution = z.array(
  z
    .object({
      currency: z.string(),
      blockchain: z.string(),
      sub_wallet_count: z.number().int(),
      total_balance: MinorUnits,
      balance_in_usd: MinorUnits,
    })
    .meta({ id: "SubWalletAssetTotal" }),
);
export type SubWalletDistribution = z.infer<typeof SubWalletDistribution>;

/** The sub-wallets list's orders: by name (ignoring case), available balance (as a number), state, creation (the default, newest first). */
export const SUB_WALLET_SORTS = ["name", "balance", "state", "created_date"] as const;
const SubWalletListQuery = PageQuery.extend({
  sort: sortParam(SUB_WALLET_SORTS, "-created_date"),
  asset: z.enum(STABLECOINS, { error: "Unknown asset" }).optional(),
  blockchain: z.enum(BLOCKCHAINS, { error: "Unknown blockchain" }).optional(),
  keyword: z.string().trim().max(100, "keyword must be at most 100 characters").optional(),
  states: listOf(z.enum(SUB_WALLET_STATES, { error: "Unknown state" })).optional(),
});

/** SPEC §7 sub-wallets (the wallets policy): create, list, the distribution by asset. */
const rule = (act: string) => ({ obj: "wallets", act });
const tag = "wallets";
export const subWalletEndpoints = {
  /** A sub-wallet, the business's own or a customer's (SPEC §7 POST wallets). */
  create: endpoint({
    method: "POST",
    path: "/wallets",
    summary: "Create a sub-wallet",
    tag,
    access: rule("create"),
    changes: ["sub-wallets", "wallets"],
    body: CreateSubWallet,
    status: 201,
    answer: { one: SubWallet },
  }),
  /** `states[]=A&states[]=B` as well as `states=A,B` (the server folds the keys: normaliseArrayKeys). */
  list: endpoint({
    method: "GET",
    path: "/wallets/sub-wallets",
    summary: "List sub-wallets",
    tag,
    access: rule("list"),
    query: SubWalletListQuery,
    answer: { page: SubWallet },
  }),
  distribution: endpoint({
    method: "GET",
    path: "/wallets/institution/sub-wallet-distribution",
    summary: "Get the sub-wallet distribution by asset",
    tag,
    access: rule("list"),
    answer: { one: SubWalletDistribution },
  }),
};

export const SUB_WALLET_STATE_LABELS: Record<string, string> = { ACTIVE: "Active", FROZEN: "Frozen" };
export const SUB_WALLET_CLASSIFICATION_LABELS: Record<string, string> = { institution: "Own", customer: "Customer" };

/** "USDT · Tron": an asset with its chain's short name. */
export const assetLabel = (currency: string, blockchain: string) =>
  `${currency} · ${(BLOCKCHAIN_LABELS[blockchain as Blockchain] ?? blockchain).replace(/ \(.*\)$/, "")}`;

export const subWallets = defineResource<SubWallet>({
  ...catalogEntry("sub-wallets"),
  title: "Sub-wallets",
  subtitle: "Stablecoin wallets under your main wallets, for your business or your customers",
  screens: { list: lockedUntilVerified, show: lockedUntilVerified },
  api: { list: subWalletEndpoints.list, one: walletEndpoints.show, create: subWalletEndpoints.create },
  schema: SubWallet,
  create: CreateSubWallet,
  access: { obj: "wallets" },
  columns: [
    { field: "name", title: "Name", sort: "name" },
    { field: "currency", title: "Wallet", render: "wallet" },
    { field: "classification", title: "Type", labels: SUB_WALLET_CLASSIFICATION_LABELS },
    { field: "available_balance", title: "Balance", render: "money", currencyField: "currency", sort: "balance" },
    { field: "state", title: "Status", render: "status", labels: SUB_WALLET_STATE_LABELS, sort: "state" },
    { field: "created_at", title: "Created", render: "date", sort: "created_date" },
  ],
  filters: [
    { field: "keyword", kind: "search", param: "keyword", placeholder: "Search by name" },
    {
      field: "states",
      kind: "multi",
      param: "states",
      label: "Status",
      options: SUB_WALLET_STATES.map((s) => ({ value: s, label: SUB_WALLET_STATE_LABELS[s] })),
    },
  ],
  pageSize: 10,
  createLabel: "Create sub-wallet",
  createMenu: {
    param: "for",
    options: [
      { value: "own", label: "Own" },
      { value: "customer", label: "Customer" },
    ],
  },
  createSuccess: "Sub-wallet created successfully",
  empty: { title: "No Sub-Wallets", body: "You have not created any Sub-Wallet" },
  emptyFiltered: { title: "No Sub-Wallets", body: "No sub-wallets match your filters or search query" },
  errorMessage: "Error fetching sub-wallets",
  recordTitle: (w) => w.name,
  // The page (asset picker, distribution) hosts the list; its transactions are all sub-wallets' of the asset.
  tabs: [
    { key: "list", label: "List of sub-wallets" },
    { key: "transactions", label: "Recent transactions", hosted: true },
  ],
  listComponent: "sub-wallets",
  createComponent: "create-sub-wallet",
  showComponent: "sub-wallet-details",
});
