/**
 * Blockchains the product sends to and receives from. The sandbox chain issues real-format addresses
 * (EIP-55 is not applied; Tron addresses carry a valid base58check checksum) and transaction hashes.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Blockchain } from "../../../lib/assets.ts";

export interface ChainProvider {
  newAddress(chain: Blockchain, seed: string): string;
  newTxHash(chain: Blockchain): string;
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
