/**
 * Blockchains the product sends to and receives from. The sandbox chain issues real-format addresses
 * (EIP-55 is not applied; Tron addresses carry a valid base58check checksum) and transaction hashes.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Blockchain } from "../../../lib/assets.ts";

export interface ChainProvider {
  newAddress(chain: Blockchain, seed: string): string;
  newTxHash(chain: Blockchain): string;
  /** Whether the address can receive on this chain (format and, where the chain has one, checksum). */
  isValidAddress(chain: Blockchain, address: string): boolean;
  /** How long the chain takes to confirm a broadcast transfer, in ms. */
  readonly confirmAfterMs: number;
}

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const sha = (b: Buffer) => createHash("sha256").update(b).digest();

export function base58(buf: Buffer): string {
  let n = BigInt(`0x${buf.toString("hex") || "0"}`);
  let out = "";
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const byte of buf) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

export function base58Decode(s: string): Buffer | null {
  let n = 0n;
  for (const ch of s) {
    const i = ALPHABET.indexOf(ch);
    if (i < 0) return null;
    n = n * 58n + BigInt(i);
  }
  const hex = n === 0n ? "" : n.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, "hex");
  const zeros = s.length - s.replace(/^1+/, "").length;
  return Buffer.concat([Buffer.alloc(zeros), body]);
}

/** Tron: base58check of 0x41 + 20 bytes, the last 4 bytes a double-SHA-256 checksum. */
function tronAddressValid(address: string): boolean {
  const raw = base58Decode(address);
  if (raw?.length !== 25 || raw[0] !== 0x41) return false;
  return sha(sha(raw.subarray(0, 21)))
    .subarray(0, 4)
    .equals(raw.subarray(21));
}

export const sandboxChain: ChainProvider = {
  confirmAfterMs: 1500,
  isValidAddress(chain, address) {
    if (chain === "ETHEREUM") return /^0x[0-9a-fA-F]{40}$/.test(address);
    return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address) && tronAddressValid(address);
  },
  newAddress(chain, seed) {
    const body = sha(Buffer.from(`address:${chain}:${seed}`)).subarray(0, 20);
    if (chain === "ETHEREUM") return `0x${body.toString("hex")}`;
    const payload = Buffer.concat([Buffer.from([0x41]), body]);
    return base58(Buffer.concat([payload, sha(sha(payload)).subarray(0, 4)]));
  },
  newTxHash(chain) {
    const hex = randomBytes(32).toString("hex");
    return chain === "ETHEREUM" ? `0x${hex}` : hex;
  },
};
