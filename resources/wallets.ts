/** Stablecoin wallets (SPEC §2 Crypto wallets page, §3 Wallet). Creating one is the Create asset modal. */
import { z } from "zod";
import { defineResource } from "./define-resource.ts";

export const Wallet = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  blockchain: z.string(),
  address: z.string(),
  available_balance: z.string(),
  balance_in_usd: z.string(),
  state: z.string(),
  deposit_address: z.object({ address: z.string(), qr_code_link: z.string() }),
  features: z.object({
    exchanges: z.object({ supported: z.boolean(), supported_currencies: z.array(z.object({ currency: z.string(), blockchain: z.string().nullable() })) }),
  }),
  created_at: z.string(),
});
export type Wallet = z.infer<typeof Wallet>;

export const wallets = defineResource<Wallet>({
  name: "wallets",
  label: "Wallets",
  title: "Wallets",
  subtitle: "Manage your wallets",
  routes: { list: "/crypto/wallets", show: "/crypto/wallets/:id" },
  api: { list: "wallets", one: "wallets/:id" },
  schema: Wallet,
  access: { obj: "wallets" },
  columns: [
    { field: "currency", title: "Wallet", render: "wallet" },
    { field: "blockchain", title: "Address", render: "blockchain" },
    { field: "available_balance", title: "Balance", render: "money", currencyField: "currency" },
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
  menu: { label: "Wallets", icon: "crypto", parent: "crypto", order: 10 },
});
