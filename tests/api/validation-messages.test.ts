/**
 * Issue 26, item 3, the API's side: no zod default message ("Invalid input: …") reaches an API
 * client. Every registered route's body, query and path schemas are walked with empty, wrong-typed
 * and hostile input (tests/helpers/validation-walk.ts) under the zod configuration the server
 * installs (this file imports nothing that installs it but the app), and a few requests show the
 * words arriving in the API's {message, errors}.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { z } from "zod";
import { type Client, signedUpClient, startServer } from "../helpers/api.ts";
import type { RegisteredRoute } from "../../src/server/plugins/authorize.ts";
import { isZodSchema, walk } from "../helpers/validation-walk.ts";

const SEED = 20_260_126;

// The route list is needed to declare one test per route, so the server starts while the file is collected.
const server = await startServer();
afterAll(() => server.close());

const PARTS = ["body", "querystring", "params"] as const;
const schemas: [string, z.ZodType][] = (server.app.apiRoutes as RegisteredRoute[]).flatMap((r) =>
  PARTS.flatMap((part) => {
    const schema = (r.schema as Record<string, unknown> | undefined)?.[part];
    return isZodSchema(schema) ? [[`${r.method} ${r.url} ${part}`, schema] as [string, z.ZodType]] : [];
  }),
);

describe("no zod default message from a route's schemas", () => {
  test("the walk finds the routes' schemas", () => {
    expect(schemas.length).toBeGreaterThan(100);
  });

  test.each(schemas)("%s", (_name, schema) => {
    expect(walk(schema, SEED)).toEqual([]);
  });
});

describe("the API answers with the words", () => {
  let owner: Client;
  beforeAll(async () => {
    owner = (await signedUpClient(server.app)).client;
  });

  test("New beneficiary, USD, ACH, nothing typed: each bank field is named in errors", async () => {
    const res = await owner.post("/v1/beneficiaries", {
      type: "FIAT",
      kind: "BUSINESS",
      friendly_name: "",
      currency: "USD",
      details: { type: "ACH", details: {} },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: "Name is required",
      errors: [
        { path: "name", message: "Name is required" },
        { path: "details.details.account_name", message: "Account name is required" },
        { path: "details.details.account_number", message: "Account number is required" },
        { path: "details.details.routing_number", message: "Routing number is required" },
        { path: "details.details.bank_name", message: "Bank name is required" },
      ],
    });
  });

  test("a field the schema gave no message of its own: '<Field> must be …', not zod's default", async () => {
    const res = await owner.post("/v1/beneficiaries", {
      type: "FIAT",
      name: "Acme",
      kind: "BUSINESS",
      friendly_name: 7,
      currency: "USD",
      details: { type: "ACH", details: { account_name: "Acme Inc", account_number: "123456789", routing_number: "021000021", bank_name: "Chase" } },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Friendly name must be text", errors: [{ path: "friendly_name", message: "Friendly name must be text" }] });
  });

  test("a body that is no JSON object says so", async () => {
    const res = await owner.request("POST", "/v1/beneficiaries", "null", { "content-type": "application/json" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The request body must be a JSON object");
  });
});
