/**
 * Currencies and chains the product knows, with their minor-unit precision (SPEC §9: minor-unit
 * precision per currency). Money is always an integer count of minor units.
 */
export const FIAT_CURRENCIES = ["USD", "NGN", "EUR", "GBP", "KES"] as const;
export const STABLECOINS = ["USDT", "USDC"] as const;
export const BLOCKCHAINS = ["ETHEREUM", "TRON"] as const;
export type FiatCurrency = (typeof FIAT_CURRENCIES)[number];
export type Stablecoin = (typeof STABLECOINS)[number];
export type Currency = FiatCurrency | Stablecoin;
export type Blockchain = (typeof BLOCKCHAINS)[number];

export const PRECISION: Record<Currency, number> = { USD: 2, NGN: 2, EUR: 2, GBP: 2, KES: 2, USDT: 6, USDC: 6 };

export const BLOCKCHAIN_LABELS: Record<Blockchain, string> = { ETHEREUM: "Ethereum (ERC-20)", TRON: "Tron (TRC-20)" };
/** A chain's name as shown ("Tron (TRC-20)"); a chain we do not know by its code. */
export const networkOf = (chain: string) => BLOCKCHAIN_LABELS[chain as Blockchain] ?? chain;

/** Address checks per chain (format, EIP-55, base58check): src/lib/address-checks.ts. */

/** Display colours by currency (SPEC §9). */
export const CURRENCY_COLORS: Record<string, string> = {
  USDC: "#2775ca",
  USDT: "#1a7f5f", // Tether green, darkened to carry white text at 4.5:1
  USD: "#1f6feb",
  NGN: "#008751",
  KES: "#bb0000",
  GBP: "#5b2c83",
  EUR: "#003399",
};
