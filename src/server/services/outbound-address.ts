/**
 * Where the server may send a request on a customer's behalf (webhook deliveries). A webhook URL is
 * the customer's to choose, so without this check it could reach what only the server can: its own
 * loopback, the private network, a cloud metadata endpoint (SSRF). Every address the host resolves
 * to must be public, on save and again for each delivery (a name may be re-pointed later), and a name
 * that does not resolve cannot be checked, so it is refused too.
 *
 * A check is only as good as the connection that follows it: a name looked up again to connect may
 * answer differently (DNS rebinding). So a delivery resolves once (resolveTarget), and connects only
 * to the addresses it checked (jobs/webhook-post.ts).
 *
 * A sandbox on loopback allows private targets (WEBHOOK_ALLOW_PRIVATE_TARGETS), so a developer can
 * point a webhook at a receiver on their own machine; there the checks are off.
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { badRequest } from "../../lib/errors.ts";

/** The addresses a host name stands for; none (or a throw) when it does not resolve. Injectable for tests. */
export type HostLookup = (hostname: string) => Promise<string[]>;
export const systemLookup: HostLookup = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export const PRIVATE_TARGET_MESSAGE = "Webhook URL must point to a public address";
export const UNRESOLVED_TARGET_MESSAGE = "Webhook URL's host name does not resolve";

const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, "ipv6");

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

/** A URL's host without the brackets of an IPv6 literal. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");

/** The addresses a URL's host stands for: a literal address itself, a name what the resolver answers. */
async function addressesOf(url: URL, resolve: HostLookup): Promise<string[]> {
  const host = hostOf(url);
  if (isIP(host)) return [host];
  try {
    return (await resolve(host)).filter((a) => isIP(a) !== 0);
  } catch {
    return [];
  }
}

export type Target = { ok: true; addresses: string[] } | { ok: false; message: string; reason: string };

/**
 * Resolves the URL's host once and checks each address. `addresses` are the only ones a caller may
 * connect to. With private targets allowed nothing is refused but a name that does not resolve.
 */
export async function resolveTarget(rawUrl: string, { lookup: resolve, allowPrivate }: { lookup: HostLookup; allowPrivate: boolean }): Promise<Target> {
  const url = new URL(rawUrl);
  const addresses = await addressesOf(url, resolve);
  if (!addresses.length) return { ok: false, message: UNRESOLVED_TARGET_MESSAGE, reason: `${UNRESOLVED_TARGET_MESSAGE} (${hostOf(url)})` };
  const blocked = allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a));
  if (blocked) return { ok: false, message: PRIVATE_TARGET_MESSAGE, reason: `${PRIVATE_TARGET_MESSAGE} (${hostOf(url)} is ${blocked})` };
  return { ok: true, addresses };
}

/** On save: a 400 naming the field when the URL may not be called. */
export async function assertPublicTarget(url: string, resolve: HostLookup, path = "url") {
  const target = await resolveTarget(url, { lookup: resolve, allowPrivate: false });
  if (!target.ok) throw badRequest(target.message, [{ path, message: target.message }]);
}
