/**
 * Wallet address checks (issue 28): one function per chain, used by the zod schemas in resources/
 * (so the form names the problem before submit) and by the server for every address that enters
 * (beneficiary create and edit, raw sends, sub-wallet withdrawals, bulk rows).
 * - Ethereum family: 0x + 40 hex; all-lowercase or all-uppercase hex is accepted as unchecksummed,
 *   mixed case must match EIP-55 (keccak-256 of the lower-case hex, @noble/hashes).
 * - Tron: base58check (bs58check: double SHA-256) of 0x41 + 20 bytes.
 */
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import bs58check from "bs58check";
import type { Blockchain } from "./assets.ts";

export const ADDRESS_MESSAGES = {
  ETHEREUM: "Enter a valid Ethereum address (0x followed by 40 hex characters)",
  ETHEREUM_CHECKSUM: "This Ethereum address's mixed upper and lower case does not match its EIP-55 checksum: copy the address again",
  TRON: "Enter a valid Tron address (34 characters starting with T)",
  TRON_CHECKSUM: "This Tron address's checksum does not match: copy the address again",
} as const;

const ETH_SHAPE = /^0x[0-9a-fA-F]{40}$/;
const TRON_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/** The EIP-55 form of an Ethereum address (any case in, 0x + checksummed hex out). */
export function toChecksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex)));
  let out = "0x";
  for (let i = 0; i < 40; i++) out += Number.parseInt(hash[i], 16) >= 8 ? hex[i].toUpperCase() : hex[i];
  return out;
}

/** Why an Ethereum-family address is refused, or null. */
export function ethereumAddressProblem(address: string): string | null {
  if (!ETH_SHAPE.test(address)) return ADDRESS_MESSAGES.ETHEREUM;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return null; // unchecksummed
  return toChecksumAddress(address) === `0x${hex}` ? null : ADDRESS_MESSAGES.ETHEREUM_CHECKSUM;
}

/** Why a Tron address is refused, or null: base58check of 0x41 + 20 bytes. */
export function tronAddressProblem(address: string): string | null {
  if (!TRON_SHAPE.test(address)) return ADDRESS_MESSAGES.TRON;
  const payload = bs58check.decodeUnsafe(address);
  if (!payload) return ADDRESS_MESSAGES.TRON_CHECKSUM;
  return payload.length === 21 && payload[0] === 0x41 ? null : ADDRESS_MESSAGES.TRON;
}

const CHECKS: Record<Blockchain, (address: string) => string | null> = { ETHEREUM: ethereumAddressProblem, TRON: tronAddressProblem };

/** Why this address cannot receive on this chain (format, then checksum), or null when it can. */
export function addressProblem(chain: Blockchain, address: string): string | null {
  return CHECKS[chain](address);
}

export const isValidAddress = (chain: Blockchain, address: string) => addressProblem(chain, address) === null;
