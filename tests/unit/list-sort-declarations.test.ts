/**
 * Sortable columns (issue 30): a column's `sort` key is one its list endpoint accepts, both ways
 * (`sort=key`, `sort=-key`), so a sortable header never asks the server for an order it refuses; and
 * an unknown key is refused with the list of the keys there are.
 */
import { describe, expect, test } from "vitest";
import type { z } from "zod";
import { RESOURCES } from "../../resources/index.ts";

const sortable = RESOURCES.filter((def) => def.columns.some((c) => c.sort));

test("the lists people sort most have sortable columns", () => {
  const names = sortable.map((d) => d.name);
  for (const name of ["transactions", "crypto-transactions", "beneficiaries", "customers", "invoices", "products", "sub-accounts", "sub-wallets"])
    expect(names).toContain(name);
});

describe.each(sortable.map((def) => [def.name, def] as const))("%s", (_, def) => {
  const query = def.api.list.query as z.ZodType | undefined;

  test("each sortable column's key is accepted by its list endpoint, ascending and descending", () => {
    expect(query, "a sortable list takes a query").toBeDefined();
    for (const c of def.columns.filter((c) => c.sort)) {
      for (const sort of [c.sort!, `-${c.sort}`]) {
        const parsed = query!.safeParse({ ...def.fixedParams, sort });
        expect(parsed.success, `${c.field}: sort=${sort}`).toBe(true);
        expect((parsed.data as { sort: unknown }).sort).toEqual({ key: c.sort, descending: sort.startsWith("-") });
      }
    }
  });

  test("an unknown sort key is refused, naming the keys there are", () => {
    const parsed = query!.safeParse({ sort: "no_such_key" });
    expect(parsed.success).toBe(false);
    const message = parsed.error!.issues.find((i) => i.path[0] === "sort")?.message ?? "";
    expect(message).toMatch(/^sort must be one of: /);
    for (const c of def.columns.filter((c) => c.sort)) expect(message).toContain(c.sort!);
  });

  test("without a sort the list keeps its own order (no sort is read)", () => {
    const parsed = query!.safeParse({ ...def.fixedParams });
    expect(parsed.success).toBe(true);
    expect((parsed.data as { sort?: unknown }).sort).toBeUndefined();
  });
});
