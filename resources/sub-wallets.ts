/**
 * Sub-wallets (SPEC §2 Sub-wallets, §5 Sub-wallet, §7 POST wallets): stablecoin wallets under the
 * business's main wallet of an asset, its own or for a customer, each with its own deposit address.
 */
import { z } from "zod";
import { BLOCKCHAIN_LABELS, BLOCKCHAINS, STABLECOINS, type Blockchain } from "../src/lib/assets.ts";
import { defineResource } from "./define-resource.ts";

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

/** SPEC §3 Sub-wallet as listed and shown: the wallet view plus its parent, customer and classification. */
export const SubWallet = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  blockchain: z.string(),
  address: z.string(),
  available_balance: z.string(),
  balance_in_usd: z.string(),
  state: z.string(),
  parent_wallet_id: z.string().nullable(),
  customer_id: z.string().nullable(),
  classification: z.string(),
  deposit_address: z.object({ address: z.string(), qr_code_link: z.string() }),
  created_at: z.string(),
});
export type SubWallet = z.infer<typeof SubWallet>;

/** GET wallets/institution/sub-wallet-distribution: per asset, the count of sub-wallets and what they hold. */
export type SubWalletDistribution = { currency: string; blockchain: string; sub_wallet_count: number; total_balance: string; balance_in_usd: string }[];

export const SUB_WALLET_STATE_LABELS: Record<string, string> = { ACTIVE: "Active", FROZEN: "Frozen" };
export const SUB_WALLET_CLASSIFICATION_LABELS: Record<string, string> = { institution: "Own", customer: "Customer" };

/** "USDT · Tron": an asset with its chain's short name. */
export const assetLabel = (currency: string, blockchain: string) =>
  `${currency} · ${(BLOCKCHAIN_LABELS[blockchain as Blockchain] ?? blockchain).replace(/ \(.*\)$/, "")}`;

export const subWallets = defineResource<SubWallet>({
  name: "sub-wallets",
  label: "Sub-wallets",
  title: "Sub-wallets",
  subtitle: "Stablecoin wallets under your main wallets, for your business or your customers",
  routes: { list: "/crypto/sub-wallets", show: "/crypto/sub-wallets/:id" },
  api: { list: "wallets/sub-wallets", one: "wallets/:id", create: "wallets" },
  schema: SubWallet,
  create: CreateSubWallet,
  access: { obj: "wallets" },
  columns: [
    { field: "name", title: "Name" },
    { field: "currency", title: "Wallet", render: "wallet" },
    { field: "classification", title: "Type" },
    { field: "available_balance", title: "Balance", render: "money", currencyField: "currency" },
    { field: "state", title: "Status", render: "status" },
    { field: "created_at", title: "Created", render: "date" },
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
  createSuccess: "Sub-wallet created successfully",
  empty: { title: "No Sub-Wallets", body: "You have not created any Sub-Wallet" },
  emptyFiltered: { title: "No Sub-Wallets", body: "No sub-wallets match your filters or search query" },
  errorMessage: "Error fetching sub-wallets",
  recordTitle: (w) => w.name,
  menu: { label: "Sub-wallets", icon: "crypto", parent: "crypto", order: 12 },
  listComponent: "sub-wallets",
  createComponent: "create-sub-wallet",
  showComponent: "sub-wallet-details",
});
