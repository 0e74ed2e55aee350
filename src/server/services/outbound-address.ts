/**
 * Where the server may send a request on a customer's behalf (webhook deliveries). A webhook URL is
 * the customer's to choose, so without this check it could reach what only the server can: its own
 * loopback, the private network, a cloud metadata endpoint (SSRF). Every address the host resolves
 * to must be public, at creation and again before each delivery (a name may be re-pointed later).
 * The sandbox allows private targets by default, so a developer can point a webhook at a receiver on
 * their own machine (WEBHOOK_ALLOW_PRIVATE_TARGETS).
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { badRequest } from "../../lib/errors.ts";

export const PRIVATE_TARGET_MESSAGE = "Webhook URL must point to a public address";

const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24], ["203.0.113.0", 24],
  ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) NOT_PUBLIC.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 128], ["::1", 128], ["64:ff9b::", 96], ["100::", 64], ["2001:db8::", 32], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8],
] as const) NOT_PUBLIC.addSubnet(net, bits, "ipv6");

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d, or ::ffff:7f00:1 as URLs write it) as its IPv4 address. */
function unmapped(address: string) {
  const m = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!m) return address;
  if (m[1]) return m[1];
  const n = (parseInt(m[2], 16) << 16) | parseInt(m[3], 16);
  return [24, 16, 8, 0].map((shift) => (n >>> shift) & 255).join(".");
}

export const isPublicAddress = (raw: string) => {
  const address = unmapped(raw);
  const family = isIP(address);
  return family !== 0 && !NOT_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
};

/** The addresses a URL's host stands for (a literal address, or what DNS answers). */
async function addressesOf(url: string): Promise<string[]> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return [host];
  try {
    return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return [];
  }
}

/** Why a URL may not be called (undefined: it may). A name that does not resolve is not refused here: delivery will report it. */
export async function privateTargetReason(url: string): Promise<string | undefined> {
  const addresses = await addressesOf(url);
  const blocked = addresses.find((a) => !isPublicAddress(a));
  return blocked ? `${PRIVATE_TARGET_MESSAGE} (${new URL(url).hostname} is ${blocked})` : undefined;
}

export async function assertPublicTarget(url: string, path = "url") {
  if (await privateTargetReason(url)) throw badRequest(PRIVATE_TARGET_MESSAGE, [{ path, message: PRIVATE_TARGET_MESSAGE }]);
}
