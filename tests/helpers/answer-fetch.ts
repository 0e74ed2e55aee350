/** For unit tests of the browser's client: the global fetch, answering every request with this status and JSON body (and recording the calls). */
import { vi } from "vitest";

export function answerFetch(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}
