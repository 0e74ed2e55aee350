/**
 * Blockchains the product sends to and receives from. The sandbox chain issues real-format addresses
 * (Ethereum's in lower case, which EIP-55 accepts as unchecksummed; Tron's with a valid base58check
 * checksum) and transaction hashes; addresses are checked by src/lib/address-checks.ts.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Blockchain } from "../../../lib/assets.ts";
import { isValidAddress } from "../../../lib/address-checks.ts";

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

export const sandboxChain: ChainProvider = {
  confirmAfterMs: 1500,
  isValidAddress,
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
