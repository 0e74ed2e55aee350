import { describe, expect, it } from "vitest";
import { sharedLookup } from "../../src/server/lib/shared-lookup.ts";

/** A lookup the test settles by hand, counting how often the database would have been asked. */
function manualLookup() {
  const pending: { key: string; settle: (v: string) => void }[] = [];
  const lookup = sharedLookup(
    (key) =>
      new Promise<string>((resolve) => {
        pending.push({ key, settle: resolve });
      }),
  );
  return { lookup, pending };
}

describe("sharedLookup", () => {
  it("requests asking for the same key while its lookup is in flight share it; other keys ask on their own", async () => {
    const { lookup, pending } = manualLookup();
    const a = lookup.get("s1");
    const b = lookup.get("s1");
    const c = lookup.get("s2");
    expect(pending.map((p) => p.key)).toEqual(["s1", "s2"]);
    pending[0].settle("row 1");
    pending[1].settle("row 2");
    expect(await Promise.all([a, b, c])).toEqual(["row 1", "row 1", "row 2"]);
  });

  it("keeps nothing once a lookup has answered: the next request asks the database again", async () => {
    const { lookup, pending } = manualLookup();
    const first = lookup.get("s1");
    pending[0].settle("before");
    await first;
    const second = lookup.get("s1");
    expect(pending).toHaveLength(2);
    pending[1].settle("after");
    expect(await second).toBe("after");
  });

  it("after invalidate() (a write answered), a lookup begun before it is not shared: a sign-out is seen at once", async () => {
    const { lookup, pending } = manualLookup();
    const before = lookup.get("s1");
    lookup.invalidate();
    const after = lookup.get("s1");
    expect(pending).toHaveLength(2);
    pending[0].settle("still signed in");
    pending[1].settle("signed out");
    expect(await before).toBe("still signed in");
    expect(await after).toBe("signed out");
  });

  it("a failed lookup fails the requests that shared it, and is not kept", async () => {
    const lookup = sharedLookup(async (key) => {
      throw new Error(`no database for ${key}`);
    });
    await expect(Promise.all([lookup.get("s1"), lookup.get("s1")])).rejects.toThrow("no database for s1");
    await expect(lookup.get("s1")).rejects.toThrow("no database for s1");
  });
});
