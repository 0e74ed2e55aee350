/**
 * Writes refresh what their endpoint declares it changes (resources/stale.ts, src/app/api/write.ts):
 * Refine's lists and records of those resources and the console's own reads keyed by their names,
 * and nothing else; a record the write removed is not read again.
 */
import { readdirSync } from "node:fs";
import { afterEach, describe, expect, test, vi } from "vitest";
import { keys } from "@refinedev/core";
import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { writeWith } from "../../src/app/api/write.ts";
import { RESOURCES } from "../../resources/index.ts";
import { MONEY_MOVED, OTHER_READS } from "../../resources/stale.ts";
import { paymentEndpoints } from "../../resources/payments.ts";
import { beneficiaryEndpoints } from "../../resources/beneficiaries.ts";
import { teamEndpoints } from "../../resources/users.ts";
import type { Endpoint } from "../../resources/define-endpoint.ts";
import type { ResourceDef } from "../../resources/define-resource.ts";
import { answerFetch } from "../helpers/answer-fetch.ts";

/** Every endpoint declared in resources/ (each file's `xxxEndpoints` objects). */
const resourcesDir = new URL("../../resources/", import.meta.url);
const ENDPOINTS: Endpoint[] = [];
/** Every resource declared there, hosted by a bespoke page or not. */
const RESOURCE_NAMES = new Set<string>();
for (const file of readdirSync(resourcesDir).filter((f) => f.endsWith(".ts"))) {
  const mod: Record<string, unknown> = await import(new URL(file, resourcesDir).href);
  for (const [name, value] of Object.entries(mod)) {
    if (name.endsWith("Endpoints")) ENDPOINTS.push(...Object.values(value as Record<string, Endpoint>));
    else if (value && typeof value === "object" && "routes" in value && "api" in value) RESOURCE_NAMES.add((value as ResourceDef).name);
  }
}

afterEach(() => vi.unstubAllGlobals());

const refine = (resource: string, action: "list" | "one", id?: string) =>
  (action === "one"
    ? keys().data("default").resource(resource).action("one").id(id).get()
    : keys().data("default").resource(resource).action("list").params({}).get()) as QueryKey;

/** A client holding fresh reads under these keys. */
function clientWith(keysHeld: QueryKey[]) {
  const client = new QueryClient();
  for (const key of keysHeld) client.setQueryData(key, { held: true });
  const stale = () => keysHeld.filter((key) => client.getQueryState(key)?.isInvalidated).map((k) => JSON.stringify(k));
  return { client, stale };
}

describe("what a write declares it changes", () => {
  test("every name a write declares is a resource or a named read of the console", () => {
    const known = new Set<string>([...RESOURCE_NAMES, ...OTHER_READS]);
    expect([...RESOURCE_NAMES]).toEqual(expect.arrayContaining(RESOURCES.map((r) => r.name)));
    const declared = ENDPOINTS.flatMap((ep) => ep.changes ?? []);
    expect(declared.length).toBeGreaterThan(30);
    expect(declared.filter((name) => !known.has(name))).toEqual([]);
  });

  test("sending money refreshes every read of balances and histories, Refine's and the console's own, and nothing else", async () => {
    const fetch = answerFetch(201, { message: "Payment created", data: { id: "p1" } });
    const held = [
      refine("accounts", "list"),
      refine("transactions", "one", "t1"),
      ["accounts", "dashboard"],
      ["crypto-transactions", "dashboard"],
      refine("customers", "list"),
      ["customers", "x"],
    ];
    const { client, stale } = clientWith(held);
    await writeWith(client)(paymentEndpoints.send, { body: {} as never, headers: { "idempotency-key": "k" } });
    expect(fetch.mock.calls[0]![0]).toBe("/api/payments");
    expect(MONEY_MOVED).toContain("accounts");
    expect(stale()).toEqual(held.slice(0, 4).map((k) => JSON.stringify(k)));
  });

  test("a write that declares nothing refreshes nothing; a failed write refreshes nothing", async () => {
    answerFetch(200, { message: "ok", data: null });
    const held = [refine("accounts", "list"), ["users"]];
    const { client, stale } = clientWith(held);
    await writeWith(client)(beneficiaryEndpoints.create, { body: {} as never });
    expect(beneficiaryEndpoints.create.changes).toBeUndefined();
    expect(stale()).toEqual([]);
    answerFetch(409, { message: "No", errors: [] });
    await expect(writeWith(client)(teamEndpoints.invite, { body: {} as never })).rejects.toThrow("No");
    expect(stale()).toEqual([]);
  });

  test("the record a write removed is not read again; the rest of its resource is", async () => {
    answerFetch(200, { message: "Member deleted", data: null });
    const held = [refine("users", "list"), refine("users", "one", "u1"), refine("users", "one", "u2")];
    const { client, stale } = clientWith(held);
    await writeWith(client)(teamEndpoints.remove, { params: { id: "u1" } }, { gone: { name: "users", id: "u1" } });
    expect(stale()).toEqual([JSON.stringify(held[0]), JSON.stringify(held[2])]);
  });
});
