/**
 * One webhook POST, made only to addresses that were already checked (services/outbound-address.ts).
 * The connection's own name lookup is replaced by one that answers those addresses and nothing else,
 * so a name that answers differently by the time of the connection (DNS rebinding) changes nothing;
 * the request still names the host, so the Host header and TLS (SNI and the certificate check) are
 * as for any request to that URL. Redirects are not followed (node:http never does).
 */
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { RESPONSE_EXCERPT_LENGTH } from "../../../resources/developers.ts";

export type SentRequest = { headers: Record<string, string>; body: string };
export type Answer = { status: number; excerpt: string };

/** A lookup that answers only `addresses` (of the family asked for, when one is). */
export function pinnedLookup(addresses: string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }));
  return (hostname, options, callback) => {
    const asked = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : options.family;
    const usable = asked === 4 || asked === 6 ? entries.filter((e) => e.family === asked) : entries;
    if (!usable.length) {
      callback(Object.assign(new Error(`No checked address for ${hostname}`), { code: "ENOTFOUND" }), "", 0);
    } else if (options.all) {
      callback(null, usable);
    } else {
      callback(null, usable[0].address, usable[0].family);
    }
  };
}

/**
 * The start of the receiver's answer, read only that far: a receiver could answer with anything, of
 * any size. NUL cannot be stored in a text column and a split surrogate pair is not text, so neither
 * is kept. A body that breaks off (timeout, reset) leaves what arrived.
 */
async function excerptOf(res: IncomingMessage): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  try {
    for await (const chunk of res) {
      text += decoder.decode(chunk as Buffer, { stream: true });
      if (text.length >= RESPONSE_EXCERPT_LENGTH) break;
    }
  } catch {
    // What arrived before the break is still worth showing.
  } finally {
    res.destroy();
  }
  text = text.replace(/\u0000/g, "").slice(0, RESPONSE_EXCERPT_LENGTH);
  return /[\ud800-\udbff]$/.test(text) ? text.slice(0, -1) : text;
}

/** POSTs `request` to `url`, connecting only to `addresses`; rejects when no answer comes (or `signal` aborts first). */
export function postPinned(url: URL, addresses: string[], request: SentRequest, signal: AbortSignal): Promise<Answer> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = client.request(
      url,
      // agent: false, so no pooled socket, connected for another request, is ever used for this one.
      { method: "POST", headers: request.headers, lookup: pinnedLookup(addresses), agent: false, signal },
      (res) => {
        answered = true;
        void excerptOf(res).then((excerpt) => resolve({ status: res.statusCode ?? 0, excerpt }));
      },
    );
    // Once the receiver has answered, a break in its body (the timeout, a reset) is the excerpt's to end.
    req.on("error", (e) => answered || reject(e));
    req.end(request.body);
  });
}
