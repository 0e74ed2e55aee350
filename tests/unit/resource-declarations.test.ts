/**
 * What every resource declaration must hold together (resources/define-resource.ts), checked for all of
 * RESOURCES: its list, record and action endpoints are declared endpoints (a resource cannot call a path
 * of its own) and its actions name a record; its columns, detail fields and confirmation texts name
 * fields its row has; its state labels name every state; each bespoke screen it names by key is
 * registered (src/app/pages/screens.ts); a row that opens a details modal has no details page too.
 */
import { readdirSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { RESOURCES } from "../../resources/index.ts";
import { fillIn, type ResourceDef } from "../../resources/define-resource.ts";
import type { Endpoint } from "../../resources/define-endpoint.ts";
import { SCREENS } from "../../src/app/pages/screens.ts";

const RESOURCES_DIR = new URL("../../resources/", import.meta.url);
const isEndpoint = (v: unknown): v is Endpoint => !!v && typeof v === "object" && "method" in v && "path" in v && "summary" in v && "answer" in v;

/** Every endpoint a resources/ module exports, in its endpoint maps (`fooEndpoints = { list: endpoint(…) }`). */
async function declaredEndpoints(): Promise<Set<Endpoint>> {
  const found = new Set<Endpoint>();
  for (const file of readdirSync(RESOURCES_DIR).filter((f) => f.endsWith(".ts"))) {
    const mod = (await import(new URL(file, RESOURCES_DIR).href)) as Record<string, unknown>;
    for (const value of Object.values(mod)) {
      if (!value || typeof value !== "object") continue;
      for (const e of Object.values(value)) if (isEndpoint(e)) found.add(e);
    }
  }
  return found;
}
const ENDPOINTS = await declaredEndpoints();

/** The schema at a dotted path of a row ("customer.name", "deposit_addresses.0.data"); undefined where the row has no such field. */
function schemaAt(schema: z.ZodType, path: string): z.ZodType | undefined {
  let at: z.ZodType | undefined = schema;
  for (const part of path.split(".")) {
    while (at instanceof z.ZodOptional || at instanceof z.ZodNullable) at = at.unwrap() as z.ZodType;
    if (at instanceof z.ZodArray && /^\d+$/.test(part)) at = at.element as z.ZodType;
    else if (at instanceof z.ZodObject) at = (at.shape as Record<string, z.ZodType>)[part];
    // Beyond what can be walked (a union, a record, JSON): taken on trust.
    else return at;
    if (!at) return undefined;
  }
  return at;
}
const enumOf = (schema: z.ZodType | undefined): string[] | undefined => {
  let at = schema;
  while (at instanceof z.ZodOptional || at instanceof z.ZodNullable) at = at.unwrap() as z.ZodType;
  return at instanceof z.ZodEnum ? (at.options as string[]) : undefined;
};

/** Columns and detail fields that show a value of the row (the row's menu and buttons show none, "blank" a figure the SPEC leaves empty). */
const SHOWS_NO_VALUE = ["actions", "buttons", "blank"];
const valueFields = (def: ResourceDef) => [...def.columns, ...(def.detail ?? [])].filter((c) => !SHOWS_NO_VALUE.includes(c.render ?? ""));
const placeholders = (text: string | undefined) => [...(text ?? "").matchAll(/\{([\w.]+)\}/g)].map((m) => m[1]);

describe.each(RESOURCES.map((def) => [def.name, def] as const))("%s", (_, def) => {
  test("its list, record, create and update calls are declared endpoints, of the right kind", () => {
    const { list, one, create, update } = def.api;
    for (const e of [list, one, create, update].filter(Boolean)) expect(ENDPOINTS.has(e!), `${e!.method} ${e!.path}`).toBe(true);
    expect("page" in list.answer, "a list answers a page").toBe(true);
    if (one) expect(one.path, "a record is read by its id").toContain(":id");
    if (update) expect(update.path).toContain(":id");
  });

  test("its actions call declared endpoints about the record, or open a route of it", () => {
    for (const a of def.actions ?? []) {
      if ("endpoint" in a) {
        expect(ENDPOINTS.has(a.endpoint), `${a.key}: ${a.endpoint.path}`).toBe(true);
        expect(a.endpoint.path, a.key).toContain(":id");
      } else expect(a.to, a.key).toContain(":id");
    }
  });

  test("its columns, detail fields and confirmation texts name fields of its row", () => {
    const fields = valueFields(def).map((c) => c.field);
    const named = (def.actions ?? []).flatMap((a) => [...placeholders(a.confirm), ...placeholders(a.confirmBody)]);
    for (const path of [...fields, ...named]) expect(schemaAt(def.schema, path), path).toBeDefined();
  });

  test("labels given for a state name every state it can be in", () => {
    for (const c of [...def.columns, ...(def.detail ?? [])].filter((c) => c.labels)) {
      const states = enumOf(schemaAt(def.schema, c.field));
      if (states) expect(Object.keys(c.labels!).sort(), c.field).toEqual(expect.arrayContaining(states));
    }
  });

  test("a row's buttons or menu have something to offer", () => {
    const rowControls = def.columns.some((c) => c.render === "buttons" || c.render === "actions");
    if (rowControls) expect((def.actions ?? []).length > 0 || !!def.editComponent || !!def.api.update || !!def.routes.show).toBe(true);
  });

  test("the bespoke screens it names are registered", () => {
    if (def.createComponent) expect(Object.keys(def.createOpens === "page" ? SCREENS.createPages : SCREENS.create)).toContain(def.createComponent);
    if (def.editComponent) expect(Object.keys(SCREENS.edit)).toContain(def.editComponent);
    if (def.showComponent) expect(Object.keys(SCREENS.show)).toContain(def.showComponent);
    if (def.detailsModal) expect(Object.keys(SCREENS.details)).toContain(def.detailsModal);
    if (def.listComponent) expect(Object.keys(SCREENS.list)).toContain(def.listComponent);
    if (def.aside) expect(Object.keys(SCREENS.aside)).toContain(def.aside);
  });

  test("a row opens one thing: its details page or its details modal", () => {
    if (def.detailsModal) expect(def.routes.show).toBeUndefined();
  });

  test("tabs hosted by a page leave the list a tab of its own", () => {
    const tabs = def.tabs ?? [];
    if (tabs.some((t) => t.hosted)) expect(tabs.some((t) => !t.hosted)).toBe(true);
  });
});

test("the Developers tabs are resources of the Developers page, without routes of their own", () => {
  for (const name of ["api-keys", "webhooks"]) {
    const def = RESOURCES.find((r) => r.name === name);
    expect(def?.standalone).toBe(false);
    expect(def?.routes).toEqual({ list: "/developers" });
  }
});

test("a confirmation names the record it is about", () => {
  expect(fillIn("Disable the API key '{name}'?", { name: "Accounting sync" })).toBe("Disable the API key 'Accounting sync'?");
  expect(fillIn("Events will no longer be sent to {url} until it is enabled again.", { url: "https://erp.example/hooks" })).toBe(
    "Events will no longer be sent to https://erp.example/hooks until it is enabled again.",
  );
  expect(fillIn("Freeze {customer.name}?", { customer: { name: "Ada" } })).toBe("Freeze Ada?");
  expect(fillIn("No placeholder", {})).toBe("No placeholder");
});
