/**
 * Bank rails: the details a fiat account can be paid at, per currency. The sandbox issues numbers in
 * each country's real format (valid IBAN check digits, 6-digit sort codes, 10-digit NUBAN-like
 * numbers) at a fictional partner bank.
 */
import { createHash } from "node:crypto";

export type DepositAddress = { type: string; data: Record<string, string> };

export interface RailsProvider {
  depositAddresses(currency: string, accountName: string, seed: string): DepositAddress[];
}

const digits = (seed: string, n: number) => {
  const h = createHash("sha256").update(seed).digest();
  let out = "";
  for (let i = 0; out.length < n; i++) out += String(h[i % h.length] % 10);
  return out.slice(0, n);
};

/** ISO 13616 check digits for a country and BBAN. */
export function ibanFor(country: string, bban: string): string {
  const rearranged = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rem = 0;
  for (const d of rearranged) rem = (rem * 10 + Number(d)) % 97;
  return `${country}${String(98 - rem).padStart(2, "0")}${bban}`;
}

export const sandboxRails: RailsProvider = {
  depositAddresses(currency, accountName, seed) {
    const account_name = accountName;
    switch (currency) {
      case "USD": {
        const data = { account_number: digits(`${seed}:usd`, 12), routing_number: "026073150", account_name, bank_name: "Sandbox Bank N.A." };
        return [
          { type: "FED_WIRE", data },
          { type: "ACH", data },
        ];
      }
      case "GBP":
        return [
          { type: "FASTER_PAYMENTS", data: { sort_code: "040075", account_number: digits(`${seed}:gbp`, 8), account_name, bank_name: "Sandbox Bank UK" } },
        ];
      case "EUR":
        return [
          {
            type: "SEPA",
            data: { iban: ibanFor("DE", `50010517${digits(`${seed}:eur`, 10)}`), bic: "SBXBDEFFXXX", account_name, bank_name: "Sandbox Bank Europe" },
          },
        ];
      case "NGN":
        return [
          {
            type: "NIP",
            data: { account_number: digits(`${seed}:ngn`, 10), bank_name: "Sandbox Microfinance Bank", bank_code: "090999", nip_code: "999999", account_name },
          },
        ];
      case "KES":
        return [{ type: "KES_BANK", data: { account_number: digits(`${seed}:kes`, 12), bank_name: "Sandbox Bank Kenya", account_name } }];
      default:
        return [];
    }
  },
};

/** The identifier a deposit is matched by: IBAN or account number. */
export const identifierOf = (a: DepositAddress) => (a.data.iban ?? a.data.account_number ?? "").toUpperCase();
