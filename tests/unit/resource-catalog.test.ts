/**
 * The console's first page knows each resource by its catalog entry (resources/catalog.ts) and
 * fetches the declaration when a screen needs it (resources/load.ts). The server reads the same
 * declarations through resources/index.ts: the three must name the same resources, and a screen
 * must get the very declaration the server registers.
 */
import { describe, expect, test } from "vitest";
import { CATALOG } from "../../resources/catalog.ts";
import { RESOURCES } from "../../resources/index.ts";
import { loadResource } from "../../resources/load.ts";

describe("resource catalog", () => {
  test("names exactly the declared resources", () => {
    expect(CATALOG.map((e) => e.name).sort()).toEqual(RESOURCES.map((r) => r.name).sort());
  });

  test.each(RESOURCES.map((r) => [r.name, r] as const))("%s loads as the declaration the server registers", async (name, declared) => {
    expect(await loadResource(name)).toBe(declared);
  });

  test.each(CATALOG.map((e) => [e.name, e] as const))("%s keeps its catalog's routes, menu and label", (name, entry) => {
    const declared = RESOURCES.find((r) => r.name === name)!;
    expect({ label: declared.label, routes: declared.routes, menu: declared.menu, standalone: declared.standalone }).toEqual({
      label: entry.label,
      routes: entry.routes,
      menu: entry.menu,
      standalone: entry.standalone,
    });
  });

  test("an unknown name is refused, not answered with another resource", async () => {
    await expect(loadResource("accounts-of-someone-else")).rejects.toThrow('Unknown resource "accounts-of-someone-else"');
  });
});
